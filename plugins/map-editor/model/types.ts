/**
 * The map editor's document and state: plain data (no React, no Konva). Elements are in map
 * pixels; the view (zoom, pan) says how pixels reach the screen.
 */
import type { MapElement, Pt, RuleError } from '@common/map-elements';

export type { MapElement, Pt, RuleError };

/** The document the editor edits and saves (saveMapElements). */
export interface EditorDoc {
  elements: MapElement[];
}

/** What the user sees of the document: zoom (1 = one screen pixel per map pixel) and pan in screen pixels. */
export interface ViewState {
  zoom: number;
  panX: number;
  panY: number;
}

/** The editor's state: the document, the selection and the view. */
export interface EditorState {
  doc: EditorDoc;
  selected: string[];
  view: ViewState;
  /** Counter for new element ids (`new-<n>`). */
  nextId: number;
}

/** A new editor state for a document. */
export function newEditorState(doc: EditorDoc): EditorState {
  return { doc, selected: [], view: { zoom: 1, panX: 0, panY: 0 }, nextId: 1 };
}
