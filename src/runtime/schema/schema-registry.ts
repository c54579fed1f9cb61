/** The live schema set: loaded from `GET /api/schemas` at start-up (never bundled). */
import type { Lang } from '@common/protocol';
import { pickLabel, type EntitySchema, type EnumSchema, type SchemaSet, type SettingsSchema } from './schema-types';
import { takeEarlyAnswer } from '../api/early-answer';

/** Lookup over a loaded schema set. */
export interface SchemaRegistry {
  readonly entities: readonly EntitySchema[];
  readonly enums: readonly EnumSchema[];
  readonly settings: readonly SettingsSchema[];
  entity(id: string): EntitySchema | undefined;
  setting(id: string): SettingsSchema | undefined;
  enumById(id: string): EnumSchema | undefined;
  /** The label of an enum value (or of an `x-extra` key such as robot-status `offline`). */
  enumLabel(enumId: string, value: unknown, lang: Lang): string;
}

/** Builds the lookup over a schema set (invalid entries are skipped with a warning). */
export function createSchemaRegistry(set: Partial<SchemaSet>): SchemaRegistry {
  const entities = (set.entities ?? []).filter((e) => {
    const ok = e && typeof e.$id === 'string' && e.properties && typeof e.properties === 'object';
    if (!ok) console.warn('Skipping an entity schema without $id or properties', e);
    return ok;
  });
  const enums = (set.enums ?? []).filter((e) => e && typeof e.$id === 'string' && Array.isArray(e.values));
  const settings = (set.settings ?? []).filter((s) => {
    const ok = s && typeof s.$id === 'string' && s.properties && typeof s.properties === 'object' && s['x-api']?.get?.event && s['x-api']?.set?.event;
    if (!ok) console.warn('Skipping a settings schema without $id, properties or x-api get/set', s);
    return ok;
  });
  const entityMap = new Map(entities.map((e) => [e.$id, e]));
  const enumMap = new Map(enums.map((e) => [e.$id, e]));
  const settingsMap = new Map(settings.map((s) => [s.$id, s]));
  return {
    entities,
    enums,
    settings,
    entity: (id) => entityMap.get(id),
    setting: (id) => settingsMap.get(id),
    enumById: (id) => enumMap.get(id),
    enumLabel(enumId, value, lang) {
      const e = enumMap.get(enumId);
      if (!e) return value === undefined || value === null ? '' : String(value);
      const hit = e.values.find((v) => v.value === value || String(v.value) === String(value));
      if (hit) return pickLabel(hit.labels, lang, hit.key);
      const extra = typeof value === 'string' ? e['x-extra']?.[value] : undefined;
      if (extra) return pickLabel(extra, lang, value as string);
      if (value === undefined || value === null || value === '') return '';
      // x-extra "*": the label of any value outside the enumeration (spec §8: an unknown fault code).
      const other = e['x-extra']?.['*'];
      return other ? pickLabel(other, lang, String(value)) : String(value);
    },
  };
}

/** Fetches the live schema set from the server (the first time, index.html's early request when there is one). */
export async function fetchSchemas(token: string | undefined, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<SchemaSet> {
  const early = await takeEarlyAnswer('__fcSchemas');
  const response = early?.ok ? early : await fetchImpl('/api/schemas', { headers: { accept: 'application/json', ...(token ? { token } : {}) } });
  if (!response.ok) throw new Error(`GET /api/schemas answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<SchemaSet> & { param?: Partial<SchemaSet> };
  // Accept the plain shape and, defensively, an event-style envelope.
  const set = body.entities ? body : (body.param ?? {});
  return { entities: set.entities ?? [], enums: set.enums ?? [], settings: set.settings ?? [] };
}
