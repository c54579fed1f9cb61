import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttTopics, type RobotNaviProgress, type RobotPose, type RobotTelemetry } from '../../common/protocol';
import type { RobotCommand, RobotReply } from '../../common/robot-actions';
import type { DetectionMessage } from '../../common/detections';
import { startServer } from '../../server/app';
import { runDueNavigationTasks } from '../../server/features/navigation/navigation-schedule';
import { startTestServer, TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rest, tableHash } from './admin-support';
import { authedSocket } from '../helpers/socket-auth';

/**
 * Navigation records (issue 5 follow-up): the records of a task's runs, runs per day, re-recognition
 * of a run's detections, and runs that fail when their robot goes offline or the server restarts.
 * The simulator is off: this test plays robot 01WR000002 over MQTT itself, so it decides when the
 * robot reports, detects and falls silent.
 */
const ROBOT = '01WR000002';
let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let mapId: number;
let robot: MqttClient;
let heartbeat: NodeJS.Timeout | null = null;
/** Navigate commands the robot received. */
const navigates: RobotCommand[] = [];

beforeAll(async () => {
  // A robot offline for 2 s mid-run fails its run (10 s by default).
  s = await startTestServer({ SIMULATOR: 'off', NAVI_OFFLINE_GRACE_SECONDS: '2' });
  t = await loginAll(s);
  mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, t.entadmin)).param.list[0].mapId;
  const saved = await s.call('saveMapElements', { mapId, elements: [{ kind: 101, subKind: 1, name: 'Hall', points: [[80, 160], [240, 160], [400, 160]], props: {} }] }, t.entadmin);
  expect(saved.statusCode).toBe(200);
  robot = await connectRobot(s);
}, 60_000);
afterAll(async () => {
  if (heartbeat) clearInterval(heartbeat);
  await robot?.endAsync(true);
  await s?.close();
});

/** A robot client that accepts every command (navigate, stop). */
async function connectRobot(server: TestServer): Promise<MqttClient> {
  const client = await server.mqtt(undefined, { clientId: `test-${ROBOT}-${Date.now()}` });
  await client.subscribeAsync(MqttTopics.command(ROBOT));
  client.on('message', (_topic, payload) => {
    const cmd = JSON.parse(payload.toString()) as RobotCommand;
    if (cmd.action === 'navigate') navigates.push(cmd);
    const reply: RobotReply = { id: cmd.id, result: 'accepted' };
    client.publish(MqttTopics.reply(ROBOT), JSON.stringify(reply));
  });
  return client;
}

/** The robot reports telemetry and its pose every half second until silenced. */
async function goOnline(server: TestServer, emergencyButtonStatus: 0 | 1 = 0): Promise<void> {
  const beat = () => {
    const telemetry: RobotTelemetry = { robotId: ROBOT, status: emergencyButtonStatus ? 6 : 0, online: 1, videoOnline: 0, interactOnline: 0, battery: 80, emergencyButtonStatus, interactionState: 0, t: Date.now() };
    const pose: RobotPose = { robotId: ROBOT, x: 0, y: 0, theta: 0, latitude: 0, longitude: 0, mapId, t: Date.now() };
    robot.publish(MqttTopics.status(ROBOT), JSON.stringify(telemetry));
    robot.publish(MqttTopics.gps(ROBOT), JSON.stringify(pose));
  };
  if (heartbeat) clearInterval(heartbeat);
  beat();
  heartbeat = setInterval(beat, 500);
  await expect.poll(async () => (await server.call('reqRobotStatus', { robotId: ROBOT }, t.entadmin)).param?.online, { timeout: 5_000 }).toBe(1);
  await expect.poll(async () => (await server.call('reqRobotStatus', { robotId: ROBOT }, t.entadmin)).param?.x, { timeout: 5_000 }).toBe(0);
  await expect.poll(async () => (await server.call('reqRobotStatus', { robotId: ROBOT }, t.entadmin)).param?.emergencyButtonStatus, { timeout: 5_000 }).toBe(emergencyButtonStatus);
}

function silence(): void {
  if (heartbeat) clearInterval(heartbeat);
  heartbeat = null;
}

async function progress(p: Omit<RobotNaviProgress, 'robotId' | 't'>): Promise<void> {
  await robot.publishAsync(MqttTopics.navigation(ROBOT), JSON.stringify({ robotId: ROBOT, t: Date.now(), ...p }), { qos: 1 });
}

