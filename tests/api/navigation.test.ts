import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDue } from '../../server/features/navigation/navigation-schedule';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let token: string;
let mapId: number;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('entadmin');
  mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, token)).param.list[0].mapId;
  // A route drawn in the map editor: along the hall of the demo plan (map pixels).
  const saved = await s.call(
    'saveMapElements',
    {
      mapId,
      elements: [
        { kind: 101, subKind: 1, name: 'Hall', points: [[80, 160], [400, 160]], props: {} },
        // A short corridor (2 m, 3 points) a lap of which the simulated robot drives in about two seconds.
        { kind: 101, subKind: 1, name: 'Nook', points: [[80, 160], [100, 160], [120, 160]], props: {} },
      ],
    },
    token,
  );
  expect(saved.statusCode).toBe(200);
}, 60_000);
afterAll(async () => s?.close());

const pose = async (robotId: string) => (await s.call('reqRobotStatus', { robotId }, token)).param as { x: number; y: number; status: number };
const task = (extra: Record<string, unknown> = {}) => ({ name: 'NightRound', robotId: '01WR000002', mapId, routeName: 'Hall', count: 2, floor: 1, time: '22:30:00', months: '*', days: '*', weeks: '1,2,3,4,5', hours: '*', limitTimes: 0, ...extra });

