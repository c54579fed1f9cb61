import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const LOGS = [
  ['01WR000001', 2, 1, 'sys-20250301.log', 20480, '2025-03-01T10:00:00Z', 2],
  ['01WR000001', 2, 2, 'navi-20250301.log', 4096, '2025-03-01T11:00:00Z', 2],
  ['04TP000001', 4, 5, 'chassis-20250302.log', 1024, '2025-03-02T09:00:00Z', 3],
  ['05WV000001', 3, 1, 'sys-20250303.log', 8192, '2025-03-03T08:00:00Z', 1],
] as const;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  // Robots upload their logs (logUpload comes with the debug tools); rows are written as that flow will.
  for (const [robotId, companyId, logType, fileName, fileSize, uploadTime, status] of LOGS) {
    await s.server.services.db.query(
      'INSERT INTO robot_logs ("robotId", "companyId", "logType", "fileName", "fileSize", "uploadTime", "status") VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [robotId, companyId, logType, fileName, fileSize, uploadTime, status],
    );
  }
});
afterAll(async () => s?.close());

describe('logManage over getLogs/delLog', () => {
  it('lists robot logs paged, newest upload first, with filters and sort', async () => {
    const page = await s.call('getLogs', { pageNum: 1, pageSize: 3, sortField: 'uploadTime', sortOrder: 'descend' }, t.admin);
    expect(page.param.total).toBe(4);
    expect(page.param.list.map((l: { fileName: string }) => l.fileName)).toEqual(['sys-20250303.log', 'chassis-20250302.log', 'navi-20250301.log']);
    expect(page.param.list[0]).toMatchObject({ robotId: '05WV000001', companyId: 3, logType: 1, fileSize: 8192, status: 1 });
    expect(new Date(page.param.list[0].uploadTime).toISOString()).toBe('2025-03-03T08:00:00.000Z');
    expect((await s.call('getLogs', { pageNum: 2, pageSize: 3 }, t.admin)).param.list).toHaveLength(1);
    expect((await s.call('getLogs', { robotId: '01wr' }, t.platform)).param.total).toBe(2);
    expect((await s.call('getLogs', { logType: 1 }, t.platform)).param.total).toBe(2);
    expect((await s.call('getLogs', { status: 3 }, t.platform)).param.list[0].fileName).toBe('chassis-20250302.log');
    const range = await s.call('getLogs', { uploadTime: ['2025-03-01T10:30:00Z', '2025-03-02T23:59:59Z'] }, t.admin);
    expect(range.param.list.map((l: { fileName: string }) => l.fileName)).toEqual(['chassis-20250302.log', 'navi-20250301.log']);
  });

  it('refuses a malformed or unknown id with the exact message and deletes nothing', async () => {
    const before = await tableHash(s, 'robot_logs');
    expect(await s.call('delLog', { id: 'abc' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: id' });
    expect(await s.call('delLog', { id: 999999 }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Record not found' });
    expect(await tableHash(s, 'robot_logs')).toBe(before);
  });

  it('offers no create or update: logs come from robots', async () => {
    expect((await s.call('addLog', { robotId: '01WR000001' }, t.admin)).statusCode).toBe(404);
    expect((await s.call('modifyLog', { id: 1 }, t.admin)).statusCode).toBe(404);
  });

  it('refuses enterprise roles and general users (spec §6: logManage is blocked for them); nothing changes', async () => {
    const row = (await s.call('getLogs', { pageNum: 1, pageSize: 1 }, t.admin)).param.list[0];
    const before = await tableHash(s, 'robot_logs');
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('getLogs', { pageNum: 1, pageSize: 10 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('delLog', { id: row.id }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    }
    expect(await tableHash(s, 'robot_logs')).toBe(before);
  });

  it('deletes a log', async () => {
    const row = (await s.call('getLogs', { robotId: '04TP' }, t.admin)).param.list[0];
    const n = await rowCount(s, 'robot_logs');
    expect(await s.call('delLog', { id: row.id }, t.platform)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: row.id } });
    expect(await rowCount(s, 'robot_logs')).toBe(n - 1);
    expect((await s.call('getLogs', { robotId: '04TP' }, t.admin)).param.total).toBe(0);
  });
});
