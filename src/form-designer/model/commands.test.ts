import { describe, expect, it } from 'vitest';
import { addField, copyField, deleteField, moveField, replaceDocument, selectField, setGridColumns, updateConfig, updateField, type EditorState } from './commands';
import { defaultConfig } from './field-types';
import { canRedo, canUndo, redo, run, startHistory, undo, type History } from './history';
import { allFields, findField } from './tree';
import { ROOT, type Container } from './types';

const empty = (): EditorState => ({ doc: { list: [], config: defaultConfig() }, selected: null });
const col = (gridKey: string, column: number): Container => ({ kind: 'column', gridKey, column });
const keysOf = (h: History, c: Container = ROOT) => {
  const place = c.kind === 'root' ? h.present.doc.list : findField(h.present.doc, c.gridKey)!.field.columns![c.column]!.list;
  return place.map((f) => f.key);
};

function designed(): History {
  let h = startHistory(empty());
  h = run(h, addField('input', ROOT, 0, 'Name', 'a'));
  h = run(h, addField('select', ROOT, 1, 'Kind', 'b'));
  h = run(h, addField('grid', ROOT, 2, 'Grid', 'g'));
  h = run(h, addField('number', col('g', 0), 0, 'Age', 'c'));
  h = run(h, addField('date', col('g', 1), 0, 'Born', 'd'));
  return h;
}

