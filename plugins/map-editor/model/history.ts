/** Undo and redo over editor states: undoable commands push a step, others replace the present. */
import type { Command } from './commands';
import type { RuleError } from '@common/map-elements';
import type { EditorState } from './types';

/** The editor's history. */
export interface History {
  past: EditorState[];
  present: EditorState;
  future: EditorState[];
}

/** Most undo steps kept. */
export const MAX_UNDO = 200;

/** A history starting at a state. */
export const startHistory = (present: EditorState): History => ({ past: [], present, future: [] });

/** Runs a command: the new history, or the unchanged one with the rule the command broke. */
export function run(h: History, cmd: Command): { history: History; error?: RuleError } {
  const result = cmd.apply(h.present);
  if (!result.ok) return { history: h, error: result.error };
  if (result.state === h.present) return { history: h };
  if (!cmd.undoable || result.state.doc === h.present.doc) return { history: { ...h, present: result.state } };
  return { history: { past: [...h.past, h.present].slice(-MAX_UNDO), present: result.state, future: [] } };
}

/** Steps back one document change (the view stays where it is). */
export function undo(h: History): History {
  const prev = h.past.at(-1);
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: { ...prev, view: h.present.view }, future: [h.present, ...h.future] };
}

/** Steps forward again. */
export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: { ...next, view: h.present.view }, future: h.future.slice(1) };
}

export const canUndo = (h: History): boolean => h.past.length > 0;
export const canRedo = (h: History): boolean => h.future.length > 0;
