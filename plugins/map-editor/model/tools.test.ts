import { describe, expect, it } from 'vitest';
import { run, startHistory, type History } from './history';
import { forbiddenZoneTool, placeTool, rollerShutterTool, routeTool, selectTool, stepTool, type ToolEvent, type ToolState } from './tools';
import { newEditorState } from './types';

/** Feeds events to a tool, running the commands it answers; returns the last error too. */
function drive(tool: ToolState, events: ToolEvent[], h: History = startHistory(newEditorState({ elements: [] }))) {
  let error;
  for (const e of events) {
    const step = stepTool(tool, e, h.present, 3);
    tool = step.tool;
    error = step.error;
    for (const c of step.commands ?? []) {
      const r = run(h, c);
      h = r.history;
      error = r.error ?? error;
    }
  }
  return { tool, h, error };
}
const click = (x: number, y: number): ToolEvent[] => [{ type: 'down', p: [x, y] }, { type: 'up', p: [x, y] }];

describe('draw tool', () => {
  it('draws a forbidden zone: clicks add points, double-click finishes', () => {
    const { h, tool } = drive(forbiddenZoneTool(), [...click(0, 0), ...click(20, 0), ...click(20, 20), { type: 'down', p: [20, 20] }, { type: 'dblclick', p: [20, 20] }]);
    expect(h.present.doc.elements).toHaveLength(1);
    expect(h.present.doc.elements[0]).toMatchObject({ kind: 110, subKind: 1, points: [[0, 0], [20, 0], [20, 20]] });
    expect(tool).toMatchObject({ name: 'draw', points: [] });
  });

  it('refuses to finish a polygon of two points and keeps drawing; Escape cancels, Backspace removes a point', () => {
    let r = drive(forbiddenZoneTool(), [...click(0, 0), ...click(20, 0), { type: 'key', key: 'Enter' }]);
    expect(r.error?.key).toBe('mapPolygonTooFew');
    expect(r.tool).toMatchObject({ points: [[0, 0], [20, 0]] });
    r = drive(r.tool, [{ type: 'key', key: 'Backspace' }]);
    expect(r.tool).toMatchObject({ points: [[0, 0]] });
    r = drive(r.tool, [{ type: 'key', key: 'Escape' }]);
    expect(r.tool).toMatchObject({ points: [] });
  });

  it('draws a route of two points and refuses one of a single point', () => {
    expect(drive(routeTool(), [...click(0, 0), { type: 'key', key: 'Enter' }]).error?.key).toBe('mapRouteTooShort');
    expect(drive(routeTool(), [...click(0, 0), ...click(9, 9), { type: 'key', key: 'Enter' }]).h.present.doc.elements[0]).toMatchObject({ kind: 101, subKind: 1 });
  });

  it('refuses a zone crossing an existing one with the rule message', () => {
    const first = drive(forbiddenZoneTool(), [...click(0, 0), ...click(20, 0), ...click(20, 20), { type: 'key', key: 'Enter' }]);
    const second = drive(forbiddenZoneTool(), [...click(10, 10), ...click(30, 10), ...click(30, 30), { type: 'key', key: 'Enter' }], first.h);
    expect(second.error?.key).toBe('mapZonesCross');
    expect(second.h.present.doc.elements).toHaveLength(1);
  });
});

describe('place and select tools', () => {
  it('places a charging pile with one click', () => {
    expect(drive(placeTool(102), click(5, 6)).h.present.doc.elements[0]).toMatchObject({ kind: 102, points: [[5, 6]], props: { enabled: false } });
  });

  it('selects by clicking, moves by dragging, edits a vertex of the selected zone, clears on empty space', () => {
    let r = drive(forbiddenZoneTool(), [...click(0, 0), ...click(20, 0), ...click(20, 20), { type: 'key', key: 'Enter' }]);
    r = drive(selectTool(), [...click(100, 100)], r.h);
    expect(r.h.present.selected).toEqual([]);
    r = drive(r.tool, [{ type: 'down', p: [15, 5] }, { type: 'move', p: [18, 9] }, { type: 'up', p: [20, 10] }], r.h);
    expect(r.h.present.selected).toEqual(['new-1']);
    expect(r.h.present.doc.elements[0]!.points[0]).toEqual([5, 5]);
    r = drive(r.tool, [{ type: 'down', p: [25, 5] }, { type: 'up', p: [30, 0] }], r.h);
    expect(r.h.present.doc.elements[0]!.points[1]).toEqual([30, 0]);
    expect(r.h.past).toHaveLength(3);
  });
});

describe('roller shutter tool', () => {
  it('places a roller shutter with two clicks as a 2-point specialDot (kind 112, dotKind rollerShutter)', () => {
    const { h, tool, error } = drive(rollerShutterTool(), [...click(10, 10), ...click(40, 10), { type: 'dblclick', p: [40, 10] }]);
    expect(error).toBeUndefined();
    expect(h.present.doc.elements).toHaveLength(1);
    expect(h.present.doc.elements[0]).toMatchObject({ kind: 112, name: 'rollerShutter-1', points: [[10, 10], [40, 10]], props: { dotKind: 'rollerShutter' } });
    expect(tool).toMatchObject({ name: 'draw', points: [] });
  });

  it('selects and moves a roller shutter by its line, and edits its ends', () => {
    const placed = drive(rollerShutterTool(), [...click(10, 10), ...click(40, 10)]).h;
    const moved = drive(selectTool(), [{ type: 'down', p: [25, 11] }, { type: 'move', p: [25, 21] }, { type: 'up', p: [25, 21] }], placed).h;
    expect(moved.present.doc.elements[0]!.points).toEqual([[10, 20], [40, 20]]);
    const edited = drive(selectTool(), [{ type: 'down', p: [40, 20] }, { type: 'up', p: [50, 30] }], moved).h;
    expect(edited.present.doc.elements[0]!.points).toEqual([[10, 20], [50, 30]]);
  });
});

describe('initial position', () => {
  it('refuses a second initial position on the map', () => {
    const { h, error } = drive(placeTool(104), [...click(5, 5), { type: 'down', p: [50, 50] }]);
    expect(h.present.doc.elements).toHaveLength(1);
    expect(error).toEqual({ key: 'mapOneInitPosition' });
  });
});
