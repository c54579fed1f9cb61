import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

const key = { name: 'PartnerApi', companyId: 2, modules: ['telecontrol', 'video'], expiryDate: '2099-12-31' };
const TOKEN = /^fk_[A-Za-z0-9_-]{43}$/;

describe('applicationKey over queryApplicationKey/addApplicationKey/modifyApplicationKey/delApplicationKey', () => {
  it('creates a key with a server-made secret and lists it paged', async () => {
    const made = await s.call('addApplicationKey', key, t.admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject(key);
    expect(made.param.apiToken).toMatch(TOKEN);
    await s.call('addApplicationKey', { ...key, name: 'MetroApi', companyId: 3 }, t.admin);
    await s.call('addApplicationKey', { ...key, name: 'EastApi', companyId: 4, modules: [] }, t.admin);
    const page = await s.call('queryApplicationKey', { pageNum: 1, pageSize: 2 }, t.admin);
    expect(page.param.total).toBe(3);
    expect(page.param.list).toHaveLength(2);
    const metro = await s.call('queryApplicationKey', { pageNum: 1, pageSize: 10, companyId: 3 }, t.admin);
    expect(metro.param.list.map((k: { name: string }) => k.name)).toEqual(['MetroApi']);
    expect(metro.param.list[0].apiToken).toMatch(TOKEN);
  });

  it('never lets the caller choose the key, and keeps it out of the operation log', async () => {
    const made = await s.call('addApplicationKey', { ...key, name: 'Chosen', apiToken: 'mine' }, t.admin);
    expect(made.param.apiToken).toMatch(TOKEN);
    const logged = await s.server.services.db.query<{ result: { apiToken: string } }>(
      `SELECT "result" FROM operation_log WHERE "event" = 'addApplicationKey' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged[0]!.result.apiToken).toBe('***');
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'application_keys');
    expect(await s.call('addApplicationKey', { ...key, expiryDate: '2099-02-30' }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Expiry date: enter a date as YYYY-MM-DD',
    });
    expect((await s.call('addApplicationKey', { ...key, expiryDate: '31/12/2099' }, t.admin, 'zh')).statusInfo).toBe('校验失败：到期日期：日期格式应为 YYYY-MM-DD');
    expect(await s.call('addApplicationKey', { ...key, expiryDate: '2001-01-01' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'The expiry date must not be in the past' });
    expect((await s.call('addApplicationKey', { ...key, modules: ['teleport'] }, t.admin)).statusInfo).toBe('Validation failed: Available modules has a value that is not allowed');
    expect((await s.call('addApplicationKey', { ...key, companyId: undefined }, t.admin)).statusInfo).toBe('Validation failed: Company is required');
    expect(await s.call('addApplicationKey', { ...key, companyId: 999 }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Company not found' });
    expect(await tableHash(s, 'application_keys')).toBe(before);
  });

  it('updates the name, modules and expiry; resetApplicationKey replaces the secret', async () => {
    const row = (await s.call('queryApplicationKey', { name: 'PartnerApi' }, t.admin)).param.list[0];
    const changed = await s.call('modifyApplicationKey', { id: row.id, modules: ['alarm'], expiryDate: '2100-01-31', apiToken: 'mine' }, t.admin);
    expect(changed.param).toMatchObject({ id: row.id, modules: ['alarm'], expiryDate: '2100-01-31', apiToken: row.apiToken });
    const reset = await s.call('resetApplicationKey', { id: row.id }, t.admin);
    expect(reset.param.apiToken).toMatch(TOKEN);
    expect(reset.param.apiToken).not.toBe(row.apiToken);
    expect((await s.call('resetApplicationKey', { id: 999999 }, t.admin)).statusInfo).toBe('Record not found');
  });

  it('deletes', async () => {
    const row = (await s.call('queryApplicationKey', { name: 'EastApi' }, t.admin)).param.list[0];
    const n = await rowCount(s, 'application_keys');
    expect(await s.call('delApplicationKey', { id: row.id }, t.admin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: row.id } });
    expect(await rowCount(s, 'application_keys')).toBe(n - 1);
  });

  it('is for the super admin only: the platform admin and every other role is refused and nothing changes', async () => {
    const row = (await s.call('queryApplicationKey', { name: 'PartnerApi' }, t.admin)).param.list[0];
    const before = await tableHash(s, 'application_keys');
    for (const who of ['platform', 'entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('queryApplicationKey', { pageNum: 1, pageSize: 10 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('addApplicationKey', { ...key, name: `By${who}` }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('modifyApplicationKey', { id: row.id, name: 'Hacked' }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('resetApplicationKey', { id: row.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('delApplicationKey', { id: row.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await tableHash(s, 'application_keys')).toBe(before);
  });
});
