import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let metroId: number;
let saleId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  metroId = (
    await s.call('addAdTask', { name: 'ColdDeals', startTime: '2025-05-01T00:00:00Z', endTime: '2025-05-31T00:00:00Z', robotIds: ['06LK000001'], companyId: 3 }, t.admin)
  ).param.id;
});
afterAll(async () => s?.close());

const sale = { name: 'SpringSale', startTime: '2025-04-01T08:00:00.000Z', endTime: '2025-04-30T20:00:00.000Z', robotIds: ['01WR000001', '04wr000003'] };

describe('adService over queryAdTask/addAdTask/modifyAdTask/delAdTask', () => {
  it('adds ad tasks with robots of the caller tree and lists them paged', async () => {
    const made = await s.call('addAdTask', sale, t.entadmin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ ...sale, robotIds: ['01WR000001', '04WR000003'], companyId: 2 });
    saleId = made.param.id;
    // A local date-time without a zone is accepted and stored as ISO text.
    const lobby = await s.call('addAdTask', { name: 'LobbyLoop', startTime: '2025-06-01 09:00:00', endTime: '2025-06-01 18:00', robotIds: ['03WS000001'] }, t.entsuper);
    expect(lobby.param.startTime).toBe(new Date('2025-06-01T09:00:00').toISOString());
    await s.call('addAdTask', { name: 'EastDock', startTime: '2025-07-01T00:00:00Z', endTime: '2025-07-02T00:00:00Z', robotIds: ['04TP000001'], companyId: 4 }, t.entsuper);
    const page = await s.call('queryAdTask', { pageNum: 1, pageSize: 2, sortField: 'startTime', sortOrder: 'ascend' }, t.entsuper);
    expect(page.param.total).toBe(3);
    expect(page.param.list.map((a: { name: string }) => a.name)).toEqual(['SpringSale', 'LobbyLoop']);
    expect((await s.call('queryAdTask', { pageNum: 1, pageSize: 10 }, t.platform)).param.total).toBe(4);
  });

  it('checks the time range and the robots with the exact message, writing nothing', async () => {
    const before = await tableHash(s, 'ad_tasks');
    expect(await s.call('addAdTask', { ...sale, name: 'Backwards', endTime: '2025-03-31T08:00:00Z' }, t.entadmin)).toEqual({
      statusCode: 400,
      statusInfo: 'The end time must be after the start time',
    });
    expect((await s.call('addAdTask', { ...sale, name: 'Backwards', endTime: sale.startTime }, t.entadmin, 'zh')).statusInfo).toBe('结束时间必须晚于开始时间');
    expect((await s.call('addAdTask', { ...sale, name: 'Backwards', endTime: sale.startTime }, t.entadmin, 'ja')).statusInfo).toBe('終了日時は開始日時より後にしてください');
    expect((await s.call('addAdTask', { ...sale, name: 'BadDate', endTime: '2025-04-31T08:00:00Z' }, t.entadmin)).statusInfo).toBe(
      'Validation failed: End: enter a date and time such as 2025-12-31 08:00:00',
    );
    expect((await s.call('addAdTask', { ...sale, name: 'BadDate', startTime: 'tomorrow' }, t.entadmin)).statusInfo).toBe(
      'Validation failed: Start: enter a date and time such as 2025-12-31 08:00:00',
    );
    expect(await s.call('addAdTask', { ...sale, name: 'NoRobots', robotIds: [] }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'Choose at least one robot' });
    expect((await s.call('addAdTask', { ...sale, name: 'NoRobots', robotIds: undefined }, t.entadmin)).statusInfo).toBe('Validation failed: Robots is required');
    expect(await s.call('addAdTask', { ...sale, name: 'Foreign', robotIds: ['01WR000001', '07WY000001'] }, t.entadmin)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('addAdTask', { ...sale, name: 'Ghost', robotIds: ['11AA000000'] }, t.entadmin)).statusInfo).toBe('Robot 11AA000000 not found');
    // On update the range is checked against the stored other end.
    expect((await s.call('modifyAdTask', { id: saleId, endTime: '2025-03-01T00:00:00Z' }, t.entadmin)).statusInfo).toBe('The end time must be after the start time');
    expect((await s.call('modifyAdTask', { id: saleId, robotIds: [] }, t.entadmin)).statusInfo).toBe('Choose at least one robot');
    expect(await tableHash(s, 'ad_tasks')).toBe(before);
  });

  it('updates and deletes', async () => {
    const changed = await s.call('modifyAdTask', { id: saleId, name: 'SpringSale2', endTime: '2025-05-15T20:00:00Z', robotIds: ['02WF000001'] }, t.entsuper);
    expect(changed.param).toMatchObject({ id: saleId, name: 'SpringSale2', startTime: sale.startTime, endTime: '2025-05-15T20:00:00.000Z', robotIds: ['02WF000001'] });
    const n = await rowCount(s, 'ad_tasks');
    expect(await s.call('delAdTask', { id: saleId }, t.entadmin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: saleId } });
    expect(await rowCount(s, 'ad_tasks')).toBe(n - 1);
  });

  it('keeps enterprise roles out of other companies and general users out entirely; nothing changes', async () => {
    const own = (await s.call('queryAdTask', { name: 'LobbyLoop' }, t.entsuper)).param.list[0];
    const before = await tableHash(s, 'ad_tasks');
    for (const who of ['entsuper', 'entadmin'] as const) {
      expect((await s.call('modifyAdTask', { id: metroId, name: 'Mine' }, t[who])).statusInfo).toBe('Record not found');
      expect((await s.call('delAdTask', { id: metroId }, t[who])).statusInfo).toBe('Record not found');
      expect((await s.call('queryAdTask', { companyId: 3 }, t[who])).param.total).toBe(0);
    }
    expect(await s.call('queryAdTask', {}, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('addAdTask', { ...sale, name: 'Op' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('modifyAdTask', { id: own.id, name: 'Op' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('delAdTask', { id: own.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'ad_tasks')).toBe(before);
  });
});
