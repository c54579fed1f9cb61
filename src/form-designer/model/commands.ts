/**
 * Every user operation on the designer is a command: a pure function of the editor state that
 * says whether it makes an undo step (selection does not; edits do). Invalid requests (moving a
 * grid into itself, an unknown key) leave the state as it was.
 */
import { DESIGNER_DEFAULTS, createField, deriveRules, holdsData } from './field-types';
import { allFields, findField, isInside, listOf, replaceField, sameContainer, withList } from './tree';
import type { Container, DesignerDocument, DesignerField, FieldLabels, FieldType, FormConfig, GridColumn } from './types';
import { FORM_SIZES, LABEL_POSITIONS } from './types';

/** The editor's state: the document and the selected field. */
export interface EditorState {
  doc: DesignerDocument;
  selected: string | null;
}

/** One user operation. */
export interface Command {
  name: string;
  /** Whether the operation makes an undo step. */
  undoable: boolean;
  apply: (state: EditorState) => EditorState;
}

/** Property names a model may take (the loader's rule for entity properties). */
export const MODEL_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Reserved property names every entity has. */
const RESERVED_MODELS = new Set(['id', 'companyId', 'createdAt', 'updatedAt']);

/** A new key unique in the document (time-based like the spec's designer, plus a counter). */
export function newKey(doc: DesignerDocument, now: number = Date.now()): string {
  const taken = new Set(allFields(doc).map((f) => f.key));
  let n = 0;
  for (;;) {
    const key = `${now.toString(36)}${n ? `_${n}` : ''}`;
    if (!taken.has(key)) return key;
    n += 1;
  }
}

/** Why a model name cannot be used for a field, or undefined when it can. */
export function modelProblem(doc: DesignerDocument, fieldKey: string, model: string): 'pattern' | 'reserved' | 'taken' | undefined {
  if (!MODEL_PATTERN.test(model)) return 'pattern';
  if (RESERVED_MODELS.has(model)) return 'reserved';
  if (allFields(doc).some((f) => f.key !== fieldKey && holdsData(f.type) && f.model === model)) return 'taken';
  return undefined;
}

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : length, length));
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/** Keeps min/max/step of number and slider fields within 0–100 (spec §5). */
function limitOptions(type: FieldType, options: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'number' && type !== 'slider') return options;
  const out = { ...options };
  for (const k of ['min', 'max', 'step'] as const) {
    const v = out[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = clamp(v, DESIGNER_DEFAULTS.limitMin, DESIGNER_DEFAULTS.limitMax);
    else if (v !== null && v !== undefined && typeof v !== 'number') out[k] = null;
  }
  return out;
}

/** Drops translations that equal the name (the document keeps only those that differ). */
function normaliseLabels(name: string, labels: FieldLabels | undefined): FieldLabels | undefined {
  if (!labels) return undefined;
  const out: FieldLabels = {};
  if (labels.zh && labels.zh !== name) out.zh = labels.zh;
  if (labels.ja && labels.ja !== name) out.ja = labels.ja;
  return Object.keys(out).length ? out : undefined;
}

function setDoc(state: EditorState, doc: DesignerDocument, selected: string | null = state.selected): EditorState {
  return doc === state.doc && selected === state.selected ? state : { doc, selected };
}

/** Adds a new field of a type at a place and selects it. */
export function addField(type: FieldType, to: Container, index: number, name: string, key?: string): Command {
  return {
    name: 'add',
    undoable: true,
    apply: (state) => {
      const list = listOf(state.doc, to);
      if (!list) return state;
      const field = createField(type, key ?? newKey(state.doc), name);
      return setDoc(state, withList(state.doc, to, (l) => [...l.slice(0, clampIndex(index, l.length)), field, ...l.slice(clampIndex(index, l.length))]), field.key);
    },
  };
}

/**
 * Moves a field to a place (reorder within a list, or into / out of a grid column). `index` is
 * the position in the target list as it looks before the move.
 */
export function moveField(key: string, to: Container, index: number): Command {
  return {
    name: 'move',
    undoable: true,
    apply: (state) => {
      const place = findField(state.doc, key);
      const target = listOf(state.doc, to);
      if (!place || !target || isInside(state.doc, to, key)) return state;
      let at = clampIndex(index, target.length);
      if (sameContainer(place.container, to)) {
        if (at > place.index) at -= 1;
        if (at === place.index) return state;
      }
      const removed = withList(state.doc, place.container, (l) => l.filter((f) => f.key !== key));
      const doc = withList(removed, to, (l) => [...l.slice(0, clampIndex(at, l.length)), place.field, ...l.slice(clampIndex(at, l.length))]);
      return setDoc(state, doc, key);
    },
  };
}

/** What an update may change. */
export interface FieldPatch {
  name?: string;
  model?: string;
  options?: Record<string, unknown>;
  labels?: FieldLabels;
}