describe('designer commands', () => {
  it('adds fields with the spec defaults, selects the new one, and nests them in grid columns', () => {
    const h = designed();
    expect(keysOf(h)).toEqual(['a', 'b', 'g']);
    expect(keysOf(h, col('g', 0))).toEqual(['c']);
    expect(keysOf(h, col('g', 1))).toEqual(['d']);
    expect(h.present.selected).toBe('d');
    const grid = findField(h.present.doc, 'g')!.field;
    expect(grid.columns!.map((c) => c.span)).toEqual([12, 12]);
    expect(grid.options).toEqual({ gutter: 0, justify: 'start', align: 'top' });
    expect(findField(h.present.doc, 'a')!.field.model).toBe('input_a');
    expect(h.present.doc.config).toEqual({ labelWidth: 100, labelPosition: 'right', size: 'small' });
  });

  it('has the spec §9 field defaults', () => {
    let h = startHistory(empty());
    for (const [i, t] of (['rate', 'slider', 'date', 'time', 'blank'] as const).entries()) h = run(h, addField(t, ROOT, i, t, t));
    const o = (k: string) => findField(h.present.doc, k)!.field.options;
    expect(o('rate').max).toBe(5);
    expect([o('slider').min, o('slider').max, o('slider').step]).toEqual([0, 100, 1]);
    expect([o('date').format, o('date').type]).toEqual(['yyyy-MM-dd', 'date']);
    expect(o('time').format).toBe('HH:mm:ss');
    expect(o('blank').defaultType).toBe('String');
  });

  it('reorders within a list, moves into and out of grid columns, and refuses a grid into itself', () => {
    let h = designed();
    h = run(h, moveField('a', ROOT, 2));
    expect(keysOf(h)).toEqual(['b', 'a', 'g']);
    h = run(h, moveField('b', col('g', 0), 1));
    expect(keysOf(h)).toEqual(['a', 'g']);
    expect(keysOf(h, col('g', 0))).toEqual(['c', 'b']);
    h = run(h, moveField('c', ROOT, 0));
    expect(keysOf(h)).toEqual(['c', 'a', 'g']);
    const before = h;
    expect(run(h, moveField('g', col('g', 1), 0))).toBe(before);
    // A grid inside a grid, then the outer grid cannot enter the inner one either.
    h = run(h, addField('grid', col('g', 1), 1, 'Inner', 'g2'));
    expect(run(h, moveField('g', col('g2', 0), 0))).toBe(h);
  });

  it('updates props, derives the spec rules and keeps min/max/step within 0-100', () => {
    let h = designed();
    h = run(h, updateField('a', { name: 'Full name', options: { required: true, pattern: '^[A-Z]' } }));
    const a = findField(h.present.doc, 'a')!.field;
    expect(a.rules).toEqual([
      { required: true, message: 'Full name Required' },
      { type: 'string', message: 'Full name Invalid format' },
      { pattern: '^[A-Z]', message: 'Full name Unmatched pattern' },
    ]);
    h = run(h, updateField('c', { options: { min: -5, max: 500, step: 3 } }));
    expect(findField(h.present.doc, 'c')!.field.options).toMatchObject({ min: 0, max: 100, step: 3 });
    // A model that is taken or not a property name is refused.
    expect(run(h, updateField('a', { model: 'number_c' }))).toBe(h);
    expect(run(h, updateField('a', { model: 'bad name' }))).toBe(h);
    expect(run(h, updateField('a', { model: 'id' }))).toBe(h);
    h = run(h, updateField('a', { model: 'fullName' }));
    expect(findField(h.present.doc, 'a')!.field.model).toBe('fullName');
  });

  it('keeps label width 0-200 in steps of 10 and only the spec positions and sizes', () => {
    let h = startHistory(empty());
    h = run(h, updateConfig({ labelWidth: 255 }));
    expect(h.present.doc.config.labelWidth).toBe(200);
    h = run(h, updateConfig({ labelWidth: 84, labelPosition: 'top', size: 'mini' }));
    expect(h.present.doc.config).toEqual({ labelWidth: 80, labelPosition: 'top', size: 'mini' });
    h = run(h, updateConfig({ labelPosition: 'bottom' as never }));
    expect(h.present.doc.config.labelPosition).toBe('top');
  });

  it('copies a grid with fresh keys and models for it and its fields, right after it', () => {
    let h = designed();
    h = run(h, copyField('g'));
    const list = h.present.doc.list;
    expect(list).toHaveLength(4);
    const copy = list[3]!;
    expect(h.present.selected).toBe(copy.key);
    const keys = allFields(h.present.doc).map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    const models = allFields(h.present.doc).map((f) => f.model);
    expect(new Set(models).size).toBe(models.length);
    expect(copy.columns![0]!.list[0]!.type).toBe('number');
  });

  it('deletes a field (a grid with its fields) and selects a neighbour', () => {
    let h = designed();
    h = run(h, selectField('g'));
    h = run(h, deleteField('g'));
    expect(allFields(h.present.doc).map((f) => f.key)).toEqual(['a', 'b']);
    expect(h.present.selected).toBe('b');
  });

  it('undoes and redoes edits; selection and no-ops make no step', () => {
    let h = designed();
    const steps = h.past.length;
    expect(steps).toBe(5);
    h = run(h, selectField('a'));
    expect(h.past.length).toBe(steps);
    h = run(h, updateField('a', { name: 'X' }));
    h = run(h, deleteField('b'));
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(keysOf(h)).toEqual(['a', 'b', 'g']);
    h = undo(h);
    expect(findField(h.present.doc, 'a')!.field.name).toBe('Name');
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(findField(h.present.doc, 'a')!.field.name).toBe('X');
    h = run(h, replaceDocument({ list: [], config: defaultConfig() }));
    expect(canRedo(h)).toBe(false);
    expect(h.present.doc.list).toEqual([]);
    h = undo(h);
    expect(findField(h.present.doc, 'a')!.field.name).toBe('X');
  });

  it('resizes grid columns and drops a removed column with its fields', () => {
    let h = designed();
    h = run(h, setGridColumns('g', [8, 8, 8]));
    expect(findField(h.present.doc, 'g')!.field.columns!.map((c) => c.span)).toEqual([8, 8, 8]);
    h = run(h, setGridColumns('g', [24]));
    expect(findField(h.present.doc, 'd')).toBeUndefined();
    expect(findField(h.present.doc, 'c')).toBeDefined();
  });
});
