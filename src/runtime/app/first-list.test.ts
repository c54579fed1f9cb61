import { describe, expect, it } from 'vitest';
import type { DataProvider, GetListParams } from '@refinedev/core';
import { Paging } from '@common/constants';
import { createSchemaRegistry } from '../schema/schema-registry';
import type { EntitySchema } from '../schema/schema-types';
import { createFirstListPrimer, PRIMED_FOR_MS } from './first-list';

const entity = (id: string, extra: Record<string, unknown> = {}) =>
  ({ $id: id, 'x-route': `/home/${id}`, 'x-api': { list: { event: `query_${id}` } }, 'x-access': { read: `${id}:read` }, properties: { name: { type: 'string' } }, ...extra }) as unknown as EntitySchema;
const schemas = createSchemaRegistry({
  entities: [entity('company'), entity('robot'), entity('tabbed', { 'x-tabs': [{ key: 'a', labels: { en: 'A' } }] }), entity('profile', { 'x-single': { key: 'user' } })],
});

/** A data provider that answers each list call with its number and records the calls. */
function counting(): { provider: DataProvider; calls: GetListParams[] } {
  const calls: GetListParams[] = [];
  const provider = {
    getList: (params: GetListParams) => {
      calls.push(params);
      return Promise.resolve({ data: [{ id: calls.length }], total: calls.length });
    },
  } as unknown as DataProvider;
  return { provider, calls };
}

const firstPage = (resource: string): GetListParams => ({ resource, pagination: { currentPage: 1, pageSize: Paging.defaultPageSize, mode: 'server' }, sorters: [], filters: [] });

describe('first list primer', () => {
  it('asks for the list at the address at once and hands that answer to the list’s own first call only', async () => {
    const { provider, calls } = counting();
    const wrapped = createFirstListPrimer(() => true)(provider, schemas, '/home/company');
    expect(calls).toEqual([firstPage('company')]);
    expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(calls).toHaveLength(1);
    // The next call (a refresh) goes to the server.
    expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 2 }], total: 2 });
    expect(calls).toHaveLength(2);
  });

  it('sends a first call asked differently (page 2, a filter, a sort) to the server and drops the early answer', async () => {
    for (const other of [
      { ...firstPage('company'), pagination: { currentPage: 2, pageSize: Paging.defaultPageSize, mode: 'server' as const } },
      { ...firstPage('company'), filters: [{ field: 'name', operator: 'eq' as const, value: 'x' }] },
      { ...firstPage('company'), sorters: [{ field: 'name', order: 'asc' as const }] },
    ]) {
      const { provider, calls } = counting();
      const wrapped = createFirstListPrimer(() => true)(provider, schemas, '/home/company');
      expect(await wrapped.getList(other)).toEqual({ data: [{ id: 2 }], total: 2 });
      expect(calls[1]).toEqual(other);
      expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 3 }], total: 3 });
    }
  });

  it('lets another resource’s calls through untouched and keeps the early answer for the list', async () => {
    const { provider, calls } = counting();
    const wrapped = createFirstListPrimer(() => true)(provider, schemas, '/home/company');
    expect(await wrapped.getList(firstPage('robot'))).toEqual({ data: [{ id: 2 }], total: 2 });
    expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(calls.map((c) => c.resource)).toEqual(['company', 'robot']);
  });

  it('does not hand over an answer older than PRIMED_FOR_MS', async () => {
    const { provider, calls } = counting();
    let now = 1000;
    const wrapped = createFirstListPrimer(() => true, () => now)(provider, schemas, '/home/company');
    now += PRIMED_FOR_MS + 1;
    expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 2 }], total: 2 });
    expect(calls).toHaveLength(2);
  });

  it('asks for nothing without the read permission, for tabbed or single-record pages, other addresses, or a second schema set', () => {
    const asked: string[][] = [];
    for (const [path, may] of [
      ['/home/company', false],
      ['/home/tabbed', true],
      ['/home/profile', true],
      ['/home/telecontrol', true],
    ] as const) {
      const { provider, calls } = counting();
      createFirstListPrimer((needs) => {
        asked.push([...needs]);
        return may;
      })(provider, schemas, path);
      expect(calls).toEqual([]);
    }
    expect(asked).toEqual([['company:read']]);
    const { provider, calls } = counting();
    const prime = createFirstListPrimer(() => true);
    prime(provider, schemas, '/home/telecontrol');
    prime(provider, schemas, '/home/company');
    expect(calls).toEqual([]);
  });

  it('hands a failed early answer to the list once; the next call is the server’s', async () => {
    let n = 0;
    const provider = { getList: () => (++n === 1 ? Promise.reject(new Error('timed out')) : Promise.resolve({ data: [], total: 0 })) } as unknown as DataProvider;
    const wrapped = createFirstListPrimer(() => true)(provider, schemas, '/home/company');
    await expect(wrapped.getList(firstPage('company'))).rejects.toThrow('timed out');
    await expect(wrapped.getList(firstPage('company'))).resolves.toEqual({ data: [], total: 0 });
    expect(n).toBe(2);
  });

  it('asks ahead with start, hands the arrived answer to the list’s first render, and sends the list’s own call to the server', async () => {
    const { provider, calls } = counting();
    let now = 1000;
    const prime = createFirstListPrimer(() => true, () => now);
    const started = prime.start(provider, schemas, '/home/company');
    expect(calls).toEqual([firstPage('company')]);
    // Not arrived yet: nothing to show.
    expect(prime.settled('company')).toBeUndefined();
    await started;
    now += 10;
    expect(prime.settled('robot')).toBeUndefined();
    expect(prime.settled('company')).toEqual({ answer: { data: [{ id: 1 }], total: 1 }, at: 1000 });
    // The same answer for another render of that first mount, while fresh.
    expect(prime.settled('company')).toEqual({ answer: { data: [{ id: 1 }], total: 1 }, at: 1000 });
    // The wrapper made afterwards asks nothing more, and the list's own call (a refresh) goes to the server.
    const wrapped = prime(provider, schemas, '/home/company');
    expect(calls).toHaveLength(1);
    expect(await wrapped.getList(firstPage('company'))).toEqual({ data: [{ id: 2 }], total: 2 });
    now += PRIMED_FOR_MS + 1;
    expect(prime.settled('company')).toBeUndefined();
  });

  it('start settles on a failed answer, shows nothing for it, and is undefined when nothing is asked', async () => {
    const provider = { getList: () => Promise.reject(new Error('timed out')) } as unknown as DataProvider;
    const prime = createFirstListPrimer(() => true);
    await expect(prime.start(provider, schemas, '/home/company')).resolves.toBeUndefined();
    expect(prime.settled('company')).toBeUndefined();
    expect(createFirstListPrimer(() => true).start(provider, schemas, '/home/telecontrol')).toBeUndefined();
  });
});
