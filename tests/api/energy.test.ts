import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';
import { reportRange, weekStartOf } from '../../common/alarm-codes';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0', ENERGY_SAMPLE_SECONDS: '1' });
  t = await loginAll(s);
}, 60_000);
afterAll(async () => s?.close());

/** Battery samples of a robot that is not simulated, minutes apart, ending `endDaysAgo` days ago. */
async function samples(robotId: string, companyId: number, points: [battery: number, status: number][], endDaysAgo = 0) {
  for (const [i, [battery, status]] of points.entries()) {
    await s.server.services.db.query(
      `INSERT INTO energy_samples ("robotId", "companyId", "t", "battery", "status", "charging")
       VALUES ($1, $2, date_trunc('day', now()) - make_interval(days => $3) + make_interval(mins => $4), $5, $6, $7)`,
      [robotId, companyId, endDaysAgo, i * 10, battery, status, status === 3 || status === 22 ? 1 : 0],
    );
  }
}

describe('getEnergyConsumption (energyConsumption, spec §2)', () => {
  it('records the battery of online robots from their telemetry', async () => {
    const n = async () => (await s.server.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM energy_samples WHERE "robotId" = '01WR000002'`))[0]!.n;
    for (let i = 0; i < 100 && (await n()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await n()).toBeGreaterThanOrEqual(2);
    // The offline robot has none.
    expect((await s.server.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM energy_samples WHERE "robotId" = '03WS000001'`))[0]!.n).toBe(0);
  });

  it('sums consumption, charging, sessions and charging time per day of the period', async () => {
    // LobbyStatic is offline (not simulated), so only these samples count. Today: 80 → 70 → 60, charge 60 → 75 → 90, then 85.
    await s.server.services.db.query(`UPDATE robots SET "robotType" = 1 WHERE "robotId" = '03WS000001'`);
    await s.server.services.fleet.load();
    await samples('03WS000001', 2, [[80, 2], [70, 2], [60, 0], [75, 3], [90, 3], [85, 2]]);
    await samples('03WS000001', 2, [[50, 2], [40, 2]], 3);
    // The last seven days as a custom period: a calendar week holds fewer days early in the week (on Sunday, one).
    const today = new Date().toISOString().slice(0, 10);
    const sixDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const a = await s.call('getEnergyConsumption', { robotId: '03WS000001', period: 'custom', start: sixDaysAgo, end: today }, t.entadmin);
    expect(a.statusCode).toBe(200);
    expect(a.param.daily).toHaveLength(7);
    expect(a.param.daily.at(-1)).toEqual({ date: today, consumed: 25, charged: 30, chargingMinutes: 10 });
    expect(a.param.summary).toMatchObject({ consumed: 35, charged: 30, chargeSessions: 1, chargingMinutes: 10, perDay: 5 });
    expect(a.param.curve).toHaveLength(8);
    expect(a.param.curve[0]).toMatchObject({ battery: 50 });
    const custom = await s.call('getEnergyConsumption', { robotId: '03WS000001', period: 'custom', start: today, end: today }, t.entadmin);
    expect(custom.param.summary.consumed).toBe(25);
    // The calendar week (from Sunday in English) ends today, one row per day so far.
    const week = await s.call('getEnergyConsumption', { robotId: '03WS000001', period: 'week' }, t.entadmin);
    expect(week.param.daily).toHaveLength(reportRange('week', new Date(), undefined, { weekStartsOn: weekStartOf('en') }).days);
    expect(week.param.daily.at(-1)).toEqual({ date: today, consumed: 25, charged: 30, chargingMinutes: 10 });
  });

  it('needs a robot, refuses static robots, other tenants and general users', async () => {
    expect((await s.call('getEnergyConsumption', { period: 'week' }, t.entadmin)).statusInfo).toBe('Validation failed: Robot is required');
    await s.server.services.db.query(`UPDATE robots SET "robotType" = 4 WHERE "robotId" = '03WS000001'`);
    await s.server.services.fleet.load();
    expect(await s.call('getEnergyConsumption', { robotId: '03WS000001', period: 'week' }, t.entadmin)).toEqual({
      statusCode: 400,
      statusInfo: 'Static robots have no energy consumption figures',
    });
    expect(await s.call('getEnergyConsumption', { robotId: '05WV000001', period: 'week' }, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await s.call('getEnergyConsumption', { robotId: '01WR000001', period: 'week' }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
  });
});
