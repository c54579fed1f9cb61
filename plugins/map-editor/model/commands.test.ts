import { describe, expect, it } from 'vitest';
import { MapElementKind, SpecialAreaKind } from '@common/map';
import { addElement, deleteElements, moveElements, othersEnabled, select, setChargePileEnabled, setPoints, updateElement, updatePoi } from './commands';
import { canRedo, canUndo, redo, run, startHistory, undo, type History } from './history';
import { newEditorState, type Pt } from './types';

const square = (x: number, y: number, w = 10): Pt[] => [
  [x, y],
  [x + w, y],
  [x + w, y + w],
  [x, y + w],
];
const zone = (x: number, y: number, w = 10) => addElement(MapElementKind.specialArea, square(x, y, w), { subKind: SpecialAreaKind.forbidden });
const exec = (h: History, ...cmds: Parameters<typeof run>[1][]) => cmds.reduce((acc, c) => run(acc, c).history, h);
const empty = () => startHistory(newEditorState({ elements: [] }));

describe('commands', () => {
  it('adds a forbidden zone with the spec defaults and selects it', () => {
    const h = exec(empty(), zone(0, 0));
    expect(h.present.doc.elements).toEqual([{ id: 'new-1', kind: 110, subKind: 1, name: 'specialArea-1', points: square(0, 0), props: {} }]);
    expect(h.present.selected).toEqual(['new-1']);
  });

  it('refuses a zone that crosses another, one inside another, and a 2-point polygon, changing nothing', () => {
    const h = exec(empty(), zone(0, 0));
    for (const cmd of [zone(5, 5), zone(2, 2, 3), addElement(110, [[50, 50], [60, 60]], { subKind: 1 })]) {
      const r = run(h, cmd);
      expect(r.history).toBe(h);
      expect(r.error?.key).toMatch(/mapZonesCross|mapPolygonTooFew/);
    }
    expect(run(h, zone(5, 5)).error).toEqual({ key: 'mapZonesCross', vars: { a: 'specialArea-2', b: 'specialArea-1' }, ids: ['new-2', 'new-1'] });
  });

  it('refuses a self-crossing polygon and a route of one point; accepts a route of two', () => {
    const bow: Pt[] = [
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
    ];
    expect(run(empty(), addElement(110, bow, { subKind: 1 })).error?.key).toBe('mapPolygonSelfCross');
    expect(run(empty(), addElement(MapElementKind.path, [[0, 0]])).error?.key).toBe('mapRouteTooShort');
    expect(run(empty(), addElement(MapElementKind.path, [[0, 0], [5, 5]])).error).toBeUndefined();
  });

  it('moves elements and refuses a move onto another zone', () => {
    let h = exec(empty(), zone(0, 0), zone(30, 0));
    h = exec(h, moveElements(['new-1'], 5, 5));
    expect(h.present.doc.elements[0]!.points[0]).toEqual([5, 5]);
    expect(run(h, moveElements(['new-1'], 25, 0)).error?.key).toBe('mapZonesCross');
    // Both moved together never cross each other.
    expect(run(h, moveElements(['new-1', 'new-2'], 100, 0)).error).toBeUndefined();
  });

  it('edits a vertex and refuses an edit that makes the zone cross another', () => {
    const h = exec(empty(), zone(0, 0), zone(30, 0));
    const moved = square(0, 0).map((p, i) => (i === 1 ? ([12, -2] as Pt) : p));
    expect(run(h, setPoints('new-1', moved)).history.present.doc.elements[0]!.points[1]).toEqual([12, -2]);
    const crossing = square(0, 0).map((p, i) => (i === 1 ? ([35, 5] as Pt) : p));
    expect(run(h, setPoints('new-1', crossing)).error?.key).toBe('mapZonesCross');
  });

  it('deletes and renames elements', () => {
    let h = exec(empty(), zone(0, 0), zone(30, 0), updateElement('new-2', { name: 'Dock' }));
    expect(h.present.doc.elements[1]!.name).toBe('Dock');
    h = exec(h, deleteElements(['new-2']));
    expect(h.present.doc.elements.map((e) => e.id)).toEqual(['new-1']);
    expect(h.present.selected).toEqual([]);
  });

  it('enabling a charging pile disables the other enabled ones, and says which first', () => {
    let h = exec(empty(), addElement(102, [[1, 1]]), addElement(102, [[5, 5]]), addElement(102, [[9, 9]]), setChargePileEnabled('new-1', true));
    expect(othersEnabled(h.present, 'new-2').map((e) => e.id)).toEqual(['new-1']);
    h = exec(h, setChargePileEnabled('new-2', true));
    expect(h.present.doc.elements.map((e) => e.props.enabled)).toEqual([false, true, false]);
  });
});

describe('history', () => {
  it('undoes and redoes document changes; selection makes no undo step', () => {
    let h = exec(empty(), zone(0, 0), zone(30, 0));
    expect(h.past).toHaveLength(2);
    h = exec(h, select([]));
    expect(h.past).toHaveLength(2);
    h = undo(h);
    expect(h.present.doc.elements).toHaveLength(1);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present.doc.elements).toHaveLength(2);
    h = undo(undo(h));
    expect(h.present.doc.elements).toHaveLength(0);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    // A new change drops the redo steps.
    h = exec(h, zone(50, 50));
    expect(canRedo(h)).toBe(false);
  });

  it('keeps the view where it is on undo', () => {
    let h = exec(empty(), zone(0, 0));
    h = { ...h, present: { ...h.present, view: { zoom: 4, panX: 10, panY: 20 } } };
    expect(undo(h).present.view).toEqual({ zoom: 4, panX: 10, panY: 20 });
  });
});

describe('points of interest', () => {
  it('sets a point\'s fields, refusing a second welcome point of a robot and a capture count of 0', () => {
    let h = exec(empty(), addElement(107, [[1, 1]]), addElement(107, [[9, 9]]));
    h = exec(h, updatePoi('new-1', { name: 'Gate', type: 'welcome', robotId: 'r1', actions: [] }));
    expect(h.present.doc.elements[0]).toMatchObject({ name: 'Gate', props: { type: 'welcome', robotId: 'r1' } });
    expect(run(h, updatePoi('new-2', { name: 'Hall', type: 'welcome', robotId: 'r1', actions: [] })).error?.key).toBe('poiOneWelcome');
    expect(run(h, updatePoi('new-2', { name: 'Hall', type: 'interest', actions: [{ action: 'capture', captureCount: 0 }] })).error?.key).toBe('poiCaptureCount');
    expect(run(h, updatePoi('new-2', { name: 'Hall', type: 'interest', actions: [{ action: 'capture', captureCount: 2 }] })).error).toBeUndefined();
  });
});
