/** Whether a drawing may be submitted: it must differ from what was saved (spec §5) and meet every rule (the server runs the same checks). */
import { checkElements, type MapElement, type RuleError } from '@common/map-elements';
import { checkPois } from '@common/poi';
import type { EditorDoc } from './types';
import type { ParamOf } from '@common/events';

const comparable = (elements: MapElement[]) => JSON.stringify(elements.map(({ kind, subKind, name, points, props }) => [kind, subKind ?? null, name, points, props]));

/** Whether the document differs from the saved one. */
export const isDirty = (saved: EditorDoc, current: EditorDoc): boolean => comparable(saved.elements) !== comparable(current.elements);

/** The reason the document cannot be submitted, or null. */
export function submitProblem(saved: EditorDoc, current: EditorDoc): RuleError | null {
  if (!isDirty(saved, current)) return { key: 'mapUnchanged' };
  return checkElements(current.elements) ?? checkPois(current.elements);
}

/** The payload of saveMapElements: new elements lose their client ids. */
export function toSavePayload(mapId: number, doc: EditorDoc): ParamOf<'saveMapElements'> {
  return { mapId, elements: doc.elements.map(({ id, ...e }) => (id.startsWith('new-') ? e : { id, ...e })) };
}

/** Copying pathways needs two different maps (spec §5). */
export function copyProblem(sourceMapId: number, targetMapId: number): RuleError | null {
  return sourceMapId === targetMapId ? { key: 'mapCopySameSource' } : null;
}
