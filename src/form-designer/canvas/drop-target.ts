/** What a drop means for the document: pure, so the drag handling is tested without a browser. */
import { addField, moveField, type Command } from '../model/commands';
import { sameContainer } from '../model/tree';
import type { Container, FieldType } from '../model/types';

/** Data carried by draggables and droppables. */
export type DragData =
  | { kind: 'palette'; type: FieldType }
  | { kind: 'field'; key: string; container: Container; index: number }
  | { kind: 'container'; container: Container; length: number };

/** The droppable id of a container. */
export function containerId(c: Container): string {
  return c.kind === 'root' ? 'container:root' : `container:${c.gridKey}:${c.column}`;
}

/** The command of a drop of `active` over `over`, or undefined when it changes nothing. */
export function dropCommand(active: DragData | undefined, over: DragData | undefined, nameOf: (t: FieldType) => string): Command | undefined {
  if (!active || !over || active.kind === 'container' || over.kind === 'palette') return undefined;
  const container = over.container;
  let index = over.kind === 'field' ? over.index : over.length;
  if (active.kind === 'palette') return addField(active.type, container, index, nameOf(active.type));
  if (over.kind === 'field' && over.key === active.key) return undefined;
  // Sortable semantics: dropping on a later item of the same list puts the field after it.
  if (over.kind === 'field' && sameContainer(active.container, container) && active.index < index) index += 1;
  return moveField(active.key, container, index);
}
