import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  // The simulated robots report within a second of the start.
  await until(async () => (await s.call('reqRobotStatus', { robotId: '01WR000001' }, t.admin)).param?.online === 1);
}, 60_000);
afterAll(async () => s?.close());

const until = <T>(probe: () => Promise<T | false | null | undefined>, what = 'condition') => waitUntil(probe, what, 100);

/** Asks the simulated robot to raise a code and waits until the alarm is stored. */
async function raise(robotId: string, code: number, token = t.admin) {
  const a = await s.call('simulateAlarm', { robotId, code }, token);
  expect(a.statusCode).toBe(200);
  return until(async () => (await s.call('reqAlarmInfos', { robotId, code, status: 0, pageSize: 1 }, t.admin)).param.list[0], `alarm ${code} of ${robotId}`);
}

/** A realtime socket subscribed to the alarm topic, collecting its pushes. */
async function alarmSocket(token: string) {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, token);
  const pushes: { event: string; data: any }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) if (m.type === 'push' && m.topic === 'alarms') pushes.push({ event: m.event, data: m.data });
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'subscribe', topic: 'alarms' }));
  await until(async () => pushes.some((p) => p.event === 'snapshot'), 'snapshot');
  return { ws, pushes };
}

describe('alarm types (getAlarmType / addAlarmType / modifyAlarmType / deleteAlarmType)', () => {
  it('creates types with a level 1-3, auto-release and receivers, and lists them by company tree', async () => {
    const a = await s.call('addAlarmType', { name: 'Collision', code: 301, level: 3, autoRelease: 0, receivers: ['guard@harbor.example.com'] }, t.entsuper);
    expect(a.statusCode).toBe(200);
    expect(a.param).toMatchObject({ name: 'Collision', code: 301, level: 3, autoRelease: 0, receivers: ['guard@harbor.example.com'], companyId: 2 });
    expect((await s.call('addAlarmType', { name: 'PositionLost', code: 311, level: 1, autoRelease: 1 }, t.entadmin)).statusCode).toBe(200);
    expect((await s.call('addAlarmType', { name: 'ColdDoor', code: 103, level: 2, companyId: 3 }, t.admin)).statusCode).toBe(200);
    const harbor = await s.call('getAlarmType', { pageNum: 1, pageSize: 10 }, t.entsuper);
    expect(harbor.param.list.map((r: { name: string }) => r.name).sort()).toEqual(['Collision', 'PositionLost']);
    expect((await s.call('getAlarmType', { pageNum: 1, pageSize: 10 }, t.admin)).param.total).toBe(3);
  });

  it('refuses a repeated name, a level outside 1-3, more than 5 icons and a foreign icon; nothing changes', async () => {
    const before = await tableHash(s, 'alarm_types');
    expect(await s.call('addAlarmType', { name: 'collision', level: 1 }, t.entadmin)).toEqual({ statusCode: 409, statusInfo: 'Name "collision" already exists' });
    expect((await s.call('addAlarmType', { name: 'collision', level: 1 }, t.entadmin, 'zh')).statusInfo).toBe('类型名称"collision"已存在');
    expect(await s.call('addAlarmType', { name: 'Level4', level: 4 }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Default level has a value that is not allowed' });
    expect((await s.call('addAlarmType', { name: 'NoLevel' }, t.entadmin)).statusInfo).toBe('Validation failed: Default level is required');
    const icon = await uploadIcon(Buffer.concat([PNG_HEAD, Buffer.alloc(1000)]));
    expect(icon.code).toBe(0);
    const url = icon.data.url as string;
    expect(await s.call('addAlarmType', { name: 'Icons6', level: 1, icons: [url, url, url, url, url, url] }, t.entadmin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Icons (at most 5, each under 100 KB) is out of range',
    });
    expect((await s.call('addAlarmType', { name: 'Prompts6', level: 1, prompts: ['a', 'b', 'c', 'd', 'e', 'f'] }, t.entadmin)).statusInfo).toBe(
      'Validation failed: Prompts (at most 5) is out of range',
    );
    expect((await s.call('addAlarmType', { name: 'Foreign', level: 1, icons: ['https://elsewhere.example.com/a.png'] }, t.entadmin)).statusInfo).toBe(
      'Validation failed: Icons (at most 5, each under 100 KB): Upload the file here: only files uploaded to this console are accepted',
    );
    expect(await tableHash(s, 'alarm_types')).toBe(before);
    // Five icons are fine.
    const five = await s.call('addAlarmType', { name: 'FiveIcons', level: 2, icons: [url, url, url, url, url] }, t.entadmin);
    expect(five.param.icons).toHaveLength(5);
    await s.call('deleteAlarmType', { id: five.param.id }, t.entadmin);
  });

  it('refuses an icon of 100 KB or more at upload with the size message', async () => {
    const big = await uploadIcon(Buffer.concat([PNG_HEAD, Buffer.alloc(100 * 1024)]));
    expect(big).toEqual({ code: 400, message: 'The file is too large (at most 100 KB)' });
  });

  it('refuses general users', async () => {
    expect(await s.call('addAlarmType', { name: 'Op', level: 1 }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('getAlarmType', {}, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
  });
});

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
async function uploadIcon(body: Buffer): Promise<any> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), 'icon.png');
  const res = await fetch(`${s.url}/api/upload?kind=alarmIcon`, { method: 'POST', headers: { token: t.entadmin, 'accept-language': 'en' }, body: form });
  return res.json();
}

describe('alarm configuration and settings per company', () => {
  it('configures an alarm type once per company; the type must be of the company tree', async () => {
    const types = (await s.call('getAlarmType', { pageSize: 10 }, t.admin)).param.list as { id: number; name: string }[];
    const collision = types.find((x) => x.name === 'Collision')!;
    const cold = types.find((x) => x.name === 'ColdDoor')!;
    const made = await s.call('addAlarmConfig', { alarmTypeId: collision.id, enabled: 1, level: 2, popup: 1, robotIds: [] }, t.entsuper);
    expect(made.param).toMatchObject({ alarmTypeId: collision.id, companyId: 2, level: 2 });
    const before = await tableHash(s, 'alarm_configs');
    expect(await s.call('addAlarmConfig', { alarmTypeId: collision.id }, t.entadmin)).toEqual({ statusCode: 409, statusInfo: 'This alarm type is already configured for the company' });
    expect(await s.call('addAlarmConfig', { alarmTypeId: cold.id }, t.entadmin)).toEqual({ statusCode: 400, statusInfo: 'Alarm type not found' });
    expect(await tableHash(s, 'alarm_configs')).toBe(before);
  });

  it('keeps the settings of one company with the spec rules on mail receivers and infrared types', async () => {
    const fresh = await s.call('getAlarmThreshold', { companyId: 2 }, t.entsuper);
    expect(fresh.param).toMatchObject({ companyId: 2, outdatedAfterMinutes: 1440, popup: 1, infraredAlarmTypes: [1], mailOnAlarm: 0 });
    const before = await tableHash(s, 'alarm_settings');
    expect(await s.call('setAlarmThreshold', { companyId: 2, mailOnAlarm: 1 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Choose at least one mail group or address' });
    expect((await s.call('setAlarmThreshold', { companyId: 2, mailOnAlarm: 1 }, t.entsuper, 'zh')).statusInfo).toBe('请至少选择一个邮件组或邮箱地址');
    expect(await s.call('setAlarmThreshold', { companyId: 2, infraredAlarmTypes: [] }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'Choose at least one infrared / thermal alarm type',
    });
    const metroGroup = (await s.call('addEmailGroup', { name: 'MetroOps', addresses: ['ops@metro.example.com'], companyId: 3 }, t.admin)).param.id;
    expect(await s.call('setAlarmThreshold', { companyId: 2, mailOnAlarm: 1, emailGroupIds: [metroGroup] }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'E-mail group not found',
    });
    expect(await s.call('getAlarmThreshold', { companyId: 3 }, t.entsuper)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await tableHash(s, 'alarm_settings')).toBe(before);
    const set = await s.call('setAlarmThreshold', { companyId: 2, mailOnAlarm: 1, emailAddresses: ['duty@harbor.example.com'], outdatedAfterMinutes: 30 }, t.entsuper);
    expect(set.param).toMatchObject({ companyId: 2, mailOnAlarm: 1, emailAddresses: ['duty@harbor.example.com'], outdatedAfterMinutes: 30 });
    await s.call('setAlarmThreshold', { companyId: 2, mailOnAlarm: 0 }, t.entsuper);
  });
});

describe('alarms raised by robots: stored, pushed, released and processed', () => {
  it('stores a simulated alarm with its type level and position, and pushes it to the company tree only', async () => {
    const harbor = await alarmSocket(t.monitor);
    const admin = await alarmSocket(t.admin);
    const row = await raise('01WR000001', 301);
    expect(row).toMatchObject({ robotId: '01WR000001', robotName: 'PatrolA1', code: 301, kind: 'alarm', level: 2, status: 0, processStatus: 0, companyId: 2 });
    expect(row.alarmTypeId).toBeGreaterThan(0);
    const push = await until(async () => harbor.pushes.find((p) => p.event === 'alarm' && p.data.id === row.id), 'push to operator');
    expect(push.data).toMatchObject({ robotId: '01WR000001', code: 301, level: 2, popup: true, sound: true });
    // A Metro robot's alarm reaches the platform admin but not Harbor's operator.
    const metro = await raise('05WV000001', 103);
    await until(async () => admin.pushes.find((p) => p.event === 'alarm' && p.data.id === metro.id), 'push to admin');
    expect(harbor.pushes.some((p) => p.data?.id === metro.id)).toBe(false);
    expect((await s.call('reqAlarmInfos', { robotId: '05WV000001' }, t.entsuper)).param.total).toBe(0);
    // A robot repeating an open code makes no second alarm.
    const n = await rowCount(s, 'alarms');
    await s.call('simulateAlarm', { robotId: '01WR000001', code: 301 }, t.admin);
    await new Promise((r) => setTimeout(r, 300));
    expect(await rowCount(s, 'alarms')).toBe(n);
    harbor.ws.close();
    admin.ws.close();
  });

  it('follows the company pop-up and sound settings in pushes and in the topic snapshot', async () => {
    await s.call('setAlarmThreshold', { companyId: 2, popup: 0, sound: 0 }, t.entsuper);
    const harbor = await alarmSocket(t.monitor);
    const row = await raise('01WR000002', 302);
    const push = await until(async () => harbor.pushes.find((p) => p.event === 'alarm' && p.data.id === row.id), 'push');
    expect(push.data).toMatchObject({ popup: false, sound: false });
    harbor.ws.close();
    const again = await alarmSocket(t.monitor);
    expect(again.pushes[0]!.data.find((a: { id: number }) => a.id === row.id)).toMatchObject({ popup: false, sound: false });
    again.ws.close();
    await s.call('setAlarmThreshold', { companyId: 2, popup: 1, sound: 1 }, t.entsuper);
  });

  it('lets an operator process an alarm (handler, result) once, and lists only unprocessed ones as unhandled events', async () => {
    const row = (await s.call('reqAlarmInfos', { robotId: '01WR000001', code: 301 }, t.admin)).param.list[0];
    const unhandled = await s.call('getAlarmsProcess', { pageSize: 50 }, t.monitor);
    expect(unhandled.param.list.map((r: { id: number }) => r.id)).toContain(row.id);
    const before = await tableHash(s, 'alarms');
    expect(await s.call('setAlarmsProcess', { id: row.id, processStatus: 1 }, t.monitor)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Result is required' });
    expect(await s.call('setAlarmsProcess', { id: row.id, processStatus: 2, result: 'x' }, t.monitor)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Process status has a value that is not allowed',
    });
    expect(await s.call('setAlarmsProcess', { id: 999999, processStatus: 1, result: 'x' }, t.monitor)).toEqual({ statusCode: 404, statusInfo: 'Alarm not found' });
    expect(await tableHash(s, 'alarms')).toBe(before);
    const done = await s.call('setAlarmsProcess', { id: row.id, processStatus: 1, result: 'Obstacle removed' }, t.monitor);
    expect(done.param).toMatchObject({ id: row.id, processStatus: 1, handler: 'Monitor', result: 'Obstacle removed' });
    expect(await s.call('setAlarmsProcess', { id: row.id, processStatus: 3, result: 'again' }, t.entadmin)).toEqual({ statusCode: 409, statusInfo: 'This alarm has already been handled' });
    expect((await s.call('setAlarmsProcess', { id: row.id, processStatus: 3, result: 'again' }, t.entadmin, 'ja')).statusInfo).toBe('このアラームは既に処理されています');
    const after = await s.call('getAlarmsProcess', { pageSize: 50, processStatus: 1 }, t.monitor);
    expect(after.param.list.map((r: { id: number }) => r.id)).not.toContain(row.id);
    expect((await s.call('reqAlarmInfos', { processStatus: 1 }, t.entsuper)).param.list[0]).toMatchObject({ id: row.id, handler: 'Monitor' });
  });

  it('releases an alarm once; general users may not release; auto-release types release when the robot clears the code', async () => {
    const row = (await s.call('reqAlarmInfos', { robotId: '01WR000001', code: 301 }, t.admin)).param.list[0];
    expect(await s.call('setAlarmRelease', { id: row.id }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('setAlarmRelease', { id: row.id }, t.entadmin)).param).toMatchObject({ id: row.id, status: 1 });
    expect(await s.call('setAlarmRelease', { id: row.id }, t.entadmin)).toEqual({ statusCode: 409, statusInfo: 'This alarm is already released' });
    const lost = await raise('01WR000002', 311);
    expect(lost.level).toBe(1);
    await s.call('simulateAlarm', { robotId: '01WR000002', code: 311, state: 'clear' }, t.admin);
    await until(async () => (await s.call('reqAlarmInfos', { id: lost.id }, t.admin)).param.list[0]?.status === 1, 'auto-release');
    // A code with no type does not auto-release.
    const stream = await raise('01WR000002', 401);
    await s.call('simulateAlarm', { robotId: '01WR000002', code: 401, state: 'clear' }, t.admin);
    await new Promise((r) => setTimeout(r, 300));
    expect((await s.call('reqAlarmInfos', { id: stream.id }, t.admin)).param.list[0].status).toBe(0);
    expect((await s.call('getCurrentAlarm', { robotId: '01WR000002' }, t.monitor)).param.map((a: { code: number }) => a.code)).toContain(401);
  });

  it('marks alarms unprocessed past the company time-out as outdated', async () => {
    const row = await raise('02WF000001', 321);
    await s.call('setAlarmThreshold', { companyId: 2, outdatedAfterMinutes: 30 }, t.entsuper);
    await s.server.services.db.query(`UPDATE alarms SET "createdAt" = now() - interval '31 minutes' WHERE id = $1`, [row.id]);
    expect(await s.server.services.alarms!.markOutdated()).toBeGreaterThanOrEqual(1);
    expect((await s.call('reqAlarmInfos', { id: row.id }, t.admin)).param.list[0].processStatus).toBe(2);
    expect(await s.call('setAlarmsProcess', { id: row.id, processStatus: 1, result: 'late' }, t.monitor)).toEqual({ statusCode: 409, statusInfo: 'This alarm has already been handled' });
  });

  it('lets only admins ask the simulator, for visible robots', async () => {
    expect(await s.call('simulateAlarm', { robotId: '01WR000001', code: 301 }, t.entsuper)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('simulateAlarm', { robotId: '99XX000000', code: 301 }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect(await s.call('simulateAlarm', { robotId: '03WS000001', code: 301 }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Robot not online' });
  });

  it('exports the alarm list, filtered, with the code texts in the caller language', async () => {
    const res = await fetch(`${s.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: t.entsuper },
      body: JSON.stringify({ entity: 'alarm', param: { robotId: '01WR000001' }, lang: 'zh' }),
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const texts = sheet.getColumn(3).values.slice(2);
    expect(texts).toEqual(['报警：发生碰撞']);
    expect(sheet.getRow(2).values).toContain('已处理');
  });

  it('deletes alarms (reqDelAlarmInfo) for admins, not for general users', async () => {
    const row = (await s.call('reqAlarmInfos', { robotId: '01WR000002', code: 401 }, t.admin)).param.list[0];
    expect(await s.call('reqDelAlarmInfo', { id: row.id }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('reqDelAlarmInfo', { id: row.id }, t.entadmin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: row.id } });
  });
});
