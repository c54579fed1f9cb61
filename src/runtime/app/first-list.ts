/**
 * The first page of the list the address opens, asked for as soon as the schema set is in (issue 23):
 * the list itself asks only once the console's first render is committed, a round trip and a render
 * later than needed. The console asks it with the schema set (`start`) and waits for it a little before
 * its first render, so that the list's first render already has its rows (`settled`: the answer as the
 * list's initial data). Otherwise the list's own first call (same entity, page 1, default size, no
 * filter or sort) takes this answer (or failure) once. Any other call, a later one, or one after
 * PRIMED_FOR_MS goes to the server. Only for a plain generated list (no x-tabs, not x-single) the
 * session may read, once per primer (the console keeps one per page load: a schema set fetched again
 * after a form is saved in the designer asks nothing ahead).
 */
import type { BaseRecord, DataProvider, GetListResponse } from '@refinedev/core';
import { Paging } from '@common/constants';
import { listParams } from '../api/data-provider';
import { subjectCan } from '@common/access';
import type { SchemaRegistry } from '../schema/schema-registry';
import { getSession } from '../session/session-store';

/** How long the answer asked for ahead waits for its list (the page asks well within it). */
export const PRIMED_FOR_MS = 5000;

const listKey = (resource: string, page: number | undefined, size: number | undefined, params: Record<string, unknown>) =>
  JSON.stringify([resource, page ?? 1, size ?? Paging.defaultPageSize, params]);

/** An answer that has arrived: the list's first page and when it arrived (ms since the epoch). */
export interface SettledList {
  answer: GetListResponse<BaseRecord>;
  at: number;
}

/** Asks the list at an address ahead and hands its answer to the list (see above). */
export interface FirstListPrimer {
  /** Wraps a data provider: the list's own first call takes the answer asked ahead; asks it now if `start` did not. */
  (base: DataProvider, schemas: SchemaRegistry, path: string): DataProvider;
  /** Asks now (once per primer); the promise settles when the answer has arrived or failed; undefined when nothing was asked. */
  start(base: DataProvider, schemas: SchemaRegistry, path: string): Promise<void> | undefined;
  /**
   * The answer for `resource`'s first page when it has arrived and is fresh, to show in the list's first
   * render; the list's own first call then goes to the server (it is a refresh). The same answer for
   * each render of that first mount (React may render a page more than once before it commits).
   */
  settled(resource: string): SettledList | undefined;
}

/** A primer; `mayRead` tells whether the session holds every permission named. */
export function createFirstListPrimer(mayRead: (permissions: readonly string[]) => boolean, now: () => number = Date.now): FirstListPrimer {
  // undefined before the first schema set; null once taken by the list's call or when nothing was
  // asked for. `handed`: given to the list's first render (kept for its repeated renders while fresh),
  // so the list's own call goes to the server.
  type Asked = { resource: string; key: string; at: number; answer: Promise<GetListResponse<BaseRecord>>; arrived?: SettledList; handed?: true };
  let first: Asked | null | undefined;

  const ask = (base: DataProvider, schemas: SchemaRegistry, path: string) => {
    if (first !== undefined) return;
    first = null;
    const entity = schemas.entities.find((e) => e['x-route'] === path);
    const read = entity?.['x-access']?.read;
    const needs = typeof read === 'string' ? [read] : (read ?? []);
    if (entity?.['x-api']?.list && !entity['x-tabs']?.length && !entity['x-single'] && mayRead(needs)) {
      const answer = base.getList({ resource: entity.$id, pagination: { currentPage: 1, pageSize: Paging.defaultPageSize, mode: 'server' }, sorters: [], filters: [] });
      const asked = { resource: entity.$id, key: listKey(entity.$id, 1, Paging.defaultPageSize, {}), at: now(), answer } as Asked;
      // Not taken (the list was left, or asked differently): its failure is nobody's.
      answer.then((a) => void (asked.arrived = { answer: a, at: now() }), () => undefined);
      first = asked;
    }
  };

  const primer = ((base, schemas, path) => {
    ask(base, schemas, path);
    return {
      ...base,
      getList<TData extends BaseRecord = BaseRecord>(params: Parameters<DataProvider['getList']>[0]) {
        const f = first;
        if (f && !f.handed && params.resource === f.resource) {
          first = null;
          const p = params.pagination;
          if (p?.mode !== 'off' && now() - f.at <= PRIMED_FOR_MS && listKey(params.resource, p?.currentPage, p?.pageSize, listParams(params.filters, params.sorters)) === f.key)
            return f.answer as Promise<GetListResponse<TData>>;
        }
        return base.getList<TData>(params);
      },
    };
  }) as FirstListPrimer;

  primer.start = (base, schemas, path) => {
    ask(base, schemas, path);
    return first ? first.answer.then(() => undefined, () => undefined) : undefined;
  };

  primer.settled = (resource) => {
    const f = first;
    if (!f?.arrived || f.resource !== resource || now() - f.arrived.at > PRIMED_FOR_MS) return undefined;
    f.handed = true;
    return f.arrived;
  };

  return primer;
}

/** The console's primer: the list the address opens is asked for with the schema set, once per page load. */
export const consoleFirstList = createFirstListPrimer((needs) => {
  const session = getSession();
  return Boolean(session) && needs.every((p) => subjectCan(session!, p));
});
