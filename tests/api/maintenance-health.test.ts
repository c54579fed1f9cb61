import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
}, 60_000);
afterAll(async () => s?.close());

const today = new Date().toISOString().slice(0, 10);
const n = async () => (await s.server.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM health_samples WHERE "robotId" = '01WR000002'`))[0]!.n;

describe('robot health (systemState, historyOnline, sensor, chassis/charge monitoring, operate)', () => {
  it('stores the simulated robots’ health reports as samples and answers getSystemState', async () => {
    for (let i = 0; i < 150 && (await n()) < 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await n()).toBeGreaterThanOrEqual(1);
    const a = await s.call('getSystemState', {}, t.admin);
    expect(a.statusCode).toBe(200);
    const row = a.param.robots.find((r: { robotId: string }) => r.robotId === '01WR000002');
    expect(row.online.walk).toBe(true);
    expect(row.health.cpu).toBeGreaterThan(0);
    expect(row.health.services.length).toBeGreaterThan(3);
    expect(row.health.chassis.wheels).toHaveLength(2);
    expect(a.param.thresholds.cpuPercent).toBeGreaterThan(0);
    // An offline robot is listed with the problem 'offline'.
    const off = a.param.robots.find((r: { online: { walk: boolean } }) => !r.online.walk);
    if (off) expect(off.problems).toContain('offline');
  }, 30_000);

  it('getRobotHealth, getSensorData: the last report and the samples', async () => {
    const a = await s.call('getRobotHealth', { robotId: '01WR000002', minutes: 60 }, t.admin);
    expect(a.statusCode).toBe(200);
    expect(a.param.latest.charging.soc).toBeGreaterThanOrEqual(0);
    expect(a.param.samples.length).toBeGreaterThanOrEqual(1);
    expect(a.param.samples[0].chassis.wheels[0]).toHaveProperty('currentA');
    const sd = await s.call('getSensorData', { robotId: '01WR000002', minutes: 60 }, t.entadmin);
    expect(sd.statusCode).toBe(200);
    expect(sd.param.sensors.map((x: { id: string }) => x.id)).toContain('humidity');
    expect(Object.keys(sd.param.history[0].values)).toContain('humidity');
  });

  it('getOnlineHistory: spans and uptime per subsystem', async () => {
    const a = await s.call('getOnlineHistory', { robotId: '01WR000002', start: today, end: today }, t.admin);
    expect(a.statusCode).toBe(200);
    expect(a.param.subsystems.map((x: { key: string }) => x.key)).toEqual(['walk', 'video', 'interaction']);
    expect(a.param.subsystems[0].spans.some((x: { up: boolean }) => x.up)).toBe(true);
    // Yesterday, one hour of samples every 30 s: walk online, video offline; the rest of the day offline.
    await s.server.services.db.query(
      `INSERT INTO health_samples ("robotId", "bucket", "companyId", "t", "walk", "video", "interaction", "data")
       SELECT '03WS000001', 100 + i, 2, date_trunc('day', now()) - interval '1 day' + make_interval(secs => i * 30), 1, 0, 1, '{}'::jsonb FROM generate_series(0, 119) AS i`,
    );
    const y = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const h = await s.call('getOnlineHistory', { robotId: '03WS000001', start: y, end: y }, t.admin);
    expect(h.param.subsystems.map((x: { uptime: number }) => x.uptime)).toEqual([4.17, 0, 4.17]);
    expect(h.param.subsystems[0].spans).toHaveLength(2);
    expect(h.param.subsystems[0].spans[0]).toMatchObject({ up: true, end: h.param.start + 3_600_000 });
  });

  it('getOperateStats: a row per robot and day', async () => {
    await s.server.services.db.query(
      `INSERT INTO health_samples ("robotId", "bucket", "companyId", "t", "data") VALUES
       ('03WS000001', 1, 2, now() - interval '1 minute', '{"working": true, "tasksDone": 10, "chassis": {"odometry": 1000}, "charging": {"cycles": 5}}'),
       ('03WS000001', 2, 2, now(), '{"working": true, "tasksDone": 12, "chassis": {"odometry": 1350}, "charging": {"cycles": 6}}')`,
    );
    const a = await s.call('getOperateStats', { robotId: '03WS000001', start: today, end: today }, t.entadmin);
    expect(a.statusCode).toBe(200);
    expect(a.param.days[0]).toMatchObject({ date: today, robotId: '03WS000001', mileageM: 350, tasks: 2, chargeCycles: 1, workingHours: 0.02 });
    const all = await s.call('getOperateStats', { start: today, end: today }, t.admin);
    expect(all.param.days.length).toBeGreaterThan(1);
  });

  it('exports the online history and the operation statistics as .xlsx with headers in the caller\'s language', async () => {
    const exportOf = async (entity: string, param: unknown, token: string, lang: string) => {
      const res = await fetch(`${s.url}/api/health-export`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ entity, param, lang }) });
      return res;
    };
    const sheetOf = async (res: Response) => {
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const ws = wb.worksheets[0]!;
      return { name: ws.name, rows: ws.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1)) };
    };
    const y = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const online = await sheetOf(await exportOf('onlineHistory', { robotId: '03WS000001', start: y, end: y }, t.admin, 'en'));
    expect(online.name).toBe('Online history');
    expect(online.rows[0]).toEqual(['Subsystem', 'State', 'From', 'To', 'Minutes']);
    expect(online.rows[1]!.slice(0, 2)).toEqual(['Walk', 'Online']);
    expect(online.rows[1]![4]).toBe(60);
    expect((online.rows[1]![2] as Date).getTime()).toBe(Date.parse(`${y}T00:00:00Z`));

    const company = (await s.server.services.db.query<{ name: string }>('SELECT "name" FROM companies WHERE id = 2'))[0]!.name;
    const operate = await sheetOf(await exportOf('operateStats', { robotId: '03WS000001', start: today, end: today }, t.entadmin, 'zh'));
    expect(operate.name).toBe('运营统计');
    expect(operate.rows[0]).toEqual(['日期', '机器人', '公司', '里程（km）', '工作时长（小时）', '任务数', '充电次数', '告警数']);
    expect(operate.rows[1]!.slice(0, 1)).toEqual([today]);
    expect(operate.rows[1]!.slice(2, 7)).toEqual([company, 0.35, 0.02, 2, 1]);

    // The events' rules hold: permission, then an unknown export.
    expect(await (await exportOf('onlineHistory', { robotId: '03WS000001', start: y, end: y }, t.entadmin, 'en')).json()).toEqual({ code: 401, message: NO_PERMISSION });
    expect(await (await exportOf('operateStats', { start: today, end: today }, t.monitor, 'en')).json()).toEqual({ code: 401, message: NO_PERMISSION });
    expect(await (await exportOf('robots', {}, t.admin, 'en')).json()).toMatchObject({ code: 404 });
  });

  it('refuses enterprise admins (systemState pages), general users, other tenants and bad input', async () => {
    for (const [event, param] of [
      ['getSystemState', {}],
      ['getRobotHealth', { robotId: '03WS000001', minutes: 60 }],
      ['getOnlineHistory', { robotId: '03WS000001', start: today, end: today }],
    ] as const) {
      expect(await s.call(event, param, t.entadmin)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call(event, param, t.entsuper)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call(event, param, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    }
    expect(await s.call('getSensorData', { robotId: '01WR000002', minutes: 60 }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('getOperateStats', { start: today, end: today }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('getSensorData', { robotId: '05WV000001', minutes: 60 }, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    const bad = await s.call('getRobotHealth', { robotId: '01WR000002', minutes: 5000 }, t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.statusInfo).toMatch(/^Validation failed/);
    expect(await s.call('getOnlineHistory', { robotId: '01WR000002', start: today, end: '2020-01-01' }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Custom period: the start date must not be after the end date, and the period is at most 31 days',
    });
  });
});
