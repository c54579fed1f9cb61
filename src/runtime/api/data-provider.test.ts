import { describe, expect, it, vi } from 'vitest';
import type { CallNamedEvent } from './event-client';
import { createSchemaDataProvider } from './data-provider';

function setup(answers: Record<string, unknown>) {
  const calls: [string, unknown][] = [];
  const callEvent = vi.fn(async (event: string, param?: object) => {
    calls.push([event, param]);
    return answers[event];
  }) as unknown as CallNamedEvent;
  const provider = createSchemaDataProvider({
    callEvent,
    apiOf: (r) =>
      r === 'company'
        ? { list: { event: 'queryCompanys' }, create: { event: 'addCompany' }, update: { event: 'modifyCompany' }, delete: { event: 'deleteCompany' } }
        : undefined,
  });
  return { provider, calls };
}

describe('schema data provider', () => {
  it('maps paging, sorting and filters onto the list event and its {total, list} answer', async () => {
    const { provider, calls } = setup({ queryCompanys: { total: 31, list: [{ id: 1, name: 'A' }] } });
    const result = await provider.getList({
      resource: 'company',
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [{ field: 'name', order: 'desc' }],
      filters: [
        { field: 'name', operator: 'contains', value: ' Har ' },
        { field: 'enabled', operator: 'eq', value: 1 },
        { field: 'domain', operator: 'contains', value: '' },
      ],
    });
    expect(calls[0]).toEqual(['queryCompanys', { pageNum: 3, pageSize: 20, sortField: 'name', sortOrder: 'desc', name: 'Har', enabled: 1 }]);
    expect(result).toEqual({ data: [{ id: 1, name: 'A' }], total: 31 });
  });

  it('sends update as {id, ...values} and delete as {id}, and answers getOne from the listed rows', async () => {
    const { provider, calls } = setup({ queryCompanys: { total: 1, list: [{ id: 5, name: 'Five' }] }, modifyCompany: { id: 5, name: 'V' }, deleteCompany: { id: 5 } });
    await provider.getList({ resource: 'company' });
    await expect(provider.getOne({ resource: 'company', id: 5 })).resolves.toEqual({ data: { id: 5, name: 'Five' } });
    await provider.update({ resource: 'company', id: 5, variables: { name: 'V' } });
    await provider.deleteOne({ resource: 'company', id: 5 });
    expect(calls.slice(1)).toEqual([
      ['modifyCompany', { id: 5, name: 'V' }],
      ['deleteCompany', { id: 5 }],
    ]);
  });

  it('calls any event through custom (url = event name)', async () => {
    const { provider } = setup({ getCompanysByRoleId: [{ companyId: 1, name: 'A' }] });
    await expect(provider.custom!({ url: 'getCompanysByRoleId', method: 'post' })).resolves.toEqual({ data: [{ companyId: 1, name: 'A' }] });
  });

  it('fails clearly for a resource without an x-api binding', async () => {
    const { provider } = setup({});
    await expect(provider.getList({ resource: 'ghost' })).rejects.toThrow('Schema "ghost" has no x-api.list binding');
  });

  it('calls REST bindings: query for GET, body for POST/PUT, the id of a delete in its named query parameter', async () => {
    const seen: [string, unknown][] = [];
    const provider = createSchemaDataProvider({
      callEvent: (async () => undefined) as unknown as CallNamedEvent,
      restCall: (async (url: string, opts: unknown) => {
        seen.push([url, opts]);
        return url.endsWith('/list') ? { total: 0, list: [] } : { id: 7 };
      }) as never,
      apiOf: () => ({
        list: { rest: 'GET /robot/group/list' },
        create: { rest: 'POST /robot/group' },
        update: { rest: 'PUT /robot/group' },
        delete: { rest: 'POST /robot/group/delete', idParam: 'groupId' },
      }),
    });
    await provider.getList({ resource: 'group', pagination: { currentPage: 1, pageSize: 10 } });
    await provider.create({ resource: 'group', variables: { name: 'G' } });
    await provider.update({ resource: 'group', id: 7, variables: { name: 'H' } });
    await provider.deleteOne({ resource: 'group', id: 7 });
    expect(seen.map(([u, o]) => [u, (o as { method: string }).method, (o as { query?: unknown }).query ?? (o as { body?: unknown }).body])).toEqual([
      ['/robot/group/list', 'GET', { pageNum: 1, pageSize: 10 }],
      ['/robot/group', 'POST', { name: 'G' }],
      ['/robot/group', 'PUT', { id: 7, name: 'H' }],
      ['/robot/group/delete', 'POST', { groupId: 7 }],
    ]);
  });
});
