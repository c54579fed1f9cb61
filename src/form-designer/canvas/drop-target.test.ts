import { describe, expect, it } from 'vitest';
import { addField, type EditorState } from '../model/commands';
import { defaultConfig } from '../model/field-types';
import { ROOT } from '../model/types';
import { dropCommand } from './drop-target';

function state(): EditorState {
  let s: EditorState = { doc: { list: [], config: defaultConfig() }, selected: null };
  for (const [i, k] of ['a', 'b', 'c'].entries()) s = addField('input', ROOT, i, k, k).apply(s);
  return addField('grid', ROOT, 3, 'g', 'g').apply(s);
}
const keys = (s: EditorState) => s.doc.list.map((f) => f.key);

describe('drop handling', () => {
  it('drops a palette item before the field it is over, or at the end of a column', () => {
    const s = state();
    const next = dropCommand({ kind: 'palette', type: 'select' }, { kind: 'field', key: 'b', container: ROOT, index: 1 }, () => 'Select')!.apply(s);
    expect(next.doc.list[1]!.type).toBe('select');
    const col = { kind: 'column' as const, gridKey: 'g', column: 1 };
    const inGrid = dropCommand({ kind: 'palette', type: 'number' }, { kind: 'container', container: col, length: 0 }, () => 'N')!.apply(s);
    expect(inGrid.doc.list[3]!.columns![1]!.list[0]!.type).toBe('number');
  });

  it('reorders like a sortable list (down: after the target; up: before it) and nests into a column', () => {
    const s = state();
    const down = dropCommand({ kind: 'field', key: 'a', container: ROOT, index: 0 }, { kind: 'field', key: 'c', container: ROOT, index: 2 }, String)!.apply(s);
    expect(keys(down)).toEqual(['b', 'c', 'a', 'g']);
    const up = dropCommand({ kind: 'field', key: 'c', container: ROOT, index: 2 }, { kind: 'field', key: 'a', container: ROOT, index: 0 }, String)!.apply(s);
    expect(keys(up)).toEqual(['c', 'a', 'b', 'g']);
    const col = { kind: 'column' as const, gridKey: 'g', column: 0 };
    const nested = dropCommand({ kind: 'field', key: 'b', container: ROOT, index: 1 }, { kind: 'container', container: col, length: 0 }, String)!.apply(s);
    expect(keys(nested)).toEqual(['a', 'c', 'g']);
    expect(nested.doc.list[2]!.columns![0]!.list.map((f) => f.key)).toEqual(['b']);
    expect(dropCommand({ kind: 'field', key: 'a', container: ROOT, index: 0 }, { kind: 'field', key: 'a', container: ROOT, index: 0 }, String)).toBeUndefined();
  });
});
