/** The envelope of a new entity made in the designer: its events, route, menu, access and list. */
import type { EntitySchema } from '@runtime';
import type { SchemaEnvelope } from './schema-conversion';

/** Entity ids: lower-case, digits and dashes, starting with a letter (the loader's rule). */
export const ENTITY_ID_PATTERN = /^[a-z][a-z0-9-]{1,39}$/;

/** `inspection-report` → `InspectionReport`. */
export function pascalOf(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
}

/** What the save dialog asks for a new entity. */
export interface NewEntity {
  id: string;
  labels: { en: string; zh: string; ja: string };
  /** Side menu group (operations, monitoring, admin, system, other). */
  group: string;
}

/** The envelope of a new entity: events query…s / add… / modify… / delete…, route /home/<camelCase>, company-scoped. */
export function newEntityEnvelope(e: NewEntity): SchemaEnvelope {
  const p = pascalOf(e.id);
  const camel = p[0]!.toLowerCase() + p.slice(1);
  return {
    $id: e.id,
    'x-labels': e.labels,
    'x-route': `/home/${camel}`,
    'x-menu': { group: e.group, icon: 'FileTextOutlined', order: 200, labels: e.labels },
    'x-scope': 'company',
    'x-api': { list: { event: `query${p}s` }, create: { event: `add${p}` }, update: { event: `modify${p}` }, delete: { event: `delete${p}` } },
    'x-access': { read: `${e.id}:read`, create: `${e.id}:create`, update: `${e.id}:update`, delete: `${e.id}:delete` },
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true } },
  };
}

/** Fills x-list.columns when the schema names none: the first six scalar fields. */
export function withListColumns(schema: EntitySchema): EntitySchema {
  if (schema['x-list']?.columns?.length) return schema;
  const columns = Object.entries(schema.properties)
    .filter(([k, p]) => k !== 'id' && !p.readOnly && !p['x-hidden'] && !p.writeOnly && ['string', 'number', 'integer', 'boolean'].includes(String(p.type)))
    .slice(0, 6)
    .map(([k]) => k);
  return columns.length ? { ...schema, 'x-list': { ...(schema['x-list'] ?? {}), columns } } : schema;
}
