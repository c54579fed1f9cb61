/** Immutable helpers over the field tree (the root list and grid columns). */
import type { Container, DesignerDocument, DesignerField } from './types';

/** Where a field sits. */
export interface FieldPlace {
  field: DesignerField;
  container: Container;
  index: number;
}

/** Visits every field, grids before their columns' fields. */
export function eachField(list: readonly DesignerField[], fn: (f: DesignerField, container: Container, index: number) => void, container: Container = { kind: 'root' }): void {
  list.forEach((f, i) => {
    fn(f, container, i);
    f.columns?.forEach((col, c) => eachField(col.list, fn, { kind: 'column', gridKey: f.key, column: c }));
  });
}

/** Every field, flattened in display order. */
export function allFields(doc: DesignerDocument): DesignerField[] {
  const out: DesignerField[] = [];
  eachField(doc.list, (f) => out.push(f));
  return out;
}

/** Finds a field by key. */
export function findField(doc: DesignerDocument, key: string): FieldPlace | undefined {
  let found: FieldPlace | undefined;
  eachField(doc.list, (field, container, index) => {
    if (!found && field.key === key) found = { field, container, index };
  });
  return found;
}

/** The list of a container, or undefined when the grid or column does not exist. */
export function listOf(doc: DesignerDocument, container: Container): DesignerField[] | undefined {
  if (container.kind === 'root') return doc.list;
  return findField(doc, container.gridKey)?.field.columns?.[container.column]?.list;
}

function mapList(list: DesignerField[], container: Container, fn: (l: DesignerField[]) => DesignerField[]): DesignerField[] {
  if (container.kind === 'root') return fn(list);
  return list.map((f) => {
    if (!f.columns) return f;
    if (f.key === container.gridKey) {
      return { ...f, columns: f.columns.map((col, i) => (i === container.column ? { ...col, list: fn(col.list) } : col)) };
    }
    const columns = f.columns.map((col) => ({ ...col, list: mapList(col.list, container, fn) }));
    return columns.some((c, i) => c.list !== f.columns![i]!.list) ? { ...f, columns } : f;
  });
}

/** A copy of the document with one container's list replaced. */
export function withList(doc: DesignerDocument, container: Container, fn: (l: DesignerField[]) => DesignerField[]): DesignerDocument {
  return { ...doc, list: mapList(doc.list, container, fn) };
}

/** A copy of the document with one field replaced (by key). */
export function replaceField(doc: DesignerDocument, key: string, fn: (f: DesignerField) => DesignerField): DesignerDocument {
  const place = findField(doc, key);
  if (!place) return doc;
  return withList(doc, place.container, (l) => l.map((f) => (f.key === key ? fn(f) : f)));
}

/** Whether `container` lies inside the field `key` (a grid cannot go into its own columns). */
export function isInside(doc: DesignerDocument, container: Container, key: string): boolean {
  let c: Container = container;
  for (;;) {
    if (c.kind === 'root') return false;
    if (c.gridKey === key) return true;
    const parent = findField(doc, c.gridKey);
    if (!parent) return false;
    c = parent.container;
  }
}

/** Whether two containers are the same list. */
export function sameContainer(a: Container, b: Container): boolean {
  if (a.kind === 'root' || b.kind === 'root') return a.kind === b.kind;
  return a.gridKey === b.gridKey && a.column === b.column;
}