const task = (extra: Record<string, unknown> = {}) => ({ name: 'RecordsRound', robotId: ROBOT, mapId, routeName: 'Hall', count: 2, floor: 1, time: '03:00:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0, ...extra });
const records = async (id: number, lang = 'en') => (await rest(s, 'GET', `/robot/naviRecord/getByNaviId?naviId=${id}`, t.entadmin, undefined, lang)).data as any[];
const taskRow = async (id: number) => (await s.call('queryNaviTask', { pageSize: 100 }, t.entadmin)).param.list.find((x: { id: number }) => x.id === id);
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A realtime socket on the navigation topic collecting its pushes. */
async function naviSocket(server: TestServer, tok: string) {
  const ws = authedSocket(`${server.url.replace('http', 'ws')}/ws`, tok);
  const pushes: any[] = [];
  let snapshot = false;
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString());
    for (const x of m.type === 'batch' ? m.pushes : [m]) {
      if (x.type === 'push' && x.topic === 'navigation' && x.event === 'naviProgress') pushes.push(x.data);
      if (x.type === 'push' && x.topic === 'navigation' && x.event === 'snapshot') snapshot = true;
    }
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'navigation' }));
  await expect.poll(() => snapshot, { timeout: 5_000 }).toBe(true);
  return { ws, pushes };
}

