import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION } from './admin-support';

/**
 * Spec §7 statistics over detections, patrol runs and SOS calls: known rows are written straight
 * into the tables (simulator off), then every statistic is checked to the exact figure, for one
 * robot, for the caller's company tree and for the platform administrator.
 */
let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;

/** Midnight UTC of today, plus hours, minus days (SQL). */
const AT = (daysParam: string, hours: number) => `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') + interval '${hours} hours' - make_interval(days => ${daysParam})`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off', SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  const db = s.server.services.db;
  const det = (robotId: string, companyId: number, kind: string, daysAgo: number, data: Record<string, unknown>) =>
    db.query(`INSERT INTO detections ("robotId", "companyId", kind, "detectedAt", data) VALUES ($1, $2, $3, ${AT('$4', 8)}, $5)`, [robotId, companyId, kind, daysAgo, JSON.stringify(data)]);
  // HarborSecurity (2), robot PatrolA1.
  await det('01WR000001', 2, 'face', 0, { personName: 'Li Wei', entryType: 1 });
  await det('01WR000001', 2, 'face', 0, { personName: 'Zhao Lei', entryType: 2 });
  await det('01WR000001', 2, 'face', 2, { personName: 'Zhao Lei', entryType: 2 });
  await det('01WR000001', 2, 'face', 40, { personName: 'Wang Fang', entryType: 4 });
  await det('01WR000001', 2, 'plate', 0, { plateNumber: '沪A11111', plateColor: 'blue' });
  await det('01WR000001', 2, 'plate', 1, { plateNumber: '沪A11111', plateColor: 'blue' });
  await det('01WR000001', 2, 'plate', 0, { plateNumber: '沪B22222', plateColor: 'yellow' });
  await det('01WR000001', 2, 'person', 0, { personCount: 3 });
  await det('01WR000001', 2, 'person', 1, { personCount: 2 });
  await det('01WR000001', 2, 'thermal', 0, { maxTemp: 91, overThreshold: true });
  await det('01WR000001', 2, 'thermal', 0, { maxTemp: 40, overThreshold: false });
  await det('01WR000001', 2, 'env', 0, { methane: 1.9, smoke: 110, exceeded: ['methane', 'smoke'] });
  await det('01WR000001', 2, 'env', 0, { methane: 0.1, smoke: 3, exceeded: [] });
  // HarborEast (4, a child of Harbor), robot EastPatrol: a feverish body temperature.
  await det('04WR000003', 4, 'temperature', 0, { bodyTemp: 38.1, tempStatus: 1 });
  // MetroColdChain (3): never counted for Harbor users.
  await det('05WV000001', 3, 'face', 0, { entryType: 2 });
  await det('05WV000001', 3, 'plate', 0, { plateNumber: '沪C33333', plateColor: 'green' });
  await det('05WV000001', 3, 'person', 0, { personCount: 7 });

  // Patrol runs: 30 min finished and 10 min stopped on Perimeter (PatrolA1), 20 min on Lobby (PatrolA2), 15 min at Metro.
  const run = (robotId: string, route: string, daysAgo: number, minutes: number, status: number) =>
    db.query(`INSERT INTO nav_records ("taskId", "robotId", "routeName", "status", "startedAt", "endedAt") VALUES (1, $1, $2, $3, ${AT('$4', 9)}, ${AT('$4', 9)} + make_interval(mins => $5))`, [robotId, route, status, daysAgo, minutes]);
  await run('01WR000001', 'Perimeter', 0, 30, 3);
  await run('01WR000001', 'Perimeter', 1, 10, 0);
  await run('01WR000002', 'Lobby', 0, 20, 3);
  await run('05WV000001', 'ColdLoop', 0, 15, 3);

  // Minute samples: PatrolA1 enters SOS (status 12) twice today, EastPatrol once yesterday, a Metro robot once.
  const sample = (robotId: string, companyId: number, daysAgo: number, minute: number, status: number) =>
    db.query(`INSERT INTO energy_samples ("robotId", "companyId", "t", "battery", "status") VALUES ($1, $2, ${AT('$3', 10)} + make_interval(mins => $4), 80, $5)`, [robotId, companyId, daysAgo, minute, status]);
  for (const [minute, status] of [[0, 0], [1, 12], [2, 12], [3, 0], [4, 12]] as const) await sample('01WR000001', 2, 0, minute, status);
  await sample('04WR000003', 4, 1, 0, 12);
  await sample('05WV000001', 3, 0, 0, 12);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

