import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

async function exportList(token: string, entity: string, param: Record<string, unknown>, lang = 'en') {
  const res = await fetch(`${s.url}/api/export`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify({ entity, param, lang }) });
  return res;
}

async function sheet(res: Response): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export of a filtered list to Excel', () => {
  it('writes the filtered rows with labelled columns, enum labels and company names', async () => {
    const admin = await s.login('admin');
    const res = await exportList(admin, 'robot', { robotName: 'patrol', sortField: 'robotId', sortOrder: 'ascend' });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('robot.xlsx');
    const rows = await sheet(res);
    expect(rows[0]).toEqual(['Serial number', 'Name', 'Type', 'Company', 'Region', 'Online', 'Status', 'Navigation switch']);
    // Spec §3 navigation switch, open by default: its label, not the stored 1.
    expect(rows.slice(1).map((r) => r[7])).toEqual(['Open', 'Open', 'Open']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['01WR000001', '01WR000002', '04WR000003']);
    expect(rows[1]!.slice(1, 5)).toEqual(['PatrolA1', 'Security patrol (Anbot)', 'HarborSecurity', 'NorthCampus']);
    const zh = await sheet(await exportList(admin, 'robot', { robotId: '01WR000001' }, 'zh'));
    expect(zh[0]![0]).toBe('序列号');
    expect(zh[1]![2]).toBe('安保巡逻机器人');
    // Issue 22: a robot's status reads as the list shows it — offline robots (no simulator here) say Offline, not a status code's label.
    expect(rows.slice(1).map((r) => [r[5], r[6]])).toEqual([
      ['Offline', 'Offline'],
      ['Offline', 'Offline'],
      ['Offline', 'Offline'],
    ]);
    expect(zh[1]![6]).toBe('离线');
  });

  it('keeps company scope and permissions', async () => {
    const entsuper = await s.login('entsuper');
    const rows = await sheet(await exportList(entsuper, 'robot', {}));
    expect(rows.slice(1).every((r) => ['HarborSecurity', 'HarborEast'].includes(String(r[3])))).toBe(true);
    expect(await (await exportList(entsuper, 'no-such-entity', {})).json()).toEqual({ code: 404, message: 'Record not found' });
    expect(await (await exportList('bad', 'robot', {})).json()).toEqual({ code: 403, message: 'Login expired, please log in again' });
  });

  it('filters dates by range', async () => {
    const admin = await s.login('admin');
    await s.call('addCompany', { name: 'RangeProbe' }, admin);
    const now = Date.now();
    const within = await s.call('queryOperationLog', { at: [new Date(now - 60_000).toISOString(), new Date(now + 60_000).toISOString()], event: 'addCompany' }, admin);
    expect(within.param.total).toBe(1);
    const before = await s.call('queryOperationLog', { at: ['2000-01-01T00:00:00Z', '2000-01-02T00:00:00Z'] }, admin);
    expect(before.param.total).toBe(0);
    expect((await s.call('queryOperationLog', { at: ['yesterday', ''] }, admin)).statusCode).toBe(400);
  });
});
