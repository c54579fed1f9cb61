/**
 * Tools as small state machines: each takes pointer and key events in map pixels and answers
 * its next state plus, when a gesture ends, the command to run. Rendering reads the tool state
 * for previews (the polygon being drawn, the drag offset).
 */
import { MapElementKind, SpecialAreaKind } from '@common/map';
import type { RuleError } from '@common/map-elements';
import { addElement, moveElements, select, setPoints, type Command } from './commands';
import { hitElement, hitVertex, ROLLER_SHUTTER_PROPS, shapeOf, utilOf } from './element-utils';
import type { EditorState, Pt } from './types';

/** An input event of a tool, in map pixels. */
export type ToolEvent =
  | { type: 'down'; p: Pt }
  | { type: 'move'; p: Pt }
  | { type: 'up'; p: Pt }
  | { type: 'dblclick'; p: Pt }
  | { type: 'key'; key: string };

/** What a tool answers. */
export interface ToolStep<S> {
  tool: S;
  commands?: Command[];
  error?: RuleError;
}

/** Draws a polygon (special area) or a route point by point: click adds, double-click or Enter finishes, Backspace removes the last, Escape cancels. */
export type DrawToolState = {
  name: 'draw';
  kind: number;
  subKind?: number;
  points: Pt[];
  hover: Pt | null;
  /** Props of the new element (a roller shutter's dotKind). */
  props?: Record<string, unknown>;
  /** A line of exactly this many points finishes by itself (a roller shutter: 2). */
  exactPoints?: number;
};

/** Places a point element with one click. */
export type PlaceToolState = { name: 'place'; kind: number };

/** Selects, moves and edits vertices. */
export type SelectToolState =
  | { name: 'select'; phase: 'idle' }
  | { name: 'select'; phase: 'moving'; ids: string[]; from: Pt; to: Pt }
  | { name: 'select'; phase: 'vertex'; id: string; index: number; from: Pt; to: Pt };

/** Any tool's state. */
export type ToolState = DrawToolState | PlaceToolState | SelectToolState;

export const selectTool = (): SelectToolState => ({ name: 'select', phase: 'idle' });
export const drawTool = (kind: number, subKind?: number): DrawToolState => ({ name: 'draw', kind, subKind, points: [], hover: null });
export const forbiddenZoneTool = (): DrawToolState => drawTool(MapElementKind.specialArea, SpecialAreaKind.forbidden);
export const routeTool = (): DrawToolState => drawTool(MapElementKind.path, 1);
export const placeTool = (kind: number): PlaceToolState => ({ name: 'place', kind });
/** Draws a roller shutter: two clicks give its line (kind 112 specialDot with dotKind 'rollerShutter'). */
export const rollerShutterTool = (): DrawToolState => ({ ...drawTool(MapElementKind.specialDot), props: { ...ROLLER_SHUTTER_PROPS }, exactPoints: 2 });

/** Feeds one event to the draw tool. */
export function stepDraw(s: DrawToolState, e: ToolEvent): ToolStep<DrawToolState> {
  const finish = (points = s.points): ToolStep<DrawToolState> => {
    const util = utilOf(s.kind);
    if (points.length < (s.exactPoints ?? util.minPoints)) {
      return { tool: s, error: { key: util.shape === 'polygon' ? 'mapPolygonTooFew' : 'mapRouteTooShort' } };
    }
    return { tool: { ...s, points: [], hover: null }, commands: [addElement(s.kind, points, { subKind: s.subKind, ...(s.props ? { props: s.props } : {}) })] };
  };
  switch (e.type) {
    case 'down': {
      const last = s.points.at(-1);
      // The second click of a double-click lands on the last point: it adds nothing.
      if (last && Math.hypot(last[0] - e.p[0], last[1] - e.p[1]) < 0.5) return { tool: s };
      if (s.exactPoints && s.points.length + 1 >= s.exactPoints) return finish([...s.points, e.p]);
      return { tool: { ...s, points: [...s.points, e.p] } };
    }
    case 'move':
      return { tool: { ...s, hover: e.p } };
    case 'dblclick':
      return s.exactPoints ? { tool: s } : finish(); // a fixed-length line finishes by itself
    case 'key':
      if (e.key === 'Enter') return finish();
      if (e.key === 'Escape') return { tool: { ...s, points: [], hover: null } };
      if (e.key === 'Backspace') return { tool: { ...s, points: s.points.slice(0, -1) } };
      return { tool: s };
    default:
      return { tool: s };
  }
}

/** Feeds one event to the place tool. */
export function stepPlace(s: PlaceToolState, e: ToolEvent): ToolStep<PlaceToolState> {
  if (e.type !== 'down') return { tool: s };
  return { tool: s, commands: [addElement(s.kind, [e.p])] };
}

/** Feeds one event to the select tool; `tolerance` is the hit distance in map pixels. */
export function stepSelect(s: SelectToolState, e: ToolEvent, state: EditorState, tolerance: number): ToolStep<SelectToolState> {
  if (e.type === 'down') {
    const chosen = state.doc.elements.filter((x) => state.selected.includes(x.id));
    for (const c of chosen) {
      const index = shapeOf(c) === 'point' ? -1 : hitVertex(c, e.p, tolerance);
      if (index >= 0) return { tool: { name: 'select', phase: 'vertex', id: c.id, index, from: e.p, to: e.p } };
    }
    const hit = hitElement(state.doc.elements, e.p, tolerance);
    if (!hit) return { tool: selectTool(), commands: state.selected.length ? [select([])] : [] };
    const ids = state.selected.includes(hit.id) ? state.selected : [hit.id];
    return { tool: { name: 'select', phase: 'moving', ids, from: e.p, to: e.p }, commands: ids === state.selected ? [] : [select(ids)] };
  }
  if (e.type === 'move' && s.phase !== 'idle') return { tool: { ...s, to: e.p } };
  if (e.type === 'up' && s.phase !== 'idle') {
    const dx = Math.round(e.p[0] - s.from[0]);
    const dy = Math.round(e.p[1] - s.from[1]);
    if (dx === 0 && dy === 0) return { tool: selectTool() };
    if (s.phase === 'moving') return { tool: selectTool(), commands: [moveElements(s.ids, dx, dy)] };
    const el = state.doc.elements.find((x) => x.id === s.id);
    if (!el) return { tool: selectTool() };
    const points = el.points.map((p, i) => (i === s.index ? ([p[0] + dx, p[1] + dy] as Pt) : p));
    return { tool: selectTool(), commands: [setPoints(s.id, points)] };
  }
  if (e.type === 'key' && s.phase !== 'idle' && e.key === 'Escape') return { tool: selectTool() };
  return { tool: s };
}

/** Feeds an event to whichever tool is active. */
export function stepTool(tool: ToolState, e: ToolEvent, state: EditorState, tolerance: number): ToolStep<ToolState> {
  if (tool.name === 'draw') return stepDraw(tool, e);
  if (tool.name === 'place') return stepPlace(tool, e);
  return stepSelect(tool, e, state, tolerance);
}
