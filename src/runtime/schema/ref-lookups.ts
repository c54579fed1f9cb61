/**
 * How an `x-ref` value is shown: each referenced entity names the event that lists what
 * the caller may see and the fields holding id and label. A registry, so later entities
 * add an entry instead of a branch. Answers go through the DataProvider (`custom`) and
 * refine's query client, so every table and picker shares one cached call.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useDataProvider } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { useSchemas } from './schema-context';
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

/** Lookups by referenced entity id. */
export const REF_LOOKUPS: Record<string, RefLookup> = {
  company: { event: 'getCompanysByRoleId', idField: 'companyId', labelField: 'name', parentField: 'parentId' },
  // Built-in and custom roles the caller may see (roleManage's list call).
  role: { event: 'GET /robot/authRole/list', param: { pageNum: 1, pageSize: 500 }, idField: 'id', labelField: 'name', labelEnum: 'role' },
  // Users of the caller's company tree.
  user: { event: 'queryAllUser', param: { pageNum: 1, pageSize: 1000 }, idField: 'id', labelField: 'username' },
  robot: { event: 'reqRobotBasicInfo', param: { pageNum: 1, pageSize: 1000 }, idField: 'robotId', labelField: 'robotName' },
  'robot-func-template': { event: 'getRobotFuncTemplate', param: { pageNum: 1, pageSize: 1000 }, idField: 'id', labelField: 'name' },
  'email-group': { event: 'getEmailGroup', param: { pageNum: 1, pageSize: 1000 }, idField: 'id', labelField: 'name' },
  // Maps of the caller's company tree (map management).
  map: { event: 'queryMap', param: { pageNum: 1, pageSize: 100 }, idField: 'mapId', labelField: 'mapName' },
  // Robot groups of the caller's company tree (groupManage's list call).
  group: { event: 'GET /robot/group/list', param: { pageNum: 1, pageSize: 500 }, idField: 'id', labelField: 'name' },
};

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
  const known = refs.filter((r, i) => REF_LOOKUPS[r] && refs.indexOf(r) === i);
  const results = useQueries({
    queries: known.map((ref) => ({
      queryKey: ['fleet-console', 'ref', ref],
      staleTime: 30_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const provider = dataProvider();
        const lookup = REF_LOOKUPS[ref]!;
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
      const lookup = REF_LOOKUPS[ref]!;
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
