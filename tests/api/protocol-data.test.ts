import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rest } from './admin-support';

/**
 * Issue 20, from real data: the fire-fighting log read from operation_log, robot data files that
 * carry the function configuration, snapped pictures the robot sends, and the disinfection
 * statements from the disinfection robots' telemetry.
 */
let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const db = () => s.server.services.db;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  const end = Date.now() + 15_000;
  while (Date.now() < end && !['02WF000001', '01WR000001', '01WR000002', '06LK000001'].every((id) => s.server.services.fleet.get(id)?.online)) await new Promise((r) => setTimeout(r, 200));
}, 150_000);
afterAll(async () => s?.close());

describe('queryFireOperationLog', () => {
  it('finds the fire-fighting just performed in the operation log, newest first, with who and what', async () => {
    expect((await s.call('fireFighting', { robotId: '02WF000001', status: 1 }, t.admin)).statusCode).toBe(200);
    expect((await s.call('fireFighting', { robotId: '02WF000001', status: 0 }, t.admin)).statusCode).toBe(200);
    const log = (await s.call('queryFireOperationLog', { robotId: '02WF000001' }, t.admin)).param as { id: number; at: string; username: string; event: string; operation: number; statusCode: number }[];
    expect(log.slice(0, 2)).toMatchObject([
      { event: 'fireFighting', operation: 0, statusCode: 200, username: 'admin' },
      { event: 'fireFighting', operation: 1, statusCode: 200, username: 'admin' },
    ]);
    expect(log[0]!.id).toBeGreaterThan(log[1]!.id);
    expect(Number.isNaN(Date.parse(log[0]!.at))).toBe(false);
    // The rows are operation_log's own.
    const rows = await db().query<{ id: string }>(`SELECT id FROM operation_log WHERE event = 'fireFighting' AND param->>'robotId' = '02WF000001' ORDER BY id DESC`);
    expect(log.filter((r) => r.event === 'fireFighting').map((r) => r.id)).toEqual(rows.map((r) => Number(r.id)));
    // Another robot's log does not hold them; a robot out of the caller's companies is not found.
    expect((await s.call('queryFireOperationLog', { robotId: '01WR000001' }, t.admin)).param).toEqual([]);
    expect((await s.call('queryFireOperationLog', { robotId: '05WV000001' }, t.entadmin)).statusInfo).toBe('Robot not found');
  });
});