/** Changes a field's label, model or options; its rules follow the options. */
export function updateField(key: string, patch: FieldPatch): Command {
  return {
    name: 'update',
    undoable: true,
    apply: (state) => {
      const place = findField(state.doc, key);
      if (!place) return state;
      if (patch.model !== undefined && patch.model !== place.field.model && modelProblem(state.doc, key, patch.model)) return state;
      const doc = replaceField(state.doc, key, (f) => {
        const name = patch.name ?? f.name;
        const next: DesignerField = { ...f, name, model: patch.model ?? f.model, options: limitOptions(f.type, { ...f.options, ...(patch.options ?? {}) }) };
        const labels = normaliseLabels(name, patch.labels ?? f.labels);
        if (labels) next.labels = labels;
        else delete next.labels;
        next.rules = deriveRules(next);
        return next;
      });
      return setDoc(state, doc);
    },
  };
}

/** Sets a grid's columns by their spans (1–24); a removed column takes its fields with it. */
export function setGridColumns(key: string, spans: number[]): Command {
  return {
    name: 'grid-columns',
    undoable: true,
    apply: (state) => {
      const place = findField(state.doc, key);
      if (!place?.field.columns || spans.length === 0) return state;
      const columns: GridColumn[] = spans.map((span, i) => ({ span: clamp(Math.round(span) || 1, 1, 24), list: place.field.columns![i]?.list ?? [] }));
      return setDoc(state, replaceField(state.doc, key, (f) => ({ ...f, columns })));
    },
  };
}

/** A deep copy of a field with fresh keys (and models following them) for it and its nested fields. */
function cloneField(field: DesignerField, doc: DesignerDocument, taken: Set<string>): DesignerField {
  let n = 0;
  const fresh = () => {
    let k: string;
    do k = `${newKey(doc)}_c${(n += 1)}`;
    while (taken.has(k));
    taken.add(k);
    return k;
  };
  const copy = (f: DesignerField): DesignerField => {
    const key = fresh();
    const out: DesignerField = { ...structuredClone(f), key, model: `${f.type}_${key}` };
    if (f.columns) out.columns = f.columns.map((c) => ({ span: c.span, list: c.list.map(copy) }));
    return out;
  };
  return copy(field);
}

/** Copies a field (a grid with its fields) right after itself and selects the copy. */
export function copyField(key: string): Command {
  return {
    name: 'copy',
    undoable: true,
    apply: (state) => {
      const place = findField(state.doc, key);
      if (!place) return state;
      const clone = cloneField(place.field, state.doc, new Set(allFields(state.doc).flatMap((f) => [f.key, f.model])));
      const doc = withList(state.doc, place.container, (l) => [...l.slice(0, place.index + 1), clone, ...l.slice(place.index + 1)]);
      return setDoc(state, doc, clone.key);
    },
  };
}

/** Deletes a field (a grid with its fields); the selection moves to a neighbour. */
export function deleteField(key: string): Command {
  return {
    name: 'delete',
    undoable: true,
    apply: (state) => {
      const place = findField(state.doc, key);
      if (!place) return state;
      const list = listOf(state.doc, place.container)!;
      const neighbour = list[place.index + 1] ?? list[place.index - 1];
      const doc = withList(state.doc, place.container, (l) => l.filter((f) => f.key !== key));
      const selected = state.selected && findField(doc, state.selected) ? state.selected : (neighbour?.key ?? null);
      return setDoc(state, doc, selected);
    },
  };
}

/** Changes the form config; label width kept within 0–200 in steps of 10 (spec §5). */
export function updateConfig(patch: Partial<FormConfig>): Command {
  return {
    name: 'config',
    undoable: true,
    apply: (state) => {
      const next: FormConfig = { ...state.doc.config, ...patch };
      const w = Number(next.labelWidth);
      next.labelWidth = Number.isFinite(w)
        ? clamp(Math.round(w / DESIGNER_DEFAULTS.labelWidthStep) * DESIGNER_DEFAULTS.labelWidthStep, DESIGNER_DEFAULTS.labelWidthMin, DESIGNER_DEFAULTS.labelWidthMax)
        : state.doc.config.labelWidth;
      if (!LABEL_POSITIONS.includes(next.labelPosition)) next.labelPosition = state.doc.config.labelPosition;
      if (!FORM_SIZES.includes(next.size)) next.size = state.doc.config.size;
      const same = (Object.keys(next) as (keyof FormConfig)[]).every((k) => next[k] === state.doc.config[k]);
      return same ? state : setDoc(state, { ...state.doc, config: next });
    },
  };
}

/** Replaces the whole document (JSON import, clear). */
export function replaceDocument(doc: DesignerDocument): Command {
  return { name: 'replace', undoable: true, apply: (state) => setDoc(state, doc, null) };
}

/** Selects a field (or nothing); makes no undo step. */
export function selectField(key: string | null): Command {
  return {
    name: 'select',
    undoable: false,
    apply: (state) => (key === null || findField(state.doc, key) ? setDoc(state, state.doc, key) : state),
  };
}