// The last 7 days as a custom range: a calendar week (issue 22) would hold 1 to 7 of them by the weekday.
const week = { robotId: '01WR000001', period: 'custom', start: day(6), end: day(0) };
const tree = { period: 'custom', start: day(6), end: day(0) };
/** The last `n` days (the test data lie at fixed distances from today, calendar months and quarters do not). */
const lastDays = (n: number) => ({ start: day(n - 1), end: day(0) });
const call = async (name: string, param: object, token = t.entsuper) => {
  const a = await s.call(name, param, token);
  expect(a.statusCode, `${name}: ${a.statusInfo}`).toBe(200);
  return a.param;
};

describe('detection statistics (spec §7) of a robot, a company tree and the platform', () => {
  it('counts detections by kind over the period', async () => {
    const a = await call('getInfoCount', week);
    expect(a.total).toBe(12);
    expect(a.kinds).toMatchObject({ face: 3, plate: 3, person: 2, thermal: 2, temperature: 0, env: 2, event: 0, snap: 0 });
    expect(Object.keys(a.kinds)).toHaveLength(14);
    expect((await call('getInfoCount', { ...week, ...lastDays(90) })).kinds.face).toBe(4);
    expect((await call('getInfoCount', tree)).total).toBe(13);
    expect((await call('getInfoCount', tree, t.admin)).total).toBe(16);
  });

  it('counts faces by list type, plates by colour, persons, infrared and gas over threshold', async () => {
    expect(await call('queryFaceCount', week)).toEqual({ total: 3, whitelist: 1, blacklist: 2, intrusion: 0, person: 0, other: 0 });
    expect(await call('queryFaceCount', { ...week, ...lastDays(90) })).toMatchObject({ total: 4, person: 1 });
    expect(await call('queryPlateCount', week)).toEqual({ total: 3, distinct: 2, colours: [{ plateColor: 'blue', count: 2 }, { plateColor: 'yellow', count: 1 }] });
    expect(await call('getPersonCount', week)).toEqual({ detections: 2, persons: 5 });
    expect(await call('getPersonCount', tree, t.admin)).toEqual({ detections: 3, persons: 12 });
    expect(await call('getInfraredAlarmCount', tree)).toEqual({ thermal: 2, overThreshold: 1, temperature: 1, fever: 1, alarms: 2 });
    expect(await call('getInfraredAlarmCount', week)).toEqual({ thermal: 2, overThreshold: 1, temperature: 0, fever: 0, alarms: 1 });
    expect(await call('queryHarmfulgasCount', week)).toEqual({
      readings: 2,
      exceeded: 1,
      byReading: { temperature: 0, humidity: 0, smoke: 1, pm25: 0, methane: 1, hydrogenFluoride: 0 },
    });
  });

  it('gives face, plate, person and infrared trends for every day of the period', async () => {
    const faces = (await call('getFaceTrend', week)) as { date: string; count: number; alarms: number }[];
    expect(faces).toHaveLength(7);
    expect(faces.at(-1)).toEqual({ date: day(0), count: 2, alarms: 1 });
    expect(faces.find((d) => d.date === day(2))).toEqual({ date: day(2), count: 1, alarms: 1 });
    expect(faces.reduce((n, d) => n + d.count, 0)).toBe(3);
    const plates = (await call('getPlateTrend', week)) as { date: string; count: number }[];
    expect(plates.slice(-2)).toEqual([
      { date: day(1), count: 1 },
      { date: day(0), count: 2 },
    ]);
    const persons = (await call('getPersonTrend', { ...week, ...lastDays(30) })) as { date: string; count: number }[];
    expect(persons).toHaveLength(30);
    expect(persons.slice(-2)).toEqual([
      { date: day(1), count: 1 },
      { date: day(0), count: 1 },
    ]);
    const infrared = (await call('getInfraredTrend', tree)) as { date: string; count: number; alarms: number }[];
    expect(infrared.at(-1)).toEqual({ date: day(0), count: 3, alarms: 2 });
    const custom = (await call('getFaceTrend', { ...week, period: 'custom', start: day(2), end: day(2) })) as unknown[];
    expect(custom).toEqual([{ date: day(2), count: 1, alarms: 1 }]);
  });

  it('counts detections per robot of the tree, patrol runs per route and per day, and SOS calls', async () => {
    const perRobot = (await call('getTestNumber', tree)) as { robotId: string; count: number }[];
    expect(perRobot.slice(0, 2)).toEqual([
      { robotId: '01WR000001', robotName: 'PatrolA1', count: 12 },
      { robotId: '04WR000003', robotName: 'EastPatrol', count: 1 },
    ]);
    expect(perRobot.map((r) => r.robotId).sort()).toEqual(['01WR000001', '01WR000002', '02WF000001', '03WS000001', '04TP000001', '04WR000003']);
    expect(perRobot.slice(2).every((r) => r.count === 0)).toBe(true);
    expect(await call('getNavigationNameCount', tree)).toEqual([
      { routeName: 'Perimeter', runs: 2, finished: 1, minutes: 40 },
      { routeName: 'Lobby', runs: 1, finished: 1, minutes: 20 },
    ]);
    const time = await call('getNavigationTimeCount', week);
    expect(time).toMatchObject({ runs: 2, minutes: 40 });
    expect(time.daily.slice(-2)).toEqual([
      { date: day(1), runs: 1, minutes: 10 },
      { date: day(0), runs: 1, minutes: 30 },
    ]);
    expect(await call('getNavigationTimeCount', tree, t.admin)).toMatchObject({ runs: 4, minutes: 75 });
    const sos = await call('getSOSCount', tree);
    expect(sos.total).toBe(3);
    expect(sos.robots).toEqual([
      { robotId: '01WR000001', robotName: 'PatrolA1', count: 2 },
      { robotId: '04WR000003', robotName: 'EastPatrol', count: 1 },
    ]);
    expect(sos.daily.slice(-2)).toEqual([
      { date: day(1), count: 1 },
      { date: day(0), count: 2 },
    ]);
    expect((await call('getSOSCount', tree, t.admin)).total).toBe(4);
  });

  it('sums detections, patrols and SOS calls up in getSummaryStatistics', async () => {
    expect(await call('getSummaryStatistics', week)).toMatchObject({ detections: 12, faces: 3, plates: 3, persons: 2, infrared: 2, navigations: 2, navigationMinutes: 40, sos: 2 });
    expect(await call('getSummaryStatistics', tree)).toMatchObject({ detections: 13, faces: 3, infrared: 3, navigations: 3, sos: 3 });
  });

  it('refuses general users, robots of another company and bad periods; nothing of Metro is counted for Harbor', async () => {
    for (const name of ['getInfoCount', 'queryFaceCount', 'getFaceTrend', 'getSOSCount', 'getNavigationNameCount', 'getTestNumber']) {
      expect(await s.call(name, week, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call(name, { robotId: '05WV000001', period: 'week' }, t.entsuper)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    }
    expect(await s.call('getPlateTrend', { ...week, period: 'custom', start: day(0), end: day(3) }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'Custom period: the start date must not be after the end date, and the period is at most 366 days',
    });
    expect((await call('queryPlateCount', tree)).colours.some((c: { plateColor: string }) => c.plateColor === 'green')).toBe(false);
    expect((await call('queryPlateCount', tree, t.admin)).colours).toContainEqual({ plateColor: 'green', count: 1 });
  });
});

describe('report workbook with detections', () => {
  it('adds the detection figures, their daily trend and the patrol routes to the export', async () => {
    const res = await fetch(`${s.url}/api/report/export`, { method: 'POST', headers: { 'content-type': 'application/json', token: t.entsuper }, body: JSON.stringify({ ...week, lang: 'en' }) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Daily', 'By code', 'Alarms', 'Detections', 'Detections per day', 'Patrol routes']);
    const values = (name: string) => wb.getWorksheet(name)!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(values('Summary')).toContainEqual(['Detections in all', 12]);
    expect(values('Summary')).toContainEqual(['SOS calls', 2]);
    expect(values('Detections')).toEqual(expect.arrayContaining([['Faces', 3], ['License plates', 3], ['Persons', 2], ['Detections in all', 12], ['Black-list faces', 2], ['Infrared over threshold', 1], ['Environment readings over threshold', 1]]));
    expect(values('Detections per day').at(-1)).toEqual([day(0), 2, 2, 1, 2, 1]);
    expect(values('Patrol routes')).toEqual([['Perimeter', 2, 1, 40]]);
  });
});
