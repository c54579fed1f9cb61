import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDue } from '../../server/events/navigation-events';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let token: string;
let mapId: number;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('entadmin');
  mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, token)).param.list[0].mapId;
  // A route drawn in the map editor: along the hall of the demo plan (map pixels).
  const saved = await s.call('saveMapElements', { mapId, elements: [{ kind: 101, subKind: 1, name: 'Hall', points: [[80, 160], [400, 160]], props: {} }] }, token);
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

  it('refuses a general user', async () => {
    const op = await s.login('operator');
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