describe('patrol tasks', () => {
  it('creates a task stopped, starts it, runs it now: the simulated robot drives the route; stop ends the run', async () => {
    const a = await s.call('addNaviTask', task(), token);
    expect(a.statusCode).toBe(200);
    const id = a.param.id as number;
    const row = async () => (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list.find((t: { id: number }) => t.id === id);
    expect(await row()).toMatchObject({ name: 'NightRound', status: 0, runs: 0, weeks: '1,2,3,4,5' });
    expect((await s.call('navigationStart', { id }, token)).statusCode).toBe(200);
    expect((await row()).status).toBe(1);

    expect((await s.call('navigationImmediately', { id }, token)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ status: 2, runs: 1 });
    // The route is at map y = 160 px: (320 - 160) × 0.05 m + origin −8 m = 0 m; x from −8 + 80 × 0.05 = −8 m … +8 m.
    await expect.poll(async () => (await pose('01WR000002')).y, { timeout: 10_000 }).toBe(0);
    const xs: number[] = [];
    for (let i = 0; i < 3; i++) {
      xs.push((await pose('01WR000002')).x);
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect(new Set(xs).size).toBeGreaterThan(1);
    expect(xs.every((x) => x >= -8000 && x <= 8000)).toBe(true);
    expect((await pose('01WR000002')).status).toBe(2);

    const records = await fetch(`${s.url}/robot/naviRecord/getByNaviId?naviId=${id}`, { headers: { token } }).then((r) => r.json());
    expect(records.data).toEqual([expect.objectContaining({ taskId: id, robotId: '01WR000002', routeName: 'Hall', status: 2, endedAt: null })]);

    expect((await s.call('navigationStop', { id }, token)).statusCode).toBe(200);
    expect((await row()).status).toBe(0);
    await expect.poll(async () => (await pose('01WR000002')).status, { timeout: 5_000 }).toBe(0);
    const after = await fetch(`${s.url}/robot/naviRecord/getByNaviId?naviId=${id}`, { headers: { token } }).then((r) => r.json());
    expect(after.data[0]).toMatchObject({ status: 0, endedAt: expect.any(String) });
  });

  it('is blocked with the spec message while the emergency stop is pressed, and by a missing route; nothing runs', async () => {
    const id = (await s.call('addNaviTask', task({ name: 'Blocked', robotId: '01WR000001' }), token)).param.id as number;
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 1 }, token)).statusCode).toBe(200);
    await expect.poll(async () => (await s.call('reqRobotStatus', { robotId: '01WR000001' }, token)).param.emergencyButtonStatus, { timeout: 5_000 }).toBe(1);
    const a = await s.call('navigationImmediately', { id }, token);
    expect(a.statusInfo).toBe('Navigation task blocked: check the robot position and release the emergency stop');
    await s.call('emergencyButton', { robotId: '01WR000001', status: 0 }, token);
    const other = (await s.call('addNaviTask', task({ name: 'NoRoute', robotId: '01WR000001', routeName: 'Nowhere' }), token)).param.id as number;
    expect((await s.call('navigationImmediately', { id: other }, token)).statusInfo).toBe('The route "Nowhere" is not on the task\'s map');
    const list = (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list as { id: number; status: number; runs: number }[];
    expect(list.filter((t) => t.id === id || t.id === other).map((t) => [t.status, t.runs])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses a map or robot outside the caller\'s companies', async () => {
    expect((await s.call('addNaviTask', task({ name: 'Ghost', mapId: 999999 }), token)).statusInfo).toBe('Map not found');
    expect((await s.call('addNaviTask', task({ name: 'Ghost', robotId: '05WV000001' }), token)).statusInfo).toBe('Robot not found');
  });

  it('refuses a robot and a map of different company trees, and a robot outside the task\'s company; nothing changes (issue 22)', async () => {
    const admin = await s.login('admin');
    const cold = (await s.call('queryMap', { mapName: 'ColdStoreA' }, admin)).param.list[0].mapId as number;
    const count = async () => (await s.call('queryNaviTask', { pageNum: 1, pageSize: 100 }, admin)).param.total as number;
    const before = await count();
    expect((await s.call('addNaviTask', task({ name: 'Across', mapId: cold }), admin)).statusInfo).toBe(
      'The map is of another company than the robot: a robot uses only maps of its company or its subsidiaries',
    );
    expect((await s.call('addNaviTask', task({ name: 'Across', companyId: 3 }), admin)).statusInfo).toBe(
      "The robot is of another company than the task: choose a robot of the task's company or its subsidiaries",
    );
    // A subsidiary's robot on its own map, in a task of the parent company: one company tree.
    const depot = (await s.call('queryMap', { mapName: 'DepotGround' }, admin)).param.list[0].mapId as number;
    const ok = await s.call('addNaviTask', task({ name: 'EastRound', robotId: '04WR000003', mapId: depot, companyId: 2 }), admin);
    expect(ok.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    // Moving the task's robot to a map of another tree is refused too.
    expect((await s.call('modifyNaviTask', { id: ok.param.id, mapId: cold }, admin)).statusInfo).toBe(
      'The map is of another company than the robot: a robot uses only maps of its company or its subsidiaries',
    );
    expect((await s.call('deleteNaviTask', { id: ok.param.id }, admin)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('refuses a general user', async () => {
    const op = await s.login('monitor');
    expect((await s.call('addNaviTask', task({ name: 'Op' }), op)).statusInfo).toBe('Insufficient permissions to operate!');
  });
});

describe('schedule', () => {
  it('is due at its minute on the picked days, months and hours', () => {
    const t = { time: '22:30:00', months: '*', days: '*', weeks: '1,2,3,4,5', hours: '*' };
    expect(isDue(t, new Date(2026, 10, 23, 22, 30))).toBe(true); // a Monday
    expect(isDue(t, new Date(2026, 10, 22, 22, 30))).toBe(false); // a Sunday
    expect(isDue(t, new Date(2026, 10, 23, 22, 31))).toBe(false);
    expect(isDue({ ...t, months: '1,2' }, new Date(2026, 10, 23, 22, 30))).toBe(false);
  });
});

/** A realtime socket subscribed to the navigation topic, collecting its pushes. */
async function naviSocket(tok: string) {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, tok);
  const pushes: { event: string; data: any }[] = [];
  const errors: string[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString());
    const all = m.type === 'batch' ? m.pushes : [m];
    for (const x of all) if (x.type === 'push' && x.topic === 'navigation') pushes.push({ event: x.event, data: x.data });
    if (m.type === 'error') errors.push(m.message);
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'navigation' }));
  await expect.poll(() => pushes.some((p) => p.event === 'snapshot') || errors.length > 0, { timeout: 5_000 }).toBe(true);
  return { ws, pushes, errors };
}

const records = async (id: number) => (await fetch(`${s.url}/robot/naviRecord/getByNaviId?naviId=${id}`, { headers: { token } }).then((r) => r.json())).data;

describe('patrol task execution', () => {
  it('drives the route count times, reports progress lap by lap and point by point, and finishes with a record', async () => {
    const socket = await naviSocket(token);
    const id = (await s.call('addNaviTask', task({ name: 'NookThrice', routeName: 'Nook', count: 3 }), token)).param.id as number;
    const row = async () => (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list.find((t: { id: number }) => t.id === id);
    expect((await s.call('navigationImmediately', { id }, token)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ status: 2, lap: 1, point: 1, points: 3, count: 3 });
    await expect.poll(async () => (await row()).status, { timeout: 30_000 }).toBe(3);
    expect(await row()).toMatchObject({ status: 3, lap: 3, point: 3, points: 3, runs: 1 });
    expect(await records(id)).toEqual([expect.objectContaining({ taskId: id, routeName: 'Nook', status: 3, count: 3, laps: 3, result: 'finished', startedAt: expect.any(String), endedAt: expect.any(String) })]);
    // Every lap and every route point was pushed, in order, and the last push is the finish.
    const progress = socket.pushes.filter((p) => p.event === 'naviProgress' && p.data.id === id).map((p) => p.data);
    const seen = progress.filter((p) => p.result === 'running').map((p) => `${p.lap}.${p.point}`);
    expect(seen).toEqual(['1.1', '1.2', '2.1', '2.2', '3.1', '3.2']);
    expect(progress.at(-1)).toEqual({ id, robotId: '01WR000002', status: 3, lap: 3, count: 3, laps: 3, point: 3, points: 3, result: 'finished' });
    // The robot is idle again, at an end of the corridor (odd laps drive it forward: it stands at the last point, 2 m on).
    await expect.poll(async () => (await pose('01WR000002')).status, { timeout: 5_000 }).toBe(0);
    expect(await pose('01WR000002')).toMatchObject({ x: -6000, y: 0 });
    socket.ws.close();
  });

  it('an armed task returns to started after its run; stop mid-run ends the run stopped with the laps driven', async () => {
    const id = (await s.call('addNaviTask', task({ name: 'NookArmed', routeName: 'Nook', count: 1 }), token)).param.id as number;
    const row = async () => (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list.find((t: { id: number }) => t.id === id);
    expect((await s.call('navigationStart', { id }, token)).statusCode).toBe(200);
    expect((await s.call('navigationImmediately', { id }, token)).statusCode).toBe(200);
    await expect.poll(async () => (await records(id))[0]?.result, { timeout: 30_000 }).toBe('finished');
    expect(await row()).toMatchObject({ status: 1, lap: 1, point: 3 });

    const long = (await s.call('addNaviTask', task({ name: 'HallHundred', routeName: 'Hall', count: 100 }), token)).param.id as number;
    const longRow = async () => (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list.find((t: { id: number }) => t.id === long);
    expect((await s.call('navigationImmediately', { id: long }, token)).statusCode).toBe(200);
    await expect.poll(async () => (await pose('01WR000002')).x, { timeout: 10_000 }).toBeGreaterThan(-7000);
    expect((await s.call('navigationStop', { id: long }, token)).statusCode).toBe(200);
    expect(await longRow()).toMatchObject({ status: 0 });
    expect(await records(long)).toEqual([expect.objectContaining({ status: 0, count: 100, laps: 0, result: 'stopped', endedAt: expect.any(String) })]);
    await expect.poll(async () => (await pose('01WR000002')).status, { timeout: 5_000 }).toBe(0);
    // The robot's own "stopped" report changes nothing afterwards.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await longRow()).toMatchObject({ status: 0 });
    expect((await records(long))[0]).toMatchObject({ status: 0, laps: 0, result: 'stopped' });
  });

  it('an emergency stop during a run ends it failed; the task is stopped', async () => {
    const id = (await s.call('addNaviTask', task({ name: 'HallFail', routeName: 'Hall', count: 5 }), token)).param.id as number;
    const row = async () => (await s.call('queryNaviTask', { pageSize: 50 }, token)).param.list.find((t: { id: number }) => t.id === id);
    expect((await s.call('navigationImmediately', { id }, token)).statusCode).toBe(200);
    expect((await s.call('emergencyButton', { robotId: '01WR000002', status: 1 }, token)).statusCode).toBe(200);
    await expect.poll(async () => (await records(id))[0]?.result, { timeout: 10_000 }).toBe('failed');
    expect(await row()).toMatchObject({ status: 0 });
    expect((await records(id))[0]).toMatchObject({ status: 0, count: 5, laps: 0, endedAt: expect.any(String) });
    await s.call('emergencyButton', { robotId: '01WR000002', status: 0 }, token);
  });

  it('the navigation topic is refused to a general user', async () => {
    const op = await s.login('monitor');
    const socket = await naviSocket(op);
    expect(socket.errors).toEqual(['cannot subscribe to navigation']);
    socket.ws.close();
  });
});
