import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rest } from './admin-support';

/** Issue 20: the new events of spec §7 (docs/protocol.md "Issue 20 events") — answers, refusals, bad input. */
let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  for (const id of ['01WR000001', '02WF000001']) await until(id, (r) => r.online === 1);
}, 60_000);
afterAll(async () => s?.close());

async function until(robotId: string, ok: (r: any) => boolean, ms = 10_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const r = (await s.call('reqRobotStatus', { robotId }, t.admin)).param;
    if (ok(r) || Date.now() > end) return r;
    await new Promise((res) => setTimeout(res, 150));
  }
}
const setKind = async (robotId: string, kind: number) => {
  await s.server.services.db.query('UPDATE robots SET "robotType" = $1 WHERE "robotId" = $2', [kind, robotId]);
  await s.server.services.fleet.load();
};

describe('menu / status', () => {
  it('getRobotTypesByCompanyId lists the kinds of a company; getRobotOnline the online state', async () => {
    const kinds = (await s.call('getRobotTypesByCompanyId', {}, t.admin)).param as number[];
    expect(kinds).toEqual(expect.arrayContaining([1, 3, 4]));
    const online = (await s.call('getRobotOnline', { robotId: '01WR000001' }, t.admin)).param;
    expect(online).toEqual([{ robotId: '01WR000001', online: 1 }]);
    expect((await s.call('getRobotOnline', { robotId: '05WV000001' }, t.entadmin)).statusInfo).toBe('Robot not found');
  });
  it('insertLastWebRoute keeps a route with the user (getUser answers it); a route not starting with / is refused and changes nothing', async () => {
    expect((await s.call('insertLastWebRoute', { route: '/home/alarmManage' }, t.monitor)).param).toEqual({ route: '/home/alarmManage' });
    expect((await s.call('getUser', {}, t.monitor)).param.lastWebRoute).toBe('/home/alarmManage');
    const bad = await s.call('insertLastWebRoute', { route: 'x' }, t.monitor);
    expect(bad.statusCode).toBe(400);
    expect((await s.call('getUser', {}, t.monitor)).param.lastWebRoute).toBe('/home/alarmManage');
    // Another user's record is their own.
    expect((await s.call('getUser', {}, t.entadmin)).param.lastWebRoute).not.toBe('/home/alarmManage');
  });
  it('fireFighting: only fire robots; general users refused', async () => {
    expect((await s.call('fireFighting', { robotId: '01WR000001', status: 1 }, t.admin)).statusInfo).toBe('This robot does not support the command');
    const a = await s.call('fireFighting', { robotId: '02WF000001', status: 1 }, t.admin);
    expect(a.param).toMatchObject({ result: 'accepted', data: { spraying: true } });
    expect((await s.call('fireFighting', { robotId: '02WF000001', status: 0 }, t.admin)).param.data.spraying).toBe(false);
    expect((await s.call('fireFighting', { robotId: '02WF000001', status: 1 }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
});

describe('control', () => {
  it('SOS mode (spec §9): rescue sound by default, remote call once set; interactiveSOS follows the mode', async () => {
    expect((await s.call('serverMediaOption', { robotId: '01WR000001' }, t.admin)).param).toEqual({ robotId: '01WR000001', mode: 1 });
    expect((await s.call('interactiveSOS', { robotId: '01WR000001' }, t.admin)).param).toMatchObject({ mode: 1, result: 'accepted' });
    expect((await s.call('serverMediaOption', { robotId: '01WR000001', mode: 3 }, t.admin)).statusCode).toBe(400);
    expect((await s.call('serverMediaOption', { robotId: '01WR000001', mode: 2 }, t.admin)).param.mode).toBe(2);
    expect((await s.call('serverMediaOption', { robotId: '01WR000001' }, t.admin)).param.mode).toBe(2);
    await s.call('serverMediaOption', { robotId: '01WR000001', mode: 1 }, t.admin);
    expect((await s.call('serverMediaOption', { robotId: '01WR000001', mode: 2 }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
  it('PTZ parameters and presets are stored on the robot; presets 2, 45, 49 reserved', async () => {
    const set = await s.call('setPTZParam', { robotId: '01WR000001', speed: 30, presets: [{ id: 1, name: 'Gate' }, { id: 3, name: 'Dock' }] }, t.admin);
    expect(set.param).toEqual({ speed: 30, presets: [{ id: 1, name: 'Gate' }, { id: 3, name: 'Dock' }] });
    for (const id of [2, 45, 49]) {
      expect(await s.call('setPTZParam', { robotId: '01WR000001', presets: [{ id, name: 'X' }] }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Presets 2, 45 and 49 are reserved' });
    }
    expect((await s.call('setPTZParam', { robotId: '01WR000001', presets: [{ id: 1, name: 'A' }, { id: 1, name: 'B' }] }, t.admin)).statusInfo).toBe('A preset number is given twice');
    expect((await s.call('setPTZParam', { robotId: '01WR000001', speed: 101 }, t.admin)).statusCode).toBe(400);
    expect((await s.call('getPTZParam', { robotId: '01WR000001' }, t.admin)).param).toEqual({ speed: 30, presets: [{ id: 1, name: 'Gate' }, { id: 3, name: 'Dock' }] });
  });
  it('video parameters are read and set on the robot', async () => {
    expect((await s.call('videoParam', { robotId: '01WR000001', definition: 3, dataSaving: 2 }, t.admin)).param).toEqual({ definition: 3, dataSaving: 2 });
    expect((await s.call('getVideoParam', { robotId: '01WR000001' }, t.admin)).param).toEqual({ definition: 3, dataSaving: 2 });
    expect((await s.call('videoParam', { robotId: '01WR000001', definition: 5 }, t.admin)).statusCode).toBe(400);
  });
  it('snapPictures, sendCoordinate, HandheldwirelessRC drive the robot', async () => {
    expect((await s.call('snapPictures', { robotId: '01WR000001', cameraId: 0 }, t.admin)).param.pictureUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect((await s.call('sendCoordinate', { robotId: '01WR000001', x: 1000, y: 2000 }, t.admin)).param).toMatchObject({ result: 'accepted' });
    expect((await s.call('HandheldwirelessRC', { robotId: '01WR000001', status: 1 }, t.admin)).param).toMatchObject({ result: 'accepted', data: { status: 1 } });
    expect((await s.call('HandheldwirelessRC', { robotId: '01WR000001', status: 0 }, t.admin)).param.data.status).toBe(0);
  });
  it('infraredCorrect: only robots with an infrared camera; type 1 or 2', async () => {
    expect((await s.call('infraredCorrect', { robotId: '01WR000001', type: 1 }, t.admin)).param).toMatchObject({ result: 'accepted', data: { type: 1 } });
    expect((await s.call('infraredCorrect', { robotId: '01WR000001', type: 3 }, t.admin)).statusCode).toBe(400);
    await setKind('01WR000001', 2);
    expect((await s.call('infraredCorrect', { robotId: '01WR000001', type: 2 }, t.admin)).statusInfo).toBe('This robot does not support the command');
    await setKind('01WR000001', 1);
  });
  it('singlePointNav: accepted, blocked in emergency stop with the spec message', async () => {
    expect((await s.call('singlePointNav', { robotId: '01WR000001', x: 500, y: 500 }, t.admin)).param).toMatchObject({ result: 'accepted' });
    await s.call('robotAction', { robotId: '01WR000001', action: 10 }, t.admin);
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 1 }, t.admin)).statusCode).toBe(200);
    await until('01WR000001', (r) => r.emergencyButtonStatus === 1);
    expect((await s.call('singlePointNav', { robotId: '01WR000001', x: 500, y: 500 }, t.admin)).statusInfo).toBe('Navigation task blocked: check the position and release the emergency stop');
    expect((await s.call('HandheldwirelessRC', { robotId: '01WR000001', status: 1 }, t.admin)).statusInfo).toBe('The emergency stop is pressed: release it first');
    await s.call('emergencyButton', { robotId: '01WR000001', status: 0 }, t.admin);
    await until('01WR000001', (r) => r.emergencyButtonStatus === 0);
    expect((await s.call('singlePointNav', { robotId: '01WR000001', x: 'a', y: 1 }, t.admin)).statusCode).toBe(400);
    expect((await s.call('singlePointNav', { robotId: '03WS000001', x: 1, y: 1 }, t.admin)).statusInfo).toBe('Robot not online');
  });
  it('getMoveAlarm, getCompanyMapByRobotId, queryFireOperationLog answer lists', async () => {
    expect(Array.isArray((await s.call('getMoveAlarm', { robotId: '01WR000001' }, t.admin)).param)).toBe(true);
    const maps = (await s.call('getCompanyMapByRobotId', { robotId: '01WR000001' }, t.admin)).param as { id: number }[];
    expect(maps.length).toBeGreaterThan(0);
    expect(Array.isArray((await s.call('queryFireOperationLog', { robotId: '02WF000001' }, t.admin)).param)).toBe(true);
  });
});

describe('maps, detections, alarms', () => {
  it('mapBind binds a robot to a map of its company; another company’s map is not found and nothing changes', async () => {
    const maps = (await s.call('getCompanyMapByRobotId', { robotId: '01WR000001' }, t.admin)).param as { id: number }[];
    const mapOf = async () => (await s.server.services.db.query<{ mapId: number | null }>(`SELECT "mapId" FROM robots WHERE "robotId" = '01WR000001'`))[0]!.mapId;
    const before = await mapOf();
    expect((await s.call('mapBind', { robotId: '01WR000001', mapId: 999999 }, t.admin)).statusInfo).toBe('Map not found');
    expect(await mapOf()).toBe(before);
    expect((await s.call('mapBind', { robotId: '01WR000001', mapId: maps[0]!.id }, t.admin)).param).toEqual({ robotId: '01WR000001', mapId: maps[0]!.id });
    expect((await s.call('mapBind', { robotId: '01WR000001', mapId: maps[0]!.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
  it('detection and alarm lists answer', async () => {
    expect(Array.isArray((await s.call('reqFaceByRobotId', { robotId: '01WR000001' }, t.admin)).param)).toBe(true);
    expect(Array.isArray((await s.call('getPlateByMap', { mapId: 1 }, t.admin)).param)).toBe(true);
    expect(Array.isArray((await s.call('getMapByPlateId', { plate: 'A1' }, t.admin)).param)).toBe(true);
    expect((await s.call('getMapByPlateId', { plate: '' }, t.admin)).statusCode).toBe(400);
    expect((await s.call('getCustomDetectionAlarm', {}, t.admin)).param.list).toBeDefined();
    expect(Array.isArray((await s.call('exportAlarmsProcess', {}, t.admin)).param)).toBe(true);
  });
});

describe('robot data export and import', () => {
  it('exports a robot’s settings and map binding, imports them back; a bad file imports nothing and says why', async () => {
    await s.server.services.db.query(`INSERT INTO robot_settings (robot_id, schema_id, params) VALUES ('01WR000001', 'test-schema', '{"a":1}') ON CONFLICT DO NOTHING`);
    const file = (await s.call('exportDataByRobotId', { robotId: '01WR000001' }, t.admin)).param;
    expect(file).toMatchObject({ kind: 'fleet-console/robot-data', version: 1, robotId: '01WR000001', robotType: 1 });
    expect(file.settings).toEqual(expect.arrayContaining([{ schema_id: 'test-schema', params: { a: 1 } }]));
    // (The robots' rows change with live telemetry, so the robot's settings and map binding are compared.)
    const mapOf = async (id: string) => (await s.server.services.db.query<{ mapId: number | null }>('SELECT "mapId" FROM robots WHERE "robotId" = $1', [id]))[0]!.mapId;
    const mapBefore = await mapOf('01WR000002');
    const settingsBefore = await s.server.services.db.query('SELECT * FROM robot_settings ORDER BY robot_id, schema_id');
    expect((await s.call('importData', { robotId: '01WR000002', data: { hello: 1 } }, t.admin)).statusInfo).toBe('File format error: not a robot data file of this console');
    expect((await s.call('importData', { robotId: '02WF000001', data: file }, t.admin)).statusInfo).toBe('File format error: the file is of another robot kind');
    expect((await s.call('importData', { robotId: '01WR000002', data: { ...file, settings: [{ schema_id: 'x', params: 3 }] } }, t.admin)).statusInfo).toBe('File format error: a setting of the file is not valid');
    expect((await s.call('importData', { robotId: '01WR000002', data: file }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await mapOf('01WR000002')).toBe(mapBefore);
    expect(await s.server.services.db.query('SELECT * FROM robot_settings ORDER BY robot_id, schema_id')).toEqual(settingsBefore);
    const ok = await s.call('importData', { robotId: '01WR000002', data: file }, t.admin);
    expect(ok.param).toMatchObject({ robotId: '01WR000002', settings: file.settings.length });
    expect((await s.server.services.db.query<{ params: unknown }>(`SELECT params FROM robot_settings WHERE robot_id = '01WR000002' AND schema_id = 'test-schema'`))[0]!.params).toEqual({ a: 1 });
  });
});

describe('REST', () => {
  it('draft maps, users, statements and device groups answer', async () => {
    expect((await rest(s, 'GET', '/robot/map/draftList', t.admin)).code).toBe(0);
    const users = await rest(s, 'GET', '/robot/user/list?pageNum=1&pageSize=2', t.admin);
    expect(users.data.list).toHaveLength(2);
    expect(users.data.total).toBeGreaterThan(2);
    // A company's users see only their company's users.
    const mine = await rest(s, 'GET', '/robot/user/list?pageSize=100', t.entadmin);
    expect(mine.data.total).toBeLessThan(users.data.total);
    expect(new Set(mine.data.list.map((u: { companyId: number }) => u.companyId)).size).toBeGreaterThan(0);
    expect((await rest(s, 'GET', '/robot/statements/totalDisinfectTime', t.admin)).data).toHaveProperty('minutes');
    expect(Array.isArray((await rest(s, 'GET', '/robot/statements/totalDisinfectTimeGroup', t.admin)).data)).toBe(true);
    expect(Array.isArray((await rest(s, 'GET', '/robot/statements/concentrationChart', t.admin)).data)).toBe(true);
    await s.server.services.db.query(`INSERT INTO robot_groups ("name", "companyId", "robotIds") SELECT 'Patrol', "companyId", '["01WR000001"]' FROM robots WHERE "robotId" = '01WR000001'`);
    const groups = (await rest(s, 'GET', '/authority/deviceGroup/list', t.admin)).data as { id: number }[];
    expect(groups.length).toBeGreaterThan(0);
    expect((await rest(s, 'GET', `/authority/deviceGroup/devices?groupId=${groups.at(-1)!.id}`, t.admin)).data).toMatchObject([{ robotId: '01WR000001' }]);
    expect((await rest(s, 'GET', '/authority/deviceGroup/devices?groupId=999999', t.admin)).message).toBe('Record not found');
  });
});
