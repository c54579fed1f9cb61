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

const entry = { moduleName: 'alarm', key: 'level.high', name: 'High level', value: '3' };

describe('dataDict over queryDataDict/addDataDict/modifyDataDict/delDataDict', () => {
  it('creates entries and lists them paged, with filters', async () => {
    const made = await s.call('addDataDict', entry, t.admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject(entry);
    await s.call('addDataDict', { moduleName: 'alarm', key: 'level.low', name: 'Low level', value: '1' }, t.admin);
    await s.call('addDataDict', { moduleName: 'robot', key: 'speed.max', name: 'Top speed', value: '1.2' }, t.platform);
    const page1 = await s.call('queryDataDict', { pageNum: 1, pageSize: 2 }, t.admin);
    expect(page1.param).toMatchObject({ total: 3 });
    expect(page1.param.list).toHaveLength(2);
    const page2 = await s.call('queryDataDict', { pageNum: 2, pageSize: 2 }, t.admin);
    expect(page2.param.list).toHaveLength(1);
    const alarm = await s.call('queryDataDict', { pageNum: 1, pageSize: 10, moduleName: 'ALARM', sortField: 'key', sortOrder: 'ascend' }, t.admin);
    expect(alarm.param.list.map((r: { key: string }) => r.key)).toEqual(['level.high', 'level.low']);
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'data_dict');
    expect(await s.call('addDataDict', { ...entry, key: 'other', moduleName: 'bad module' }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Module: Illegal characters: only letters, digits and Chinese characters are allowed',
    });
    expect((await s.call('addDataDict', { moduleName: 'alarm', key: 'other' }, t.admin)).statusInfo).toBe('Validation failed: Name is required');
    expect((await s.call('addDataDict', { ...entry, key: 'x'.repeat(65) }, t.admin)).statusInfo).toBe('Validation failed: Key must be at most 64 characters');
    expect((await s.call('addDataDict', { ...entry, key: 'other', secret: 1 }, t.admin)).statusInfo).toBe('Validation failed: Unknown field secret');
    expect(await tableHash(s, 'data_dict')).toBe(before);
  });

  it('keeps (module, key) unique, case-insensitively, on create and update', async () => {
    const before = await tableHash(s, 'data_dict');
    expect(await s.call('addDataDict', { ...entry, moduleName: 'ALARM', key: 'LEVEL.HIGH' }, t.admin)).toEqual({
      statusCode: 409,
      statusInfo: 'Key "LEVEL.HIGH" already exists in module "ALARM"',
    });
    expect((await s.call('addDataDict', { ...entry, moduleName: 'ALARM', key: 'LEVEL.HIGH' }, t.admin, 'zh')).statusInfo).toBe('模块"ALARM"中已存在键"LEVEL.HIGH"');
    const low = (await s.call('queryDataDict', { key: 'level.low' }, t.admin)).param.list[0];
    expect((await s.call('modifyDataDict', { id: low.id, key: 'level.high' }, t.admin)).statusCode).toBe(409);
    expect(await tableHash(s, 'data_dict')).toBe(before);
    // The same key in another module is fine.
    expect((await s.call('addDataDict', { ...entry, moduleName: 'robot' }, t.admin)).statusCode).toBe(200);
  });

  it('updates and deletes', async () => {
    const row = (await s.call('queryDataDict', { key: 'level.high', moduleName: 'alarm' }, t.admin)).param.list[0];
    const changed = await s.call('modifyDataDict', { id: row.id, name: 'Highest', value: '4' }, t.platform);
    expect(changed.param).toMatchObject({ id: row.id, moduleName: 'alarm', key: 'level.high', name: 'Highest', value: '4' });
    const n = await rowCount(s, 'data_dict');
    expect(await s.call('delDataDict', { id: row.id }, t.admin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: row.id } });
    expect(await rowCount(s, 'data_dict')).toBe(n - 1);
    expect((await s.call('delDataDict', { id: row.id }, t.admin)).statusInfo).toBe('Record not found');
  });

  it('lets every role read; only super and platform admins change the platform-wide dictionary', async () => {
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect((await s.call('queryDataDict', { pageNum: 1, pageSize: 10 }, t[who])).statusCode).toBe(200);
    }
    const row = (await s.call('queryDataDict', { pageNum: 1, pageSize: 1 }, t.admin)).param.list[0];
    const before = await tableHash(s, 'data_dict');
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('addDataDict', { ...entry, key: `new.${who}` }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('modifyDataDict', { id: row.id, name: 'Hacked' }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('delDataDict', { id: row.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await tableHash(s, 'data_dict')).toBe(before);
  });
});