/** Publishes a detection of the robot and waits until it is stored. */
async function detect(message: Partial<DetectionMessage>): Promise<void> {
  const before = (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM detections'))[0]!.n;
  await robot.publishAsync(MqttTopics.detection(ROBOT), JSON.stringify({ start: { x: 0, y: 0 }, end: { x: 1000, y: 0 }, t: Date.now(), ...message }), { qos: 1 });
  await expect.poll(async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM detections'))[0]!.n, { timeout: 5_000 }).toBeGreaterThan(before);
}

describe('navigation records', () => {
  let id: number;
  let recordId: number;
  const WANTED = '11010519491231002X';

  it('lists a task\'s runs newest first with laps, route points, times, duration and reason', async () => {
    await goOnline(s);
    id = (await s.call('addNaviTask', task(), t.entadmin)).param.id as number;
    expect(await records(id)).toEqual([]);
    expect((await s.call('navigationImmediately', { id }, t.entadmin)).statusCode).toBe(200);
    expect(navigates.at(-1)?.params).toMatchObject({ taskId: id, count: 2 });
    await progress({ taskId: id, state: 'running', lap: 1, count: 2, laps: 0, point: 2, points: 3 });
    await expect.poll(async () => (await records(id))[0]?.point, { timeout: 5_000 }).toBe(2);
    const running = (await records(id))[0];
    recordId = running.id;
    expect(running).toMatchObject({ taskId: id, robotId: ROBOT, routeName: 'Hall', status: 2, result: 'running', count: 2, laps: 0, point: 2, points: 3, reason: null, endedAt: null, recognised: null });
    expect(running.duration).toBeGreaterThanOrEqual(0);
  });

  it('re-recognition refuses a running run, an unknown record, a bad id and a general user; nothing changes', async () => {
    await detect({ kind: 'idCard', data: { personName: 'Wang Fang', idNumber: WANTED } });
    const before = await tableHash(s, 'detections');
    const recBefore = await tableHash(s, 'nav_records');
    expect(await rest(s, 'POST', `/robot/naviRecord/reRecog?recordId=${recordId}`, t.entadmin)).toEqual({ code: 400, message: 'The run is still going: re-recognise it after it ends' });
    expect((await rest(s, 'POST', `/robot/naviRecord/reRecog?recordId=${recordId}`, t.entadmin, undefined, 'zh')).message).toBe('该巡逻仍在进行中，请结束后再重新识别');
    expect(await rest(s, 'POST', '/robot/naviRecord/reRecog?recordId=999999', t.entadmin)).toEqual({ code: 404, message: 'Navigation record not found' });
    expect((await rest(s, 'POST', '/robot/naviRecord/reRecog?recordId=abc', t.entadmin)).message).toBe('Validation failed: recordId has the wrong type');
    expect((await rest(s, 'POST', '/robot/naviRecord/reRecog', t.entadmin)).message).toBe('Validation failed: recordId is required');
    expect((await rest(s, 'POST', `/robot/naviRecord/reRecog?recordId=${recordId}`, t.monitor)).message).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'detections')).toBe(before);
    expect(await tableHash(s, 'nav_records')).toBe(recBefore);
  });

  it('re-recognises the detections captured during a finished run with today\'s blacklist and thresholds', async () => {
    await detect({ kind: 'env', data: { temperature: 30, humidity: 50, smoke: 10, pm25: 20, methane: 0.1, hydrogenFluoride: 0.1 } });
    await detect({ kind: 'plate', data: { plateNumber: '沪A12345' } });
    await progress({ taskId: id, state: 'finished', lap: 2, count: 2, laps: 2, point: 3, points: 3 });
    await expect.poll(async () => (await records(id))[0]?.result, { timeout: 5_000 }).toBe('finished');
    expect((await records(id))[0]).toMatchObject({ status: 3, laps: 2, point: 3, points: 3, endedAt: expect.any(String) });
    expect(await taskRow(id)).toMatchObject({ status: 3, lastResult: 'finished', lastReason: null });
    // The ID card was not on the blacklist when it was read; now it is.
    const idCards = async () => (await s.call('queryIDCard', { pageSize: 50 }, t.entsuper)).param.list.filter((d: { robotId: string }) => d.robotId === ROBOT);
    expect((await idCards())[0]).toMatchObject({ idNumber: WANTED, blacklisted: false });
    expect((await s.call('addBlackIdentity', { name: 'Wang Fang', idNumber: WANTED, reason: 'Trespassing' }, t.entsuper)).statusInfo).toBe('Success');

    const answer = await rest(s, 'POST', `/robot/naviRecord/reRecog?recordId=${recordId}`, t.entadmin);
    // The ID card and the env reading are re-judged (the plate has no server-side recognition); the ID card's result changed.
    expect(answer).toEqual({ code: 0, message: 'Success', data: { recordId, recognised: 2, changed: 1 } });
    expect((await idCards())[0]).toMatchObject({ idNumber: WANTED, blacklisted: true });
    expect((await records(id))[0]).toMatchObject({ recognised: 2, recognisedAt: expect.any(String) });
    // The operation is in the operation log like the other navigation calls.
    const log = (await s.call('queryOperationLog', { pageSize: 20 }, t.entadmin)).param?.list ?? [];
    expect(JSON.stringify(log)).toContain('reRecog');
  });

  it('counts runs per day for a task and for the company\'s tasks, days without runs included', async () => {
    const days = await rest(s, 'GET', `/robot/naviRecord/getDayDataCount?naviId=${id}&startDate=${dayOffset(-2)}&endDate=${today()}`, t.entadmin);
    expect(days).toEqual({
      code: 0,
      message: 'Success',
      data: [
        { date: dayOffset(-2), count: 0, finished: 0, stopped: 0, failed: 0, running: 0 },
        { date: dayOffset(-1), count: 0, finished: 0, stopped: 0, failed: 0, running: 0 },
        { date: today(), count: 1, finished: 1, stopped: 0, failed: 0, running: 0 },
      ],
    });
    // Without a task: every task of the caller's companies (the default range is the last 7 days).
    const company = (await rest(s, 'GET', '/robot/naviRecord/getDayDataCount', t.entadmin)).data as { date: string; count: number }[];
    expect(company).toHaveLength(7);
    expect(company.at(-1)).toMatchObject({ date: today(), count: 1 });
    expect(company.slice(0, 6).every((d) => d.count === 0)).toBe(true);
  });

  it('refuses a bad range with a clear message, a task out of scope and a general user', async () => {
    const q = (query: string, tok = t.entadmin, lang = 'en') => rest(s, 'GET', `/robot/naviRecord/getDayDataCount?${query}`, tok, undefined, lang);
    expect(await q('startDate=2026-01-01&endDate=2026-04-03')).toEqual({ code: 400, message: 'The date range is at most 92 days' });
    expect((await q('startDate=2026-01-01&endDate=2026-04-02')).data).toHaveLength(92);
    expect(await q('startDate=2026-03-02&endDate=2026-03-01')).toEqual({ code: 400, message: 'The start date must not be after the end date' });
    expect((await q('startDate=2026-03-02&endDate=2026-03-01', t.entadmin, 'ja')).message).toBe('開始日は終了日以前にしてください');
    expect(await q('startDate=2026-02-30&endDate=2026-03-01')).toEqual({ code: 400, message: 'Dates must be real days written YYYY-MM-DD' });
    expect(await q('startDate=yesterday')).toEqual({ code: 400, message: 'Dates must be real days written YYYY-MM-DD' });
    // A task of another company tree is not found; nor are its records.
    const cold = (await s.call('queryMap', { mapName: 'ColdStoreA' }, t.admin)).param.list[0].mapId as number;
    const other = await s.call('addNaviTask', task({ name: 'Elsewhere', robotId: '05WV000001', mapId: cold, companyId: 1 }), t.admin);
    expect(other.statusCode).toBe(200);
    expect(await q(`naviId=${other.param.id}`)).toEqual({ code: 404, message: 'Record not found' });
    expect((await q(`naviId=${id}`, t.monitor)).message).toBe(NO_PERMISSION);
  });
});

