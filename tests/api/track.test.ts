import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

const ROBOT = '04TP000001';
let s: TestServer;
let admin: string;
let operator: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  operator = await s.login('monitor');
  for (let i = 0; i < 50 && (await rest('GET', `/robot/track/current/status/${ROBOT}`)).data?.trackStatus == null; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

async function rest(method: string, path: string, body?: unknown, token = admin): Promise<any> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const count = async (table: string) => Number((await s.server.services.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('track robot REST (spec §7)', () => {
  it('refuses general users every track call, reading and changing, files too', async () => {
    const refused = { code: 401, message: 'Insufficient permissions to operate!' };
    expect(await rest('GET', `/robot/track/current/status/${ROBOT}`, undefined, operator)).toEqual(refused);
    expect(await rest('GET', `/robot/track/inspectTask/${ROBOT}`, undefined, operator)).toEqual(refused);
    expect(await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'forward' }, operator)).toEqual(refused);
    expect(await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'P', position: 1 }, operator)).toEqual(refused);
    expect(await rest('GET', '/robot/common/getDeviceTreeNew', undefined, operator)).toEqual(refused);
    expect(await rest('GET', `/robot/track/inspectResult/${ROBOT}/export`, undefined, operator)).toEqual(refused);
    expect(await rest('GET', `/robot/track/inspectTask/${ROBOT}`, undefined, 'bad-token')).toEqual({ code: 403, message: 'Login expired, please log in again' });
    expect(await count('track_points')).toBe(0);
  });

  it('lists track robots in the device tree and their parameters; other robots are not track robots', async () => {
    // Enterprise admins see the track robot of their company tree (HarborEast under HarborSecurity).
    const entadmin = await s.login('entadmin');
    expect((await rest('GET', '/robot/common/getDeviceTreeNew', undefined, entadmin)).data).toEqual([
      { companyId: expect.any(Number), companyName: 'HarborEast', robots: [expect.objectContaining({ robotId: ROBOT, robotName: 'RailInspect1', robotType: 5 })] },
    ]);
    const tree = await rest('GET', '/robot/common/getDeviceTreeNew');
    expect(tree.code).toBe(0);
    expect(tree.data.flatMap((c: any) => c.robots.map((r: any) => r.robotId))).toEqual([ROBOT]);
    expect((await rest('GET', `/robot/common/getParamByRobot?robotId=${ROBOT}`)).data).toMatchObject({ robotId: ROBOT, railLength: 50, actions: expect.arrayContaining(['photo', 'temperature']) });
    expect(await rest('GET', '/robot/track/inspectTask/01WR000001')).toEqual({ code: 404, message: 'Choose a track robot first' });
  });

  it('remote control moves the robot along its rail and turns its head', async () => {
    expect((await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'rotate', value: 90 })).code).toBe(0);
    expect((await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'forward', value: 4 })).code).toBe(0);
    const st = await until(
      () => rest('GET', `/robot/track/current/status/${ROBOT}`),
      (a) => a.data.position >= 4 && a.data.trackStatus === 0,
    );
    expect(st.data).toMatchObject({ online: 1, trackStatus: 0, position: 4, rotate: 90, railLength: 50 });
    expect(await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'jump' })).toEqual({ code: 400, message: 'Validation failed: Command has a value that is not allowed' });
  });

  it('checks points and tasks (spec §5) and changes nothing on bad input', async () => {
    expect(await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { position: 3 })).toEqual({ code: 400, message: 'Validation failed: Name is required' });
    const bare = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'NoAction', position: 2, actions: [] });
    expect(bare.code).toBe(0);
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'T', period: 'daily', pointIds: [bare.data.id] })).toEqual({ code: 400, message: 'Validation failed: Execution time is required' });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'T', runTime: '08:00:00', period: 'daily', pointIds: [bare.data.id] })).toEqual({
      code: 400,
      message: 'At least one inspection point with an action is required',
    });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'T', runTime: '08:00:00', period: 'monthly', pointIds: [bare.data.id] })).toEqual({
      code: 400,
      message: 'Validation failed: Period has a value that is not allowed',
    });
    expect(await count('track_tasks')).toBe(0);
    expect((await rest('GET', `/robot/track/inspectPoint/${ROBOT}/actions`)).data).toEqual(['photo', 'temperature', 'humidity', 'gas', 'noise', 'infrared']);
    expect((await rest('DELETE', `/robot/track/inspectPoint/${ROBOT}/${bare.data.id}`)).code).toBe(0);
  });

  it('runs a daily task: the robot visits each point, the result holds readings and pictures, rules raise warnings', async () => {
    expect(await rest('POST', `/robot/track/warnRules/${ROBOT}`, { checkItem: 'temperature' })).toEqual({ code: 400, message: 'Validation failed: Name is required' });
    expect(await rest('POST', `/robot/track/warnRules/${ROBOT}`, { name: 'X' })).toEqual({ code: 400, message: 'Validation failed: Check item is required' });
    expect(await rest('POST', `/robot/track/warnRules/${ROBOT}`, { name: 'X', checkItem: 'radiation' })).toEqual({ code: 400, message: 'Validation failed: Check item has a value that is not allowed' });
    expect(await count('track_warn_rules')).toBe(0);
    expect((await rest('GET', '/robot/track/warnRules/checkItems')).data.map((c: any) => c.key)).toContain('temperature');
    const rule = await rest('POST', `/robot/track/warnRules/${ROBOT}`, { name: 'Hot', checkItem: 'temperature', condition: '>', value: 0, relation: 'and', interval: 0, enabled: true });
    expect(rule.code).toBe(0);
    const a = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Cabinet1', position: 6, pitch: 10, rotate: 45, lift: 300, actions: ['photo', 'temperature'] });
    const b = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Cabinet2', position: 10, actions: ['humidity'] });
    const task = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Morning', type: 0, runTime: '07:30:00', period: 'daily', policy: 0, enabled: true, pointIds: [a.data.id, b.data.id] });
    expect(task.data).toMatchObject({ name: 'Morning', period: 'daily', status: 0, enabled: true });
    expect(await rest('DELETE', `/robot/track/inspectPoint/${ROBOT}/${b.data.id}`)).toEqual({ code: 400, message: 'The inspection point is used by the task "Morning": remove it there first' });
    expect(await count('track_points')).toBe(2);
    const started = await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/start`);
    expect(started.code).toBe(0);
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/start`)).toEqual({ code: 400, message: 'Another inspection task is running on this robot' });
    expect(await rest('DELETE', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`)).toEqual({ code: 400, message: 'A running task cannot be changed or deleted; terminate it first' });
    const done = await until(
      () => rest('GET', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`),
      (t) => t.data.status === 4,
    );
    expect(done.data.status).toBe(4);
    const results = await rest('GET', `/robot/track/inspectResult/${ROBOT}`);
    expect(results.data).toMatchObject({ total: 1, list: [{ taskName: 'Morning', status: 4, pointCount: 2 }] });
    const detail = await rest('GET', `/robot/track/inspectResult/${ROBOT}/${results.data.list[0].id}`);
    expect(detail.data.items.map((i: any) => i.pointName)).toEqual(['Cabinet1', 'Cabinet2']);
    expect(Object.keys(detail.data.items[0].readings)).toEqual(['temperature']);
    const pic = await fetch(`${s.url}${detail.data.items[0].picture}`);
    expect(pic.headers.get('content-type')).toContain('svg');
    expect(await pic.text()).toContain('Cabinet1');

    const exported = await fetch(`${s.url}/robot/track/inspectResult/${ROBOT}/export`, { headers: { token: admin } });
    expect(exported.headers.get('content-disposition')).toContain(`inspection-results-${ROBOT}.xlsx`);
    expect(Buffer.from(await exported.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');

    const warnings = await rest('GET', `/robot/track/warnDetail/${ROBOT}`);
    expect(warnings.data.list).toHaveLength(1);
    expect(warnings.data.list[0]).toMatchObject({ ruleName: 'Hot', checkItem: 'temperature', pointName: 'Cabinet1', dealt: false });
    const id = warnings.data.list[0].id;
    expect(await rest('POST', `/robot/track/warnDetail/deal/${id}`, {})).toEqual({ code: 400, message: 'Validation failed: Handling result is required' });
    expect(await rest('POST', `/robot/track/warnDetail/deal/${id}`, { dealResult: 'Checked' }, operator)).toEqual({ code: 401, message: 'Insufficient permissions to operate!' });
    expect((await rest('POST', `/robot/track/warnDetail/deal/${id}`, { dealResult: 'Checked' })).data).toMatchObject({ dealt: true, dealResult: 'Checked', dealtBy: 'admin' });
    expect(await rest('POST', `/robot/track/warnDetail/deal/${id}`, { dealResult: 'Again' })).toEqual({ code: 400, message: 'This warning has already been handled' });
    expect((await rest('GET', `/robot/track/warnDetail/detail/${id}`)).data.dealResult).toBe('Checked');

    expect((await rest('DELETE', `/robot/track/inspectResult/${ROBOT}/${results.data.list[0].id}`)).code).toBe(0);
    expect((await rest('GET', `/robot/track/inspectResult/${ROBOT}`)).data.total).toBe(0);
  });

  it('pauses and terminates a run', async () => {
    const p = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Far', position: 45, actions: ['gas'] });
    const task = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Long', type: 1, runTime: '09:00:00', period: 'weekly', weekDays: [1], pointIds: [p.data.id] });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/pause`)).toEqual({ code: 400, message: 'The task is not running' });
    const off = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Off', runTime: '09:00:00', period: 'daily', enabled: false, pointIds: [p.data.id] });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}/${off.data.id}/start`)).toEqual({ code: 400, message: 'The task is disabled' });
    expect((await rest('GET', `/robot/track/inspectResult/${ROBOT}`)).data.total).toBe(0);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/start`)).code).toBe(0);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/pause`)).code).toBe(0);
    expect((await until(() => rest('GET', `/robot/track/current/status/${ROBOT}`), (a) => a.data.trackStatus === 2)).data.trackStatus).toBe(2);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/terminate`)).code).toBe(0);
    expect((await rest('GET', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`)).data.status).toBe(3);
    const res = await until(() => rest('GET', `/robot/track/inspectResult/${ROBOT}`), (a) => a.data.list[0]?.status === 3);
    expect(res.data.list[0]).toMatchObject({ taskName: 'Long', status: 3 });
  });

  it('follows the task policy when the robot is moved by hand during a run (spec §3)', async () => {
    const p = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'End', position: 48, actions: ['noise'] });
    const strict = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Strict', type: 1, runTime: '10:00:00', period: 'daily', policy: 1, pointIds: [p.data.id] });
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${strict.data.id}/start`)).code).toBe(0);
    expect((await rest('GET', `/robot/track/current/status/${ROBOT}`)).data).toMatchObject({ taskName: 'Strict', taskPolicy: 1 });
    expect(await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'backward', value: 1 })).toEqual({ code: 400, message: 'The running inspection task forbids interruption' });
    expect((await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'pitch', value: 20 })).code).toBe(0);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${strict.data.id}/terminate`)).code).toBe(0);

    const lenient = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Lenient', type: 1, runTime: '10:00:00', period: 'daily', policy: 0, pointIds: [p.data.id] });
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${lenient.data.id}/start`)).code).toBe(0);
    expect((await rest('POST', `/robot/track/remoteControl/${ROBOT}`, { command: 'stop' })).data).toMatchObject({ interrupted: true, state: { trackStatus: 2 } });
    expect((await rest('GET', `/robot/track/inspectTask/${ROBOT}/${lenient.data.id}`)).data.status).toBe(2);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${lenient.data.id}/terminate`)).code).toBe(0);
  });

  it('an emergency stop puts the rail in error (9); released, the run waits paused and resumes', async () => {
    const p = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Mid', position: 30, actions: ['temperature'] });
    const task = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Estop', type: 1, runTime: '10:00:00', period: 'daily', pointIds: [p.data.id] });
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/start`)).code).toBe(0);
    expect((await s.call('emergencyButton', { robotId: ROBOT, status: 1 }, admin)).statusCode).toBe(200);
    expect((await until(() => rest('GET', `/robot/track/current/status/${ROBOT}`), (a) => a.data.trackStatus === 9)).data).toMatchObject({ trackStatus: 9, speed: 0, taskName: 'Estop' });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/resume`)).toEqual({ code: 400, message: 'The command cannot be issued in this state' });
    expect((await s.call('emergencyButton', { robotId: ROBOT, status: 0 }, admin)).statusCode).toBe(200);
    expect((await until(() => rest('GET', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`), (a) => a.data.status === 2)).data.status).toBe(2);
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}/resume`)).code).toBe(0);
    expect((await until(() => rest('GET', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`), (a) => a.data.status === 4)).data.status).toBe(4);
  });

  it('manages track maps: create, labels, upload, export, update, delete', async () => {
    expect(await rest('POST', '/robot/track/map/create', { robotId: ROBOT })).toEqual({ code: 400, message: 'Validation failed: Name is required' });
    const map = await rest('POST', '/robot/track/map/create', { robotId: ROBOT, name: 'Tunnel', length: 80, labels: [{ name: 'Gate', position: 0 }] });
    expect(map.data).toMatchObject({ name: 'Tunnel', length: 80 });
    expect((await rest('GET', `/robot/track/map/labels/${map.data.id}`)).data).toEqual([{ name: 'Gate', position: 0 }]);
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify({ length: 120, labels: [{ name: 'A', position: 10 }, { name: 'B', position: 90 }] })]), 'tunnel.json');
    const up = await (await fetch(`${s.url}/robot/track/map/upload/${map.data.id}`, { method: 'POST', headers: { token: admin }, body: form })).json();
    expect(up.data).toMatchObject({ length: 120, fileName: 'tunnel.json' });
    const bad = new FormData();
    bad.append('file', new Blob(['not a map']), 'x.txt');
    expect(await (await fetch(`${s.url}/robot/track/map/upload/${map.data.id}`, { method: 'POST', headers: { token: admin }, body: bad })).json()).toEqual({
      code: 400,
      message: 'Wrong file format: JSON track map (length, labels) expected',
    });
    const file = await fetch(`${s.url}/robot/track/map/export/${map.data.id}`, { headers: { token: admin } });
    expect(file.headers.get('content-disposition')).toContain('Tunnel.json');
    expect(await file.json()).toMatchObject({ length: 120, labels: [{ name: 'A' }, { name: 'B' }] });
    expect((await rest('POST', `/robot/track/map/update/${map.data.id}`, { name: 'Tunnel2' })).data.name).toBe('Tunnel2');
    expect((await rest('GET', `/robot/track/map/list?robotId=${ROBOT}`)).data).toMatchObject({ total: 1, list: [{ name: 'Tunnel2', length: 120 }] });
    expect((await rest('DELETE', `/robot/track/map/delete/${map.data.id}`)).code).toBe(0);
    expect((await rest('GET', `/robot/track/map/list?robotId=${ROBOT}`)).data.total).toBe(0);
  });

  it('stores snapshot pictures of a track robot', async () => {
    const form = new FormData();
    form.append('data', JSON.stringify({ robotId: ROBOT }));
    form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"></svg>']), 'snap.svg');
    const a = await (await fetch(`${s.url}/robot/file/uploadSnapPictures`, { method: 'POST', headers: { token: admin }, body: form })).json();
    expect(a).toMatchObject({ code: 0, data: { robotId: ROBOT, name: 'snap.svg' } });
    expect(a.data.url).toMatch(/^\/uploads\/track\/\w+\.svg$/);
  });

  it('lists and changes points, tasks and rules (their answers match the catalogue)', async () => {
    const point = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Edit', position: 12, actions: ['photo'] });
    expect((await rest('POST', `/robot/track/inspectPoint/${ROBOT}/${point.data.id}`, { name: 'Edited', lift: 100 })).data).toMatchObject({ name: 'Edited', lift: 100, position: 12 });
    expect((await rest('GET', `/robot/track/inspectPoint/${ROBOT}`)).data.list).toContainEqual(expect.objectContaining({ id: point.data.id, name: 'Edited' }));
    const task = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Edit', runTime: '11:00:00', period: 'daily', pointIds: [point.data.id] });
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`, { period: 'weekly', weekDays: [2] })).data).toMatchObject({ name: 'Edit', period: 'weekly', weekDays: [2] });
    expect((await rest('GET', `/robot/track/inspectTask/${ROBOT}`)).data.list).toContainEqual(expect.objectContaining({ id: task.data.id, period: 'weekly' }));
    const rule = await rest('POST', `/robot/track/warnRules/${ROBOT}`, { name: 'Wet', checkItem: 'humidity', condition: '>', value: 80, condition2: '<', value2: 95 });
    expect((await rest('POST', `/robot/track/warnRules/${ROBOT}/${rule.data.id}`, { enabled: false })).data).toMatchObject({ name: 'Wet', enabled: false, value2: 95 });
    expect((await rest('GET', `/robot/track/warnRules/${ROBOT}`)).data.list).toContainEqual(expect.objectContaining({ id: rule.data.id, enabled: false }));
    expect((await rest('GET', `/robot/track/warnRules/${ROBOT}/checkItems`)).data).toContainEqual({ key: 'humidity', action: 'humidity', unit: '%' });
    expect((await rest('DELETE', `/robot/track/warnRules/${ROBOT}/${rule.data.id}`)).data).toEqual({ id: rule.data.id });
    expect((await rest('DELETE', `/robot/track/inspectTask/${ROBOT}/${task.data.id}`)).data).toEqual({ id: task.data.id });
    expect((await rest('DELETE', `/robot/track/inspectPoint/${ROBOT}/${point.data.id}`)).data).toEqual({ id: point.data.id });
  });
  it('an instant task needs no execution time or period and lists as instant; a preset one needs both (issue 22)', async () => {
    const point = await rest('POST', `/robot/track/inspectPoint/${ROBOT}`, { name: 'Instant', position: 8, actions: ['photo'] });
    const instant = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Now', type: 1, pointIds: [point.data.id] });
    expect(instant.code).toBe(0);
    expect(instant.data).toMatchObject({ type: 1, runTime: null, period: null, weekDays: [] });
    // A time or period sent with an instant task is dropped (it would list as "Daily" otherwise).
    const sent = await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'NowToo', type: 1, runTime: '08:00:00', period: 'weekly', weekDays: [3], pointIds: [point.data.id] });
    expect(sent.data).toMatchObject({ type: 1, runTime: null, period: null, weekDays: [] });
    expect((await rest('GET', `/robot/track/inspectTask/${ROBOT}`)).data.list).toContainEqual(expect.objectContaining({ id: instant.data.id, type: 1, runTime: null, period: null }));
    // Preset: the execution time and the period are required, in the caller's language; nothing is written.
    const before = await count('track_tasks');
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Later', type: 0, period: 'daily', pointIds: [point.data.id] })).toEqual({ code: 400, message: 'Validation failed: Execution time is required' });
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}`, { name: 'Later', runTime: '08:00:00', pointIds: [point.data.id] })).toEqual({ code: 400, message: 'Validation failed: Period is required' });
    const zh = await fetch(`${s.url}/robot/track/inspectTask/${ROBOT}`, { method: 'POST', headers: { token: admin, 'content-type': 'application/json', 'accept-language': 'zh' }, body: JSON.stringify({ name: 'Later', pointIds: [point.data.id] }) });
    expect(await zh.json()).toEqual({ code: 400, message: '校验失败：执行时间不能为空' });
    expect(await count('track_tasks')).toBe(before);
    // Turning an instant task into a preset one needs a time and period; the other way clears them.
    expect(await rest('POST', `/robot/track/inspectTask/${ROBOT}/${instant.data.id}`, { type: 0 })).toEqual({ code: 400, message: 'Validation failed: Execution time is required' });
    expect((await rest('GET', `/robot/track/inspectTask/${ROBOT}/${instant.data.id}`)).data).toMatchObject({ type: 1, runTime: null });
    const preset = await rest('POST', `/robot/track/inspectTask/${ROBOT}/${instant.data.id}`, { type: 0, runTime: '23:59:00', period: 'daily' });
    expect(preset.data).toMatchObject({ type: 0, runTime: '23:59:00', period: 'daily' });
    expect((await rest('POST', `/robot/track/inspectTask/${ROBOT}/${instant.data.id}`, { type: 1 })).data).toMatchObject({ type: 1, runTime: null, period: null });
    for (const id of [instant.data.id, sent.data.id]) await rest('DELETE', `/robot/track/inspectTask/${ROBOT}/${id}`);
    await rest('DELETE', `/robot/track/inspectPoint/${ROBOT}/${point.data.id}`);
  });
});
