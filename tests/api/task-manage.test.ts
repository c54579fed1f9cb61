/**
 * taskManage (issue 19): getTaskList lists patrols, track inspections, ad tasks and explanation
 * tasks of the caller's company tree in one list with one state vocabulary, next run and the
 * start/stop each kind allows; start and stop go through each kind's own events and the list
 * follows. Refusals (role, company) and bad input with the exact message and nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { NO_PERMISSION, loginAll, rest } from './admin-support';
import { authedSocket } from '../helpers/socket-auth';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const TRACK = '04TP000001';
type Row = { key: string; kind: string; id: number; name: string; state: string; robotIds: string[]; robotNames: string[]; companyName: string; nextRun: string | null; canStart: boolean; canStop: boolean };
let patrolId = 0;
let trackId = 0;

const list = async (param: Record<string, unknown> = {}, token = t.admin) => {
  const a = await s.call('getTaskList', param, token);
  expect(a.statusCode).toBe(200);
  return a.param.list as Row[];
};
const row = async (key: string, token = t.admin) => (await list({}, token)).find((r) => r.key === key);

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  const mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, t.entadmin)).param.list[0].mapId;
  const saved = await s.call(
    'saveMapElements',
    {
      mapId,
      elements: [
        { kind: 101, subKind: 1, name: 'Hall', points: [[80, 160], [400, 160]], props: {} },
        { kind: 107, name: 'Lobby', points: [[100, 160]], props: { type: 'interest', actions: [] } },
        { kind: 107, name: 'Gallery', points: [[300, 160]], props: { type: 'interest', actions: [] } },
        { kind: 107, name: 'GuidedTour', points: [[200, 160]], props: { type: 'explain', actions: [], explainPoints: ['Lobby', 'Gallery'] } },
      ],
    },
    t.entadmin,
  );
  expect(saved.statusCode).toBe(200);
  const patrol = await s.call(
    'addNaviTask',
    { name: 'NightRound', robotId: '01WR000002', mapId, routeName: 'Hall', count: 1, floor: 1, time: '22:30:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0 },
    t.entadmin,
  );
  patrolId = patrol.param.id;
  const point = await rest(s, 'POST', `/robot/track/inspectPoint/${TRACK}`, t.admin, { name: 'Cabinet1', position: 6, actions: ['photo'] });
  const track = await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}`, t.admin, { name: 'CabinetCheck', type: 0, runTime: '23:59:00', period: 'daily', policy: 0, enabled: true, pointIds: [point.data.id] });
  trackId = track.data.id;
  expect((await s.call('addAdTask', { name: 'SpringSale', startTime: '2099-05-01T00:00:00Z', endTime: '2099-05-31T00:00:00Z', robotIds: ['01WR000001'] }, t.entadmin)).statusCode).toBe(200);
  expect((await s.call('addAdTask', { name: 'ColdDeals', startTime: '2025-05-01T00:00:00Z', endTime: '2025-05-31T00:00:00Z', robotIds: ['06LK000001'], companyId: 3 }, t.admin)).statusCode).toBe(200);
}, 120_000);
afterAll(async () => s?.close());

describe('taskManage', () => {
  it('lists every kind with state, robot, company, next run', async () => {
    const all = await list();
    const kinds = new Set(all.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['ad', 'explanation', 'patrol', 'track']);
    expect(all.find((r) => r.key === `patrol-${patrolId}`)).toMatchObject({ name: 'NightRound', state: 'idle', robotIds: ['01WR000002'], companyName: 'HarborSecurity', nextRun: null, canStart: true, canStop: false });
    const track = all.find((r) => r.key === `track-${trackId}`)!;
    expect(track).toMatchObject({ name: 'CabinetCheck', state: 'armed', robotIds: [TRACK], canStart: true, canStop: false });
    expect(new Date(track.nextRun!).getHours()).toBe(23);
    expect(all.find((r) => r.name === 'SpringSale')).toMatchObject({ kind: 'ad', state: 'scheduled', nextRun: '2099-05-01T00:00:00.000Z', canStart: false, canStop: false });
    expect(all.find((r) => r.name === 'ColdDeals')).toMatchObject({ kind: 'ad', state: 'ended', nextRun: null });
    expect(all.find((r) => r.name === 'GuidedTour')).toMatchObject({ kind: 'explanation', state: 'ready', companyName: 'HarborSecurity' });
    // Filters.
    expect((await list({ kind: 'ad' })).map((r) => r.name).sort()).toEqual(['ColdDeals', 'SpringSale']);
    expect((await list({ state: 'armed' })).map((r) => r.key)).toEqual([`track-${trackId}`]);
    expect((await list({ robotId: '01WR000002' })).map((r) => r.key)).toEqual([`patrol-${patrolId}`]);
    expect((await list({ name: 'guided' })).map((r) => r.name)).toEqual(['GuidedTour']);
  });

  it('starts and stops through each kind’s own events; the list follows', async () => {
    expect((await s.call('navigationStart', { id: patrolId }, t.entadmin)).statusCode).toBe(200);
    const armed = (await row(`patrol-${patrolId}`, t.entadmin))!;
    expect(armed).toMatchObject({ state: 'armed', canStart: false, canStop: true });
    expect(armed.nextRun && new Date(armed.nextRun).getHours()).toBe(22);
    expect((await s.call('navigationStop', { id: patrolId }, t.entadmin)).statusCode).toBe(200);
    expect(await row(`patrol-${patrolId}`, t.entadmin)).toMatchObject({ state: 'idle', nextRun: null });

    expect((await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}/${trackId}/start`, t.admin)).code).toBe(0);
    expect(await row(`track-${trackId}`)).toMatchObject({ state: 'running', canStart: false, canStop: true });
    // The kind's own refusal, unchanged.
    expect(await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}/${trackId}/start`, t.admin)).toEqual({ code: 400, message: 'Another inspection task is running on this robot' });
    expect((await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}/${trackId}/terminate`, t.admin)).code).toBe(0);
    expect((await row(`track-${trackId}`))!.canStop).toBe(false);
  });

  it('company tree and roles: each sees only what he may', async () => {
    const ent = await list({}, t.entadmin);
    expect(ent.some((r) => r.name === 'ColdDeals')).toBe(false);
    expect(ent.some((r) => r.name === 'SpringSale')).toBe(true);
    // The general user reads maps only: explanation tasks, no start or stop.
    const mon = await list({}, t.monitor);
    expect(new Set(mon.map((r) => r.kind))).toEqual(new Set(['explanation']));
    expect(mon.every((r) => !r.canStart && !r.canStop)).toBe(true);
    expect((await s.call('navigationStart', { id: patrolId }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('getTaskList', {}, 'not-a-token')).statusCode).not.toBe(200);
  });

  it('pushes taskChanged on the tasks topic when a task table is written (no polling), to those who may read the kind', async () => {
    const ws = authedSocket(s.url.replace('http', 'ws') + '/ws', t.entadmin);
    const frames: { type: string; topic?: string; event?: string; data?: { kind: string; companyId: number } }[] = [];
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      for (const p of m.type === 'batch' ? m.pushes : [m]) frames.push(p);
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'tasks' }));
    for (let i = 0; i < 50 && !frames.some((f) => f.event === 'snapshot' && f.topic === 'tasks'); i++) await sleep(100);
    const pushed = (kind: string) => frames.filter((f) => f.topic === 'tasks' && f.event === 'taskChanged' && f.data?.kind === kind);
    const waitPush = async (kind: string, n: number) => {
      for (let i = 0; i < 100 && pushed(kind).length < n; i++) await sleep(100);
      return pushed(kind).length;
    };
    // Nothing written: nothing pushed. The previous test's terminate may still be settling (the
    // simulated track robot reports its end a moment later), so first wait for a quiet second.
    const changes = () => frames.filter((f) => f.event === 'taskChanged').length;
    for (let i = 0, seen = -1; i < 20 && seen !== changes(); i++) {
      seen = changes();
      await sleep(1_000);
    }
    const quiet = changes();
    await sleep(1_000);
    expect(changes()).toBe(quiet);
    frames.length = 0;

    expect((await s.call('navigationStart', { id: patrolId }, t.entadmin)).statusCode).toBe(200);
    expect(await waitPush('patrol', 1)).toBeGreaterThanOrEqual(1);
    expect(pushed('patrol')[0]!.data).toEqual({ kind: 'patrol', companyId: 2 });
    expect((await s.call('navigationStop', { id: patrolId }, t.entadmin)).statusCode).toBe(200);
    expect(await waitPush('patrol', 2)).toBeGreaterThanOrEqual(2);

    // A track task renamed through its own REST route (track_tasks bumped by the track feature).
    expect((await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}/${trackId}`, t.admin, { name: 'CabinetCheck2' })).code).toBe(0);
    expect(await waitPush('track', 1)).toBeGreaterThanOrEqual(1);
    // An ad task of another company tree (MetroColdChain): this enterprise admin hears nothing of it.
    expect((await s.call('addAdTask', { name: 'ColdDeals2', startTime: '2099-06-01T00:00:00Z', endTime: '2099-06-30T00:00:00Z', robotIds: ['06LK000001'], companyId: 3 }, t.admin)).statusCode).toBe(200);
    await sleep(1_500);
    expect(pushed('ad')).toEqual([]);
    ws.close();
    expect((await rest(s, 'POST', `/robot/track/inspectTask/${TRACK}/${trackId}`, t.admin, { name: 'CabinetCheck' })).code).toBe(0);
  });

  it('bad input: the exact message, nothing changed', async () => {
    // The simulated robots write their detections and live robot rows while this runs: those two tables are left out.
    const fingerprint = async () => (await s.fingerprint()).split(',').filter((x) => !/^(detections|robots):/.test(x)).join(',');
    // The push test before this one starts and stops tasks: wait until their writes have settled.
    let before = await fingerprint();
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const now = await fingerprint();
      if (now === before) break;
      before = now;
    }
    expect((await s.call('getTaskList', { kind: 'cleaning' }, t.admin)).statusInfo).toBe('Validation failed: Kind has a value that is not allowed');
    expect((await s.call('getTaskList', { state: 'sleeping' }, t.admin)).statusInfo).toBe('Validation failed: State has a value that is not allowed');
    expect((await s.call('getTaskList', { robotId: '' }, t.admin)).statusInfo).toBe('Validation failed: Robot is required');
    expect((await s.call('getTaskList', { name: 'x'.repeat(65) }, t.admin)).statusInfo).toBe('Validation failed: Name must be at most 64 characters');
    expect((await s.call('getTaskList', { colour: 'red' }, t.admin)).statusCode).not.toBe(200);
    expect(await fingerprint()).toBe(before);
  });
});