describe('runs that cannot finish', () => {
  it('a robot offline for a moment (back within the grace period) keeps its run going', async () => {
    await goOnline(s);
    const id = (await s.call('addNaviTask', task({ name: 'BlipRound' }), t.entadmin)).param.id as number;
    expect((await s.call('navigationImmediately', { id }, t.entadmin)).statusCode).toBe(200);
    const telemetry = (online: 0 | 1): RobotTelemetry => ({ robotId: ROBOT, status: 2, online, videoOnline: 0, interactOnline: 0, battery: 80, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() });
    silence();
    await robot.publishAsync(MqttTopics.status(ROBOT), JSON.stringify(telemetry(0)), { qos: 1 });
    await expect.poll(async () => (await s.call('reqRobotStatus', { robotId: ROBOT }, t.entadmin)).param?.online, { timeout: 5_000 }).toBe(0);
    await goOnline(s);
    // Past the grace period: still running.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await records(id))[0]).toMatchObject({ result: 'running', endedAt: null });
    expect(await taskRow(id)).toMatchObject({ status: 2 });
    expect((await s.call('navigationStop', { id }, t.entadmin)).statusCode).toBe(200);
  }, 30_000);

  it('a robot going offline mid-run ends the run failed ("robot offline") and the navigation topic says so', async () => {
    await goOnline(s);
    const socket = await naviSocket(s, t.entadmin);
    const id = (await s.call('addNaviTask', task({ name: 'OfflineRound' }), t.entadmin)).param.id as number;
    expect((await s.call('navigationImmediately', { id }, t.entadmin)).statusCode).toBe(200);
    await progress({ taskId: id, state: 'running', lap: 1, count: 2, laps: 0, point: 2, points: 3 });
    await expect.poll(async () => (await taskRow(id)).point, { timeout: 5_000 }).toBe(2);
    // The robot falls silent: after the fleet's offline delay it is offline, and its run has failed.
    silence();
    await expect.poll(async () => (await records(id))[0]?.result, { timeout: 15_000 }).toBe('failed');
    expect((await records(id))[0]).toMatchObject({ status: 0, reason: 'The robot went offline during the run', reasonKey: 'naviRobotOffline', laps: 0, point: 2, points: 3, endedAt: expect.any(String) });
    expect((await records(id, 'zh'))[0].reason).toBe('巡逻过程中机器人离线');
    expect((await records(id, 'ja'))[0].reason).toBe('実行中にロボットがオフラインになりました');
    // The list shows the task stopped, with why its last run failed.
    expect(await taskRow(id)).toMatchObject({ status: 0, lastResult: 'failed', lastReason: 'naviRobotOffline' });
    await expect.poll(() => socket.pushes.filter((p) => p.id === id).at(-1)?.result, { timeout: 5_000 }).toBe('failed');
    expect(socket.pushes.filter((p) => p.id === id).at(-1)).toEqual({ id, robotId: ROBOT, status: 0, lap: 1, count: 2, laps: 0, point: 2, points: 3, result: 'failed', reason: 'naviRobotOffline' });
    socket.ws.close();
    // The robot's late report of the run changes nothing.
    await progress({ taskId: id, state: 'finished', lap: 2, count: 2, laps: 2, point: 3, points: 3 });
    await new Promise((r) => setTimeout(r, 500));
    expect((await records(id))[0]).toMatchObject({ result: 'failed', laps: 0 });
  }, 30_000);

  it('a run left running when the server stops ends failed ("server restarted") when it starts again on the same data', async () => {
    await goOnline(s);
    const id = (await s.call('addNaviTask', task({ name: 'RestartRound' }), t.entadmin)).param.id as number;
    expect((await s.call('navigationStart', { id }, t.entadmin)).statusCode).toBe(200);
    expect((await s.call('navigationImmediately', { id }, t.entadmin)).statusCode).toBe(200);
    expect((await records(id))[0]).toMatchObject({ result: 'running', endedAt: null });
    silence();
    await robot.endAsync(true);
    // Close and reopen on the same DATA_DIR (and database).
    const config = s.server.services.config;
    await s.server.close();
    s = new TestServer(await startServer(config), s.dir);
    t = await loginAll(s);
    robot = await connectRobot(s);
    const [rec] = await records(id);
    expect(rec).toMatchObject({ result: 'failed', status: 0, reason: 'The server restarted during the run', reasonKey: 'naviServerRestarted', endedAt: expect.any(String) });
    expect((await records(id, 'zh'))[0].reason).toBe('巡逻过程中服务器重启');
    // The task was armed: it waits for its next minute again instead of showing Running.
    expect(await taskRow(id)).toMatchObject({ status: 1, lastResult: 'failed', lastReason: 'naviServerRestarted' });
  }, 60_000);
});

