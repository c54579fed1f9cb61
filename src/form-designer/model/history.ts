/** Undo / redo over the editor state: undoable commands push a step, others change the present only. */
import type { Command, EditorState } from './commands';

/** The history: past steps, the present, undone steps. */
export interface History {
  past: EditorState[];
  present: EditorState;
  future: EditorState[];
}

/** Most undo steps kept. */
export const HISTORY_LIMIT = 100;

/** A history starting at a state. */
export function startHistory(present: EditorState): History {
  return { past: [], present, future: [] };
}

/** Runs a command; an undoable one that changed the document makes a step and clears redo. */
export function run(h: History, command: Command): History {
  const next = command.apply(h.present);
  if (next === h.present) return h;
  if (!command.undoable || next.doc === h.present.doc) return { ...h, present: next };
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

/** Whether there is a step to undo. */
export const canUndo = (h: History): boolean => h.past.length > 0;
/** Whether there is a step to redo. */
export const canRedo = (h: History): boolean => h.future.length > 0;

/** Goes one step back. */
export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  if (!prev) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

/** Goes one step forward. */
export function redo(h: History): History {
  const next = h.future[0];
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}
