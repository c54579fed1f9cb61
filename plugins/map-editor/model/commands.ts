/**
 * Every user operation on the map editor's document is a command that says whether it makes an
 * undo step. A command either gives the next state or refuses with the rule it would break
 * (spec §5): nothing changes on a refusal.
 */
import { MapElementKind } from '@common/map';
import { checkElement, findCrossing, isPolygon, isRollerShutter, type MapElement, type Pt, type RuleError } from '@common/map-elements';
import { utilOf } from './element-utils';
import type { EditorState } from './types';
import { elementPoi, poiProblem, type Poi } from '@common/poi';

/** What running a command gives. */
export type CommandResult = { ok: true; state: EditorState } | { ok: false; error: RuleError };

/** One operation. */
export interface Command {
  name: string;
  /** Whether it makes an undo step (document changes do; selection does not). */
  undoable: boolean;
  apply(state: EditorState): CommandResult;
}

const ok = (state: EditorState): CommandResult => ({ ok: true, state });
const refuse = (error: RuleError): CommandResult => ({ ok: false, error });

/** Checks one changed element against its own rules and against the other polygons (no crossing). */
function checkChanged(e: MapElement, all: MapElement[]): RuleError | null {
  const own = checkElement(e);
  if (own) return own;
  if (isPolygon(e)) {
    const other = findCrossing(e, all);
    if (other) return { key: 'mapZonesCross', vars: { a: e.name || e.id, b: other.name || other.id }, ids: [e.id, other.id] };
  }
  return null;
}

const replace = (state: EditorState, next: MapElement): MapElement[] => state.doc.elements.map((e) => (e.id === next.id ? next : e));

/** Adds an element of a kind with its defaults; it becomes the selection. */
export function addElement(kind: number, points: Pt[], options: { subKind?: number; name?: string; props?: Record<string, unknown> } = {}): Command {
  return {
    name: 'addElement',
    undoable: true,
    apply(state) {
      const d = utilOf(kind).defaults(options.subKind);
      const id = `new-${state.nextId}`;
      const e: MapElement = {
        id,
        kind,
        ...(d.subKind !== undefined || options.subKind !== undefined ? { subKind: options.subKind ?? d.subKind } : {}),
        name: options.name ?? (d.name || `${isRollerShutter({ kind, props: options.props ?? {} }) ? 'rollerShutter' : utilOf(kind).key}-${state.nextId}`),
        points: points.map(([x, y]) => [x, y] as Pt),
        props: { ...d.props, ...options.props },
      };
      const err = checkChanged(e, state.doc.elements);
      if (err) return refuse(err);
      // Spec-free but necessary: a robot starts from one place, so a map holds one initial position (the server checks it too).
      if (kind === MapElementKind.initPosition && state.doc.elements.some((x) => x.kind === MapElementKind.initPosition)) return refuse({ key: 'mapOneInitPosition' });
      return ok({ ...state, nextId: state.nextId + 1, doc: { elements: [...state.doc.elements, e] }, selected: [id] });
    },
  };
}

/** Moves elements by (dx, dy) map pixels. */
export function moveElements(ids: string[], dx: number, dy: number): Command {
  return {
    name: 'moveElements',
    undoable: true,
    apply(state) {
      if (dx === 0 && dy === 0) return ok(state);
      let elements = state.doc.elements;
      for (const id of ids) {
        const e = elements.find((x) => x.id === id);
        if (!e) continue;
        const next = { ...e, points: e.points.map(([x, y]) => [x + dx, y + dy] as Pt) };
        const err = checkChanged(
          next,
          elements.filter((x) => !ids.includes(x.id) || x.id === id),
        );
        if (err) return refuse(err);
        elements = elements.map((x) => (x.id === id ? next : x));
      }
      return ok({ ...state, doc: { elements } });
    },
  };
}

/** Sets the points of one element (vertex edit, insert or remove a vertex). */
export function setPoints(id: string, points: Pt[]): Command {
  return {
    name: 'setPoints',
    undoable: true,
    apply(state) {
      const e = state.doc.elements.find((x) => x.id === id);
      if (!e) return ok(state);
      const next = { ...e, points };
      const err = checkChanged(next, state.doc.elements);
      if (err) return refuse(err);
      return ok({ ...state, doc: { elements: replace(state, next) } });
    },
  };
}

/** Deletes elements. */
export function deleteElements(ids: string[]): Command {
  return {
    name: 'deleteElements',
    undoable: true,
    apply(state) {
      return ok({ ...state, doc: { elements: state.doc.elements.filter((e) => !ids.includes(e.id)) }, selected: state.selected.filter((id) => !ids.includes(id)) });
    },
  };
}

/** Renames an element and merges props into its props. */
export function updateElement(id: string, change: { name?: string; props?: Record<string, unknown>; subKind?: number }): Command {
  return {
    name: 'updateElement',
    undoable: true,
    apply(state) {
      const e = state.doc.elements.find((x) => x.id === id);
      if (!e) return ok(state);
      const next = { ...e, ...(change.name !== undefined ? { name: change.name } : {}), ...(change.subKind !== undefined ? { subKind: change.subKind } : {}), props: { ...e.props, ...change.props } };
      return ok({ ...state, doc: { elements: replace(state, next) } });
    },
  };
}

/** The other enabled charging piles that enabling `id` would disable (the console asks first: spec §4). */
export function othersEnabled(state: EditorState, id: string): MapElement[] {
  return state.doc.elements.filter((e) => e.kind === MapElementKind.chargePosition && e.id !== id && e.props.enabled === true);
}

/** Enables or disables a charging pile; enabling one disables the other enabled ones (spec §4). */
export function setChargePileEnabled(id: string, enabled: boolean): Command {
  return {
    name: 'setChargePileEnabled',
    undoable: true,
    apply(state) {
      const elements = state.doc.elements.map((e) => {
        if (e.id === id) return { ...e, props: { ...e.props, enabled } };
        if (enabled && e.kind === MapElementKind.chargePosition && e.props.enabled === true) return { ...e, props: { ...e.props, enabled: false } };
        return e;
      });
      return ok({ ...state, doc: { elements } });
    },
  };
}

/** Selects elements (no undo step). */
export function select(ids: string[]): Command {
  return { name: 'select', undoable: false, apply: (state) => ok({ ...state, selected: ids }) };
}

/**
 * Sets the fields of a point of interest after the rules of spec §5 (actions, media, capture
 * count, presets, pictures, one welcome point per robot): a broken rule refuses the change.
 */
export function updatePoi(id: string, poi: Poi): Command {
  return {
    name: 'updatePoi',
    undoable: true,
    apply(state) {
      const e = state.doc.elements.find((x) => x.id === id);
      if (!e) return ok(state);
      const others = state.doc.elements.filter((x) => x.kind === MapElementKind.interestPoint && x.id !== id).map(elementPoi);
      const problem = poiProblem(poi, others);
      if (problem) return refuse({ ...problem, ids: [id] });
      const { name, ...props } = poi;
      return ok({ ...state, doc: { elements: replace(state, { ...e, name, props: { ...e.props, ...props } }) } });
    },
  };
}
