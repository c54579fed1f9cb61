/**
 * refine DataProvider built from each entity schema's `x-api` binding (docs/protocol.md):
 * list events take `{pageNum, pageSize, sortField?, sortOrder?, ...filters}` and answer
 * `{total, list}`; update sends `{id, ...values}`, delete `{id}`. `custom` calls any event
 * by name (url = event) or a REST path (url starting with "/").
 */
import type { BaseKey, BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { Paging } from '@common/constants';
import { StatusCode, type PagedList } from '@common/protocol';
import type { ApiBinding, EntityApi } from '../schema/schema-types';
import { EventError } from './errors';
import type { CallNamedEvent } from './event-client';
import type { RestCall } from './rest-client';

/** Dependencies of the schema data provider. */
export interface SchemaDataProviderDeps {
  /** Calls the events the schemas name (their answers are checked by shape, not by the compiler). */
  callEvent: CallNamedEvent;
  restCall?: RestCall;
  /** The `x-api` of a resource (entity id). */
  apiOf: (resource: string) => EntityApi | undefined;
  describeNotFound?: () => string;
}

type Op = keyof EntityApi;

/** The filter and sort part of a list event's params (also what an export of the list sends). */
export function listParams(filters: CrudFilter[] | undefined, sorters: { field: string; order: string }[] | undefined): Record<string, unknown> {
  const param = filterParams(filters);
  const sort = sorters?.[0];
  if (sort) {
    param.sortField = sort.field;
    param.sortOrder = sort.order;
  }
  return param;
}

function filterParams(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    if (!('field' in f)) continue;
    const v = f.value;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[f.field] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Builds the DataProvider. */
export function createSchemaDataProvider(deps: SchemaDataProviderDeps): DataProvider {
  // Rows seen in the latest lists, so getOne can answer without a dedicated event.
  const rows = new Map<string, Map<string, BaseRecord>>();

  const binding = (resource: string, op: Op): ApiBinding => {
    const b = deps.apiOf(resource)?.[op];
    if (!b) throw new Error(`Schema "${resource}" has no x-api.${op} binding`);
    return b;
  };

  const invoke = async <R>(b: ApiBinding, param: Record<string, unknown>, signal?: AbortSignal): Promise<R> => {
    if (b.event) return (await deps.callEvent(b.event, param, { signal })) as R;
    if (!deps.restCall) throw new Error('No REST client for a REST binding');
    const m = /^(GET|POST|PUT|DELETE) (\/\S+)$/.exec(b.rest ?? '');
    if (!m) throw new Error('Empty x-api binding');
    const method = m[1] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const rest = { ...param };
    // Path parameters come out of the params; the id of a delete goes in its named query parameter.
    const url = m[2]!.replace(/\{(\w+)\}/g, (_, k: string) => {
      const v = rest[k];
      delete rest[k];
      return encodeURIComponent(String(v ?? ''));
    });
    if (b.idParam && rest.id !== undefined) {
      rest[b.idParam] = rest.id;
      delete rest.id;
    }
    const asQuery = method === 'GET' || method === 'DELETE' || b.idParam !== undefined;
    return asQuery
      ? deps.restCall<R>(url, { method, query: rest as Record<string, string>, signal })
      : deps.restCall<R>(url, { method, body: rest, signal });
  };

  const remember = (resource: string, list: BaseRecord[]) => {
    let m = rows.get(resource);
    if (!m) rows.set(resource, (m = new Map()));
    for (const r of list) if (r.id !== undefined) m.set(String(r.id), r);
  };

  const notFound = () => new EventError(StatusCode.notFound, deps.describeNotFound?.() ?? 'Record not found');

  const getOne = async <T extends BaseRecord>(resource: string, id: BaseKey, signal?: AbortSignal): Promise<T> => {
    const cached = rows.get(resource)?.get(String(id));
    if (cached) return cached as T;
    const answer = await invoke<PagedList<T>>(binding(resource, 'list'), { pageNum: 1, pageSize: 1, id }, signal);
    const row = answer?.list?.find((r) => String(r.id) === String(id));
    if (!row) throw notFound();
    remember(resource, [row]);
    return row;
  };

  return {
    getApiUrl: () => '/api/interface',

    async getList({ resource, pagination, sorters, filters, meta }) {
      const off = pagination?.mode === 'off';
      const param: Record<string, unknown> = {
        pageNum: off ? 1 : (pagination?.currentPage ?? 1),
        pageSize: off ? Paging.maxPageSize : (pagination?.pageSize ?? Paging.defaultPageSize),
        ...listParams(filters, sorters),
      };
      const answer = await invoke<PagedList>(binding(resource, 'list'), param, meta?.queryContext?.signal);
      const list = (Array.isArray(answer?.list) ? answer.list : []) as BaseRecord[];
      remember(resource, list);
      return { data: list as never[], total: typeof answer?.total === 'number' ? answer.total : list.length };
    },

    async getOne({ resource, id, meta }) {
      return { data: (await getOne(resource, id, meta?.queryContext?.signal)) as never };
    },

    async getMany({ resource, ids, meta }) {
      const data = await Promise.all(ids.map((id) => getOne(resource, id, meta?.queryContext?.signal)));
      return { data: data as never[] };
    },

    async create({ resource, variables }) {
      const answer = await invoke<BaseRecord>(binding(resource, 'create'), { ...(variables as object) });
      return { data: (answer && typeof answer === 'object' ? answer : variables) as never };
    },

    async update({ resource, id, variables }) {
      const answer = await invoke<BaseRecord>(binding(resource, 'update'), { id, ...(variables as object) });
      const data = answer && typeof answer === 'object' ? answer : { id, ...(variables as object) };
      remember(resource, [data]);
      return { data: data as never };
    },

    async deleteOne({ resource, id }) {
      const answer = await invoke<BaseRecord>(binding(resource, 'delete'), { id });
      rows.get(resource)?.delete(String(id));
      return { data: (answer && typeof answer === 'object' ? answer : { id }) as never };
    },

    async custom({ url, method, payload, query, meta }) {
      const signal = meta?.queryContext?.signal;
      if (url.startsWith('/')) {
        if (!deps.restCall) throw new Error('No REST client');
        const m = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
        return { data: (await deps.restCall(url, { method: m, query: query as Record<string, string>, body: payload, signal })) as never };
      }
      return { data: (await deps.callEvent(url, (payload as object) ?? {}, { signal })) as never };
    },
  };
}