describe('robot data files carry the function configuration', () => {
  it('export, change, import: equal; a bad template imports nothing and says why', async () => {
    const company = (await db().query<{ companyId: number }>(`SELECT "companyId" FROM robots WHERE "robotId" = '01WR000001'`))[0]!.companyId;
    const tpl = (await db().query<{ id: number }>(`INSERT INTO ent_robot_func_template ("name", "modules", "description", "companyId") VALUES ('Night patrol', '["face","plate"]', 'night', $1) RETURNING id`, [company]))[0]!.id;
    await db().query(`UPDATE robots SET "funcTemplateId" = $1, "modules" = '["thermal"]' WHERE "robotId" = '01WR000001'`, [tpl]);
    const state = async () => {
      const r = (await db().query<{ modules: string[]; funcTemplateId: number | null }>(`SELECT "modules", "funcTemplateId" FROM robots WHERE "robotId" = '01WR000001'`))[0]!;
      const tp = r.funcTemplateId ? (await db().query(`SELECT "name", "modules", "description" FROM ent_robot_func_template WHERE id = $1`, [r.funcTemplateId]))[0] : null;
      return { modules: r.modules, template: tp };
    };
    const before = await state();
    const file = (await s.call('exportDataByRobotId', { robotId: '01WR000001' }, t.admin)).param;
    expect(file).toMatchObject({ modules: ['thermal'], template: { name: 'Night patrol', modules: ['face', 'plate'], description: 'night' } });
    // Change the robot's modules, its template's modules, and unbind it.
    await db().query(`UPDATE ent_robot_func_template SET "modules" = '["x3"]' WHERE id = $1`, [tpl]);
    await db().query(`UPDATE robots SET "funcTemplateId" = NULL, "modules" = '[]' WHERE "robotId" = '01WR000001'`);
    const changed = await state();
    // A bad template: nothing changes.
    for (const bad of [{ ...file, template: { name: '', modules: [] } }, { ...file, template: { name: 'X', modules: [3] } }, { ...file, modules: 'face' }]) {
      expect((await s.call('importData', { robotId: '01WR000001', data: bad }, t.admin)).statusInfo).toBe('File format error: the function template of the file is not valid');
      expect(await state()).toEqual(changed);
    }
    const ok = await s.call('importData', { robotId: '01WR000001', data: file }, t.admin);
    expect(ok.param).toMatchObject({ robotId: '01WR000001', template: 'Night patrol' });
    expect(await state()).toEqual(before);
    // The function configuration the console reads follows.
    expect((await s.call('getRobotFuncConfig', { robotId: '01WR000001' }, t.admin)).param).toMatchObject({ template: 'Night patrol', modules: expect.arrayContaining(['thermal', 'face', 'plate']) });
    // In a robot of another company with no such template, the template is made in that company.
    const other = (await db().query<{ robotId: string; companyId: number }>(`SELECT "robotId", "companyId" FROM robots WHERE "robotType" = 1 AND "companyId" <> $1 LIMIT 1`, [company]))[0];
    if (other) {
      expect((await s.call('importData', { robotId: other.robotId, data: file }, t.admin)).statusCode).toBe(200);
      expect(await db().query(`SELECT "name" FROM ent_robot_func_template WHERE "companyId" = $1 AND "name" = 'Night patrol'`, [other.companyId])).toHaveLength(1);
    }
    expect((await s.call('exportDataByRobotId', { robotId: '01WR000001' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
});

describe('snapPictures', () => {
  it('keeps the picture the robot sends as a snapped picture and serves it', async () => {
    const a = (await s.call('snapPictures', { robotId: '01WR000001', cameraId: 1 }, t.admin)).param;
    expect(a).toMatchObject({ robotId: '01WR000001', cameraId: 1, pictureUrl: expect.stringMatching(/^\/uploads\/.+\.png$/) });
    const res = await fetch(`${s.url}${a.pictureUrl}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const row = (await db().query<{ kind: string; data: { cameraId: number } }>('SELECT kind, data FROM detections WHERE id = $1', [a.id]))[0]!;
    expect(row.kind).toBe('snap');
    expect(row.data.cameraId).toBe(1);
    expect((await s.call('snapPictures', { robotId: '01WR000001', cameraId: 9 }, t.admin)).statusCode).toBe(400);
    expect((await s.call('snapPictures', { robotId: '01WR000001' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
});

describe('disinfection statements', () => {
  it('come from the disinfection robots’ telemetry', async () => {
    const end = Date.now() + 20_000;
    let n = 0;
    while (Date.now() < end && (n = (await db().query(`SELECT 1 FROM disinfection_samples WHERE "robotId" = '06LK000001'`)).length) < 1) await new Promise((r) => setTimeout(r, 500));
    expect(n).toBeGreaterThan(0);
    // Known rows besides the simulator's: 30 minutes of work today, 10 minutes idle.
    await db().query(`INSERT INTO disinfection_samples ("robotId", "companyId", "t", "working", "seconds", "concentration") SELECT '06LK000001', "companyId", now(), 1, 1800, 25 FROM robots WHERE "robotId" = '06LK000001'`);
    await db().query(`INSERT INTO disinfection_samples ("robotId", "companyId", "t", "working", "seconds", "concentration") SELECT '06LK000001', "companyId", now(), 0, 600, 5 FROM robots WHERE "robotId" = '06LK000001'`);
    const worked = (await db().query<{ s: number }>(`SELECT COALESCE(sum(seconds), 0)::float8 AS s FROM disinfection_samples WHERE working = 1 AND "robotId" = '06LK000001'`))[0]!.s;
    const group = (await rest(s, 'GET', '/robot/statements/totalDisinfectTimeGroup', t.admin)).data as { robotId: string; day: string; minutes: number }[];
    const mine = group.filter((r) => r.robotId === '06LK000001');
    expect(mine.reduce((a, r) => a + r.minutes, 0)).toBeCloseTo(worked / 60, 0);
    expect(mine.at(-1)!.minutes).toBeGreaterThanOrEqual(30);
    const total = (await rest(s, 'GET', '/robot/statements/totalDisinfectTime', t.admin)).data as { minutes: number };
    expect(total.minutes).toBeGreaterThanOrEqual(30);
    const chart = (await rest(s, 'GET', '/robot/statements/concentrationChart', t.admin)).data as { robotId: string; hour: string; concentration: number }[];
    expect(chart.some((r) => r.robotId === '06LK000001' && r.concentration > 0 && /^\d{4}-\d\d-\d\dT\d\d:00$/.test(r.hour))).toBe(true);
    // Another company sees none of them.
    const other = (await rest(s, 'GET', '/robot/statements/totalDisinfectTimeGroup', t.entadmin)).data as { robotId: string }[];
    expect(other.some((r) => r.robotId === '06LK000001')).toBe(false);
  });
});
