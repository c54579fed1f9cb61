/**
 * How an `x-ref` value is shown: the referenced entity's own schema says which call lists what
 * the caller may see (its `x-api.list`) and which fields hold id, label and parent (`x-lookup`
 * where the defaults do not fit), so any entity can be referenced with no code. Answers go
 * through the DataProvider (`custom`) and refine's query client, so every table and picker shares
 * one cached call.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useDataProvider } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { Paging } from '@common/constants';
import { bindingName } from '@common/schema-format';
import { useSchemas } from './schema-context';
import type { SchemaRegistry } from './schema-registry';
import { pickLabel } from './schema-types';

/** One lookup: event (or `METHOD /path` REST call) answering an array or a page, and its id / label / parent fields. */
export interface RefLookup {
  event: string;
  /** Params sent with the call (a page size large enough for a picker). */
  param?: Record<string, unknown>;
  /** An enumeration whose translated labels replace the stored name of the ids it lists (built-in roles). */
  labelEnum?: string;
  idField: string;
  labelField: string;
  parentField?: string;
}

/** References to records no entity schema describes: maps belong to the map plugins (map management's list call). */
const NON_ENTITY_LOOKUPS: Record<string, RefLookup> = {
  map: { event: 'queryMap', param: { pageNum: 1, pageSize: 100 }, idField: 'mapId', labelField: 'mapName' },
};

/** What a lookup through an entity's `x-api.list` asks for: the first page, as large as the server allows. */
const FIRST_PAGE = { pageNum: 1, pageSize: Paging.maxPageSize };

/**
 * The lookup of references to `ref`, read from that entity's schema: the call is `x-lookup.event`
 * (sent with `x-lookup.param`, else nothing) or `x-api.list` (sent with `x-lookup.param`, else the
 * first page); the id is `x-lookup.id` (default `id`); the label `x-lookup.label` (default the first
 * `x-list` column), shown through the enumeration its property names in `x-key-enum`; the parent
 * `x-lookup.parent` (default a property referring to the entity itself). Undefined when nothing lists it.
 */
export function refLookupOf(ref: string, schemas: Pick<SchemaRegistry, 'entity'>): RefLookup | undefined {
  const entity = schemas.entity(ref);
  if (!entity) return NON_ENTITY_LOOKUPS[ref];
  const own = entity['x-lookup'] ?? {};
  const list = entity['x-api']?.list;
  const event = own.event ?? (list ? bindingName(list) : undefined);
  if (!event) return undefined;
  const labelField = own.label ?? entity['x-list']?.columns?.[0] ?? 'id';
  const parentField = own.parent ?? Object.entries(entity.properties).find(([, p]) => p['x-ref'] === ref)?.[0];
  const labelEnum = entity.properties[labelField]?.['x-key-enum'];
  const param = own.param ?? (own.event ? undefined : FIRST_PAGE);
  return { event, ...(param ? { param } : {}), idField: own.id ?? 'id', labelField, ...(parentField ? { parentField } : {}), ...(labelEnum ? { labelEnum } : {}) };
}

/** One option of a reference. */
export interface RefOption {
  value: number | string;
  label: string;
  parent?: number | string | null;
}

/** Options of one reference, with a lookup by id. */
export interface RefOptions {
  options: RefOption[];
  byId: Map<string, RefOption>;
  isLoading: boolean;
}

const EMPTY: RefOptions = { options: [], byId: new Map(), isLoading: false };

function toOptions(lookup: RefLookup, data: unknown, enumLabels?: Map<string, string>): RefOptions {
  // A paged answer ({list, total}) gives its list.
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  const rows = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  const options = rows.map((r) => ({
    value: r[lookup.idField] as number | string,
    label: enumLabels?.get(String(r[lookup.idField])) ?? String(r[lookup.labelField] ?? r[lookup.idField]),
    parent: lookup.parentField ? (r[lookup.parentField] as number | string | null) : undefined,
  }));
  return { options, byId: new Map(options.map((o) => [String(o.value), o])), isLoading: false };
}

/** Options of several references at once, keyed by referenced entity id. */
export function useRefOptionsMap(refs: readonly string[]): Record<string, RefOptions> {
  const dataProvider = useDataProvider();
  const schemas = useSchemas();
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const known = refs.filter((r, i) => refs.indexOf(r) === i && refLookupOf(r, schemas));
  const results = useQueries({
    queries: known.map((ref) => ({
      queryKey: ['fleet-console', 'ref', ref],
      staleTime: 30_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const provider = dataProvider();
        const lookup = refLookupOf(ref, schemas)!;
        const [method, path] = lookup.event.includes(' ') ? (lookup.event.split(' ', 2) as [string, string]) : ['post', lookup.event];
        const get = method.toLowerCase() === 'get';
        const answer = await provider.custom!({
          url: path,
          method: method.toLowerCase() as 'get' | 'post',
          payload: get ? undefined : (lookup.param ?? {}),
          query: get ? lookup.param : undefined,
          meta: { queryContext: { signal } as never },
        });
        return answer.data as unknown;
      },
    })),
  });
  const key = results.map((r) => r.dataUpdatedAt).join(',') + known.join(',') + results.map((r) => r.isLoading).join(',') + lang;
  return useMemo(() => {
    const out: Record<string, RefOptions> = {};
    known.forEach((ref, i) => {
      const r = results[i]!;
      const lookup = refLookupOf(ref, schemas)!;
      const e = lookup.labelEnum ? schemas.enumById(lookup.labelEnum) : undefined;
      const enumLabels = e ? new Map(e.values.map((v) => [String(v.value), pickLabel(v.labels, lang, v.key)])) : undefined;
      out[ref] = { ...toOptions(lookup, r.data, enumLabels), isLoading: r.isLoading };
    });
    return out;
  }, [key, schemas]);
}

/** Options of one reference (empty when the entity has no lookup). */
export function useRefOptions(ref: string | undefined): RefOptions {
  const map = useRefOptionsMap(ref ? [ref] : []);
  return (ref && map[ref]) || EMPTY;
}