describe('blocked navigation tasks (issue 5)', () => {
  const BLOCKED = 'Navigation task blocked: check the robot position and release the emergency stop';
  /** What a refused start must leave as it was: the task row and its records. */
  const snapshot = async (id: number) => ({ task: await taskRow(id), records: await records(id) });

  it('start is refused with the spec message while the robot\'s position is unknown; nothing changes', async () => {
    // 01WR000001 never reports here (the simulator is off): the server knows no position for it.
    const id = (await s.call('addNaviTask', task({ name: 'NoPositionRound', robotId: '01WR000001' }), t.entadmin)).param.id as number;
    const before = await snapshot(id);
    const a = await s.call('navigationStart', { id }, t.entadmin);
    expect(a.statusCode).toBe(400);
    expect(a.statusInfo).toBe(BLOCKED);
    expect((await s.call('navigationStart', { id }, t.entadmin, 'zh')).statusInfo).toBe('导航任务受阻：请检查机器人位置并松开急停');
    expect(await snapshot(id)).toEqual(before);
    expect(before.task).toMatchObject({ status: 0 });
  });

  it('start is refused with the spec message while the emergency stop is pressed; nothing changes', async () => {
    await goOnline(s, 1);
    const id = (await s.call('addNaviTask', task({ name: 'EmergencyRound' }), t.entadmin)).param.id as number;
    const before = await snapshot(id);
    const a = await s.call('navigationStart', { id }, t.entadmin);
    expect(a.statusCode).toBe(400);
    expect(a.statusInfo).toBe(BLOCKED);
    expect(await snapshot(id)).toEqual(before);
    await goOnline(s, 0);
    expect((await s.call('navigationStart', { id }, t.entadmin)).statusCode).toBe(200);
    expect((await s.call('navigationStop', { id }, t.entadmin)).statusCode).toBe(200);
  }, 30_000);

  it('a scheduled run that is blocked becomes a failed record with the reason, pushed on the navigation topic; nothing is sent to the robot', async () => {
    await goOnline(s, 0);
    const id = (await s.call('addNaviTask', task({ name: 'BlockedAtItsMinute', time: '03:17:00' }), t.entadmin)).param.id as number;
    expect((await s.call('navigationStart', { id }, t.entadmin)).statusCode).toBe(200);
    await goOnline(s, 1); // the emergency stop is pressed after arming
    const { ws, pushes } = await naviSocket(s, t.entadmin);
    const sent = navigates.length;
    await runDueNavigationTasks(new Date(2026, 0, 5, 3, 17));
    expect(navigates.length).toBe(sent);
    const [rec, ...older] = await records(id);
    expect(older).toEqual([]);
    expect(rec).toMatchObject({ result: 'failed', status: 0, laps: 0, reasonKey: 'navBlocked', reason: BLOCKED, endedAt: expect.any(String) });
    expect((await records(id, 'ja'))[0].reason).toBe('ナビゲーションタスクを実行できません：ロボットの位置を確認し、非常停止を解除してください');
    // The task stays armed for its next minute and shows why the last one did not run.
    expect(await taskRow(id)).toMatchObject({ status: 1, lastResult: 'failed', lastReason: 'navBlocked' });
    await expect.poll(() => pushes.find((p) => p.id === id), { timeout: 5_000 }).toMatchObject({ id, robotId: ROBOT, status: 1, result: 'failed', reason: 'navBlocked' });
    ws.close();
    await goOnline(s, 0);
    expect((await s.call('navigationStop', { id }, t.entadmin)).statusCode).toBe(200);
  }, 30_000);
});
