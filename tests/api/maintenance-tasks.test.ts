/** Issue 19: suggestions (addSuggestion / querySuggestion / handleSuggestion / delSuggestion) and behaviour alarms (actionAdd / actionUpdate / actionDelete / actionFindAll and the alarms they raise). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseBehaviourAlarm } from '../../server/features/maintenance-tasks';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

describe('suggestions', () => {
  it('every logged-in user sends one; author, company and status come from the server', async () => {
    const made = await s.call('addSuggestion', { content: 'A dark mode please', status: 2, reply: 'forged', username: 'admin' }, t.monitor);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ content: 'A dark mode please', username: 'monitor', companyId: 2, status: 0, reply: null });
    for (const who of ['admin', 'platform', 'entsuper', 'entadmin'] as const) expect((await s.call('addSuggestion', { content: `From ${who}` }, t[who])).statusCode).toBe(200);
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'suggestions');
    expect(await s.call('addSuggestion', { content: '' }, t.monitor)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Suggestion is required' });
    expect((await s.call('addSuggestion', { content: 'x'.repeat(1001) }, t.monitor)).statusInfo).toBe('Validation failed: Suggestion must be at most 1000 characters');
    expect(await tableHash(s, 'suggestions')).toBe(before);
  });

  it('platform admins list and handle them; enterprise roles and general users are refused', async () => {
    const list = await s.call('querySuggestion', { pageNum: 1, pageSize: 10 }, t.platform);
    expect(list.param.total).toBe(5);
    const one = list.param.list.find((r: { username: string }) => r.username === 'monitor');
    const before = await tableHash(s, 'suggestions');
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect(await s.call('querySuggestion', {}, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('handleSuggestion', { id: one.id, status: 2, reply: 'x' }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('delSuggestion', { id: one.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect((await s.call('handleSuggestion', { id: one.id, status: 9 }, t.platform)).statusInfo).toBe('Validation failed: Status has a value that is not allowed');
    expect(await tableHash(s, 'suggestions')).toBe(before);
    const done = await s.call('handleSuggestion', { id: one.id, status: 2, reply: 'Coming in the next release' }, t.platform);
    expect(done.param).toMatchObject({ id: one.id, status: 2, reply: 'Coming in the next release', handler: 'platform', content: 'A dark mode please' });
    expect((await s.call('querySuggestion', { status: 2 }, t.admin)).param.total).toBe(1);
    const n = await rowCount(s, 'suggestions');
    expect((await s.call('delSuggestion', { id: one.id }, t.platform)).statusCode).toBe(200);
    expect(await rowCount(s, 'suggestions')).toBe(n - 1);
  });
});

describe('behaviour alarms', () => {
  it('adds, lists, updates and deletes behaviour rules within the company tree', async () => {
    const made = await s.call('actionAdd', { action: 'smoking', level: 3, robotIds: ['01WR000001'], companyId: 2 }, t.entadmin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ action: 'smoking', level: 3, robotIds: ['01WR000001'], enabled: true, companyId: 2 });
    const found = await s.call('actionFindAll', { pageNum: 1, pageSize: 10 }, t.monitor);
    expect(found.param.list.map((r: { id: number }) => r.id)).toContain(made.param.id);
    const up = await s.call('actionUpdate', { id: made.param.id, level: 2 }, t.entadmin);
    expect(up.param).toMatchObject({ id: made.param.id, level: 2, action: 'smoking' });
    const other = await s.call('actionAdd', { action: 'running', level: 1, robotIds: [], companyId: 2 }, t.admin);
    expect(other.statusCode).toBe(200);
    expect((await s.call('actionDelete', { id: other.param.id }, t.entadmin)).statusCode).toBe(200);
  });

  it('refuses bad input and general users with the exact message, nothing changed', async () => {
    const before = await tableHash(s, 'behaviour_alarm_rules');
    expect(await s.call('actionAdd', { action: 'smoking', level: 1, companyId: 2 }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('actionAdd', { action: 'dancing', level: 1, companyId: 2 }, t.admin)).statusInfo).toBe('Validation failed: Behaviour has a value that is not allowed');
    expect((await s.call('actionAdd', { action: 'smoking', level: 7, companyId: 2 }, t.admin)).statusInfo).toBe('Validation failed: Alarm level has a value that is not allowed');
    expect((await s.call('actionAdd', { level: 1, companyId: 2 }, t.admin)).statusInfo).toBe('Validation failed: Behaviour is required');
    expect(await tableHash(s, 'behaviour_alarm_rules')).toBe(before);
  });

  it('a recognised behaviour with an enabled rule raises a behaviour alarm that is processed like any alarm', async () => {
    const svc = s.server.services;
    const pose = { x: 0, y: 0, latitude: 0, longitude: 0 };
    expect(await raiseBehaviourAlarm(svc, '01WR000001', { kind: 'action', data: { action: 'phoning' }, start: pose, end: pose, t: Date.now() })).toBeNull();
    expect(await raiseBehaviourAlarm(svc, '01WR000002', { kind: 'action', data: { action: 'smoking' }, start: pose, end: pose, t: Date.now() })).toBeNull();
    const row = (await raiseBehaviourAlarm(svc, '01WR000001', { kind: 'action', data: { action: 'smoking' }, start: pose, end: pose, t: Date.now() })) as Record<string, unknown>;
    expect(row).toMatchObject({ robotId: '01WR000001', code: 601, kind: 'behaviour', processStatus: 0 });
    // An alarm of another kind of the same robot: the actAlarm page's list (x-tabs filter kind=behaviour) must not show it.
    const [other] = await svc.db.query<{ id: number }>('INSERT INTO alarms ("robotId", "robotName", "companyId", code, kind, level) VALUES ($1, $2, 2, 301, \'alarm\', 2) RETURNING id', ['01WR000001', 'PatrolA1']);
    const listed = await s.call('reqAlarmInfos', { pageSize: 50, kind: 'behaviour' }, t.monitor);
    expect(listed.param.list.map((r: { id: number }) => r.id)).toContain(Number(row.id));
    // The server filters: every row of the answer is a behaviour alarm, and the total counts only those.
    expect(listed.param.list.every((r: { kind: string }) => r.kind === 'behaviour')).toBe(true);
    expect(listed.param.list.map((r: { id: number }) => r.id)).not.toContain(Number(other!.id));
    expect(listed.param.total).toBe(listed.param.list.length);
    expect((await s.call('reqAlarmInfos', { pageSize: 50 }, t.monitor)).param.list.map((r: { id: number }) => r.id)).toContain(Number(other!.id));
    const done = await s.call('setAlarmsProcess', { id: Number(row.id), processStatus: 1, result: 'Asked to stop' }, t.monitor);
    expect(done.param).toMatchObject({ id: Number(row.id), processStatus: 1, result: 'Asked to stop' });
  });

  it('simulateBehaviour: the robot reports the behaviour on its detection topic; only the rule’s robots raise an alarm, at the rule’s level', async () => {
    const rule = await s.call('actionAdd', { action: 'climbing', level: 3, robotIds: ['01WR000002'], companyId: 2 }, t.entadmin);
    expect(rule.statusCode).toBe(200);
    for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000002' }, t.admin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
    const alarmsOf = async (robotId: string) =>
      s.server.services.db.query<{ code: number; level: number; kind: string }>('SELECT code, level, kind FROM alarms WHERE "robotId" = $1 AND code = 604', [robotId]);
    expect(await s.call('simulateBehaviour', { robotId: '01WR000001', action: 'climbing' }, t.admin)).toMatchObject({ statusCode: 200, param: { robotId: '01WR000001', action: 'climbing' } });
    expect((await s.call('simulateBehaviour', { robotId: '01WR000002', action: 'climbing' }, t.admin)).statusCode).toBe(200);
    for (let i = 0; i < 50 && (await alarmsOf('01WR000002')).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await alarmsOf('01WR000002')).toEqual([{ code: 604, level: 3, kind: 'behaviour' }]);
    // The behaviour recognition itself is kept too; the robot without the rule raised nothing.
    expect((await s.server.services.db.query('SELECT 1 FROM detections WHERE kind = \'action\' AND "robotId" = $1', ['01WR000001'])).length).toBeGreaterThan(0);
    expect(await alarmsOf('01WR000001')).toEqual([]);
  });

  it('simulateBehaviour refuses callers without system:simulate and unknown behaviours with the exact message', async () => {
    const before = await tableHash(s, 'alarms');
    expect(await s.call('simulateBehaviour', { robotId: '01WR000002', action: 'climbing' }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('simulateBehaviour', { robotId: '01WR000002', action: 'dancing' }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Behaviour has a value that is not allowed' });
    expect(await s.call('simulateBehaviour', { robotId: 'NOPE000001', action: 'climbing' }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await tableHash(s, 'alarms')).toBe(before);
  });
});
