/**
 * The first page of the list the address opens, asked for as soon as the schema set is in (issue 23):
 * the list itself asks only once the console's first render is committed, a round trip later than
 * needed. The list's own first call (same entity, page 1, default size, no filter or sort) takes this
 * answer (or failure) once; any other call, a later one, or one after PRIMED_FOR_MS goes to the server.
 * Only for a plain generated list (no x-tabs, not x-single) the session may read, once per primer
 * (the console keeps one per page load: a schema set fetched again after a form is saved in the
 * designer asks nothing ahead).
 */
import type { BaseRecord, DataProvider, GetListResponse } from '@refinedev/core';
import { Paging } from '@common/constants';
import { listParams } from '../api/data-provider';
import type { SchemaRegistry } from '../schema/schema-registry';

/** How long the answer asked for ahead waits for its list (the page asks well within it). */
export const PRIMED_FOR_MS = 5000;

const listKey = (resource: string, page: number | undefined, size: number | undefined, params: Record<string, unknown>) =>
  JSON.stringify([resource, page ?? 1, size ?? Paging.defaultPageSize, params]);

/** Wraps a data provider so that the list at `path` is asked for at once (see above). */
export type FirstListPrimer = (base: DataProvider, schemas: SchemaRegistry, path: string) => DataProvider;

/** A primer; `mayRead` tells whether the session holds every permission named. */
export function createFirstListPrimer(mayRead: (permissions: readonly string[]) => boolean, now: () => number = Date.now): FirstListPrimer {
  // undefined before the first schema set; null once taken or when nothing was asked for.
  let first: { resource: string; key: string; at: number; answer: Promise<GetListResponse<BaseRecord>> } | null | undefined;
  return (base, schemas, path) => {
    if (first === undefined) {
      first = null;
      const entity = schemas.entities.find((e) => e['x-route'] === path);
      const read = entity?.['x-access']?.read;
      const needs = typeof read === 'string' ? [read] : (read ?? []);
      if (entity?.['x-api']?.list && !entity['x-tabs']?.length && !entity['x-single'] && mayRead(needs)) {
        const answer = base.getList({ resource: entity.$id, pagination: { currentPage: 1, pageSize: Paging.defaultPageSize, mode: 'server' }, sorters: [], filters: [] });
        // Not taken (the list was left, or asked differently): its failure is nobody's.
        answer.catch(() => undefined);
        first = { resource: entity.$id, key: listKey(entity.$id, 1, Paging.defaultPageSize, {}), at: now(), answer };
      }
    }
    return {
      ...base,
      getList<TData extends BaseRecord = BaseRecord>(params: Parameters<DataProvider['getList']>[0]) {
        const f = first;
        if (f && params.resource === f.resource) {
          first = null;
          const p = params.pagination;
          if (p?.mode !== 'off' && now() - f.at <= PRIMED_FOR_MS && listKey(params.resource, p?.currentPage, p?.pageSize, listParams(params.filters, params.sorters)) === f.key)
            return f.answer as Promise<GetListResponse<TData>>;
        }
        return base.getList<TData>(params);
      },
    };
  };
}
