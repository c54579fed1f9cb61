import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let metroGroupId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  metroGroupId = (await s.call('addEmailGroup', { name: 'ColdAlarms', addresses: ['cold@metro.example.com'], companyId: 3 }, t.admin)).param.id;
});
afterAll(async () => s?.close());

const names = (a: { param?: { list: { name: string }[] } }) => a.param!.list.map((g) => g.name).sort();

describe('emailManage over getEmailGroup/addEmailGroup/modifyEmailGroup/delEmailGroup', () => {
  it('creates groups in the caller company and lists the caller tree, paged', async () => {
    const made = await s.call('addEmailGroup', { name: 'NightShift', addresses: ['night@harbor.example.com', 'boss@harbor.example.com'] }, t.entsuper);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ name: 'NightShift', companyId: 2, addresses: ['night@harbor.example.com', 'boss@harbor.example.com'] });
    await s.call('addEmailGroup', { name: 'EastDepot', addresses: ['depot@east.example.com'], companyId: 4 }, t.entadmin);
    // A repeated address is kept once.
    const day = await s.call('addEmailGroup', { name: 'DayShift', addresses: ['day@harbor.example.com', 'DAY@harbor.example.com'] }, t.entadmin);
    expect(day.param.addresses).toEqual(['day@harbor.example.com']);
    const page = await s.call('getEmailGroup', { pageNum: 1, pageSize: 2 }, t.entsuper);
    expect(page.param.total).toBe(3);
    expect(page.param.list).toHaveLength(2);
    expect(names(await s.call('getEmailGroup', { pageNum: 1, pageSize: 10 }, t.entsuper))).toEqual(['DayShift', 'EastDepot', 'NightShift']);
    expect(names(await s.call('getEmailGroup', { pageNum: 1, pageSize: 10 }, t.admin))).toEqual(['ColdAlarms', 'DayShift', 'EastDepot', 'NightShift']);
    expect(names(await s.call('getEmailGroup', { pageNum: 1, pageSize: 10, name: 'shift' }, t.admin))).toEqual(['DayShift', 'NightShift']);
  });

  it('keeps at least one address, with a clear message in three languages, and writes nothing', async () => {
    const before = await tableHash(s, 'email_groups');
    expect(await s.call('addEmailGroup', { name: 'Empty', addresses: [] }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'At least one e-mail address must remain in the group',
    });
    expect((await s.call('addEmailGroup', { name: 'Empty', addresses: [] }, t.entsuper, 'zh')).statusInfo).toBe('邮件组中至少要保留一个邮箱地址');
    expect((await s.call('addEmailGroup', { name: 'Empty', addresses: [] }, t.entsuper, 'ja')).statusInfo).toBe('グループには少なくとも1つのメールアドレスを残してください');
    const night = (await s.call('getEmailGroup', { name: 'NightShift' }, t.entsuper)).param.list[0];
    expect((await s.call('modifyEmailGroup', { id: night.id, addresses: [] }, t.entsuper)).statusInfo).toBe('At least one e-mail address must remain in the group');
    expect((await s.call('addEmailGroup', { name: 'Bad', addresses: ['not-an-address'] }, t.entsuper)).statusInfo).toBe('Validation failed: Addresses: Invalid e-mail address');
    expect((await s.call('addEmailGroup', { name: 'Bad' }, t.entsuper)).statusInfo).toBe('Validation failed: Addresses is required');
    expect(await tableHash(s, 'email_groups')).toBe(before);
  });

  it('keeps names unique within a company (case-insensitively); other companies may reuse them', async () => {
    const before = await tableHash(s, 'email_groups');
    expect(await s.call('addEmailGroup', { name: 'nightshift', addresses: ['x@y.com'] }, t.entadmin)).toEqual({
      statusCode: 409,
      statusInfo: 'Name "nightshift" already exists',
    });
    const day = (await s.call('getEmailGroup', { name: 'DayShift' }, t.entsuper)).param.list[0];
    expect((await s.call('modifyEmailGroup', { id: day.id, name: 'NIGHTSHIFT' }, t.entsuper)).statusCode).toBe(409);
    expect(await tableHash(s, 'email_groups')).toBe(before);
    expect((await s.call('addEmailGroup', { name: 'NightShift', addresses: ['n@metro.example.com'], companyId: 3 }, t.admin)).statusCode).toBe(200);
    expect((await s.call('addEmailGroup', { name: 'NightShift', addresses: ['n@east.example.com'], companyId: 4 }, t.entsuper)).statusCode).toBe(200);
  });

  it('updates and deletes', async () => {
    const day = (await s.call('getEmailGroup', { name: 'DayShift' }, t.entsuper)).param.list[0];
    const changed = await s.call('modifyEmailGroup', { id: day.id, name: 'DayTeam', addresses: ['day@harbor.example.com', 'ops@harbor.example.com'] }, t.entadmin);
    expect(changed.param).toMatchObject({ id: day.id, name: 'DayTeam', companyId: 2, addresses: ['day@harbor.example.com', 'ops@harbor.example.com'] });
    const n = await rowCount(s, 'email_groups');
    expect(await s.call('delEmailGroup', { id: day.id }, t.entadmin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: day.id } });
    expect(await rowCount(s, 'email_groups')).toBe(n - 1);
  });

  it("keeps enterprise roles to their own tree and refuses general users; nothing changes", async () => {
    const before = await tableHash(s, 'email_groups');
    for (const who of ['entsuper', 'entadmin'] as const) {
      expect((await s.call('modifyEmailGroup', { id: metroGroupId, name: 'Taken' }, t[who])).statusInfo).toBe('Record not found');
      expect((await s.call('delEmailGroup', { id: metroGroupId }, t[who])).statusInfo).toBe('Record not found');
      expect(await s.call('addEmailGroup', { name: 'Sneaky', addresses: ['s@x.com'], companyId: 3 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('getEmailGroup', { companyId: 3 }, t[who])).param.total).toBe(0);
    }
    const night = (await s.call('getEmailGroup', { name: 'NightShift', companyId: 2 }, t.entsuper)).param.list[0];
    expect(await s.call('getEmailGroup', {}, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('addEmailGroup', { name: 'Op', addresses: ['o@x.com'] }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('modifyEmailGroup', { id: night.id, name: 'Op' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('delEmailGroup', { id: night.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'email_groups')).toBe(before);
  });
});
