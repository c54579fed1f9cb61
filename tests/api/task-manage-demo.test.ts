/**
 * The demo's work (issue 19): a fresh demo shows tasks of every kind in taskManage and versionManage
 * rows against which nodeVersion finds outdated node services and firmware. The test servers leave
 * this seed out (DEMO_WORK=off, so other tests' counts are their own); here it is added with the
 * seed's own function into a test server's demo database, as a fresh demo start does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TASKS, DEMO_VERSIONS, seedDemoWork } from '../../server/demo/seed';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
type Row = { kind: string; name: string; state: string; robotNames: string[]; companyName: string; canStart: boolean; canStop: boolean };

beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  await seedDemoWork(s.server.services.db);
});
afterAll(async () => s?.close());

describe('demo work seed', () => {
  it('taskManage lists the demo tasks of every kind, none of them running', async () => {
    const a = await s.call('getTaskList', {}, t.admin);
    expect(a.statusCode).toBe(200);
    const rows = a.param.list as Row[];
    const by = (name: string) => rows.find((r) => r.name === name);
    expect(by('Cold store night round')).toMatchObject({ kind: 'patrol', state: 'idle', robotNames: ['ApvCarrier'], companyName: 'MetroColdChain', canStart: true, canStop: false });
    expect(by('Cold store dock check')).toMatchObject({ kind: 'patrol', state: 'finished', robotNames: ['AnbotYOne'] });
    expect(by('Cabinet row sweep')).toMatchObject({ kind: 'track', state: 'idle', robotNames: ['RailInspect1'], companyName: 'HarborEast', canStart: true });
    expect(by('Weekly rail survey')).toMatchObject({ kind: 'track', state: 'idle' });
    expect(by('Cold chain safety notice')).toMatchObject({ kind: 'ad', state: 'active', robotNames: ['ColdKeeper', 'AnbotYOne'] });
    expect(by('Autumn open day')).toMatchObject({ kind: 'ad', state: 'ended' });
    expect(by('Depot tour')).toMatchObject({ kind: 'explanation', state: 'ready', robotNames: ['EastPatrol'] });
    const names: string[] = [...DEMO_TASKS.patrols, ...DEMO_TASKS.tracks, ...DEMO_TASKS.ads, DEMO_TASKS.explanation].map((x) => x.name);
    expect(rows.filter((r) => names.includes(r.name))).toHaveLength(names.length);
    expect(rows.some((r) => r.state === 'running' || r.state === 'armed')).toBe(false);
  });

  it('the demo rail tasks run over inspection points with actions (a task without them cannot start)', async () => {
    const tasks = await s.server.services.db.query<{ name: string; pointIds: number[] }>(`SELECT name, "pointIds" FROM track_tasks WHERE "robotId" = '04TP000001' ORDER BY id`);
    expect(tasks.map((x) => x.name)).toEqual(DEMO_TASKS.tracks.map((x) => x.name));
    for (const task of tasks) {
      const points = await s.server.services.db.query<{ name: string; actions: string[] }>(`SELECT name, actions FROM track_points WHERE id = ANY($1::bigint[]) ORDER BY position`, [task.pointIds]);
      expect(points).toEqual(DEMO_TASKS.trackPoints.map((x) => ({ name: x.name, actions: x.actions })));
    }
  });

  it('company scope: the HarborSecurity tree sees its rail task and tour, not MetroColdChain\'s tasks', async () => {
    const rows = (await s.call('getTaskList', {}, t.entsuper)).param.list as Row[];
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Cabinet row sweep', 'Depot tour']));
    expect(rows.some((r) => r.companyName === 'MetroColdChain')).toBe(false);
  });

  it('versionManage holds the latest version of each simulated node service and firmware', async () => {
    const a = await s.call('queryVersionInfo', { pageNum: 1, pageSize: 50 }, t.admin);
    expect(a.param.total).toBe(DEMO_VERSIONS.length);
    expect(a.param.list.find((v: { projectName: string; version: string }) => v.projectName === 'firmware' && v.version === '2.4.0')).toMatchObject({ type: 'firmware', uploader: 'admin' });
  });

  it('nodeVersion compares a simulated robot\'s versions with the latest: some outdated, some current', async () => {
    const a = await s.call('getSoftwares', { robotId: '01WR000001' }, t.admin);
    expect(a.statusCode).toBe(200);
    const v = Object.fromEntries((a.param.softwares as { name: string; version: string; latest?: string }[]).map((x) => [x.name, [x.version, x.latest]]));
    expect(v).toMatchObject({
      firmware: ['2.3.1', '2.4.0'],
      'robot-core': ['1.8.0', '1.8.0'],
      'video-service': ['1.4.2', '1.5.0'],
      navigation: ['3.1.0', '3.1.0'],
      'chassis-driver': ['0.9.5', '1.0.0'],
    });
  });
});
