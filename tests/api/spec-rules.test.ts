/**
 * Issue 20, "where spec rules were tried through the API … these differ from the spec": each rule
 * at its limit and one step past it, with the exact message and nothing changed on a refusal.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { loginAll, rowCount, tableHash } from './admin-support';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
beforeAll(async () => {
  s = await startTestServer({ SIM_ALARM_MINUTES: '0' });
  t = await loginAll(s);
  await until(async () => (await s.call('reqRobotStatus', { robotId: '01WR000001' }, t.admin)).param?.online === 1, 'robots online');
  await until(async () => (await s.call('reqRobotStatus', { robotId: '02WF000001' }, t.admin)).param?.online === 1, 'robots online');
}, 90_000);
afterAll(async () => s?.close());

const until = <T>(probe: () => Promise<T | false | null | undefined>, what = 'condition') => waitUntil(probe, what);

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(Math.max(0, bytes - PNG_HEAD.length), 7)]);
async function upload(kind: string, body: Buffer): Promise<any> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), 'point.png');
  const res = await fetch(`${s.url}/api/upload?kind=${kind}`, { method: 'POST', headers: { token: t.admin, 'accept-language': 'en' }, body: form });
  return res.json();
}
/** Every file under DATA_DIR/uploads with its size, the half-written ones in .partial included.
 * The simulated robots store pictures there too, so a refusal is checked by what it would have
 * left behind (a file of the refused size), not by a count that other writers change. */
const storedFiles = () => {
  const root = path.join(s.dir, 'uploads');
  const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return (fs.existsSync(root) ? walk(root) : []).map((f) => ({ f, size: fs.statSync(f).size }));
};
const filesOfSize = (size: number) => storedFiles().filter((x) => x.size === size).map((x) => x.f);

describe('point pictures: at most 512 KB (spec §5, §9)', () => {
  it('accepts a picture of exactly 512 KB and refuses 512 KB + 1 byte, storing nothing', async () => {
    const ok = await upload('image', png(512 * 1024));
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ size: 512 * 1024, type: 'png' });
    expect(filesOfSize(512 * 1024)).toHaveLength(1);
    expect(await upload('image', png(512 * 1024 + 1))).toEqual({ code: 400, message: 'The file is too large (at most 0.5 MB)' });
    expect(filesOfSize(512 * 1024 + 1)).toEqual([]);
    expect(filesOfSize(512 * 1024)).toHaveLength(1); // no truncated copy left behind either
  });

  it('a logo stays "under 0.5 MB": exactly 512 KB is refused', async () => {
    expect(await upload('logo', png(512 * 1024))).toEqual({ code: 400, message: 'The file is too large (at most 0.5 MB)' });
  });
});

describe('unknown fault codes (spec §8)', () => {
  it('are kept as reported and read "robot reported an anomaly, check version info" in the export, in each language', async () => {
    for (const code of [212, 323, 999]) {
      expect((await s.call('simulateAlarm', { robotId: '01WR000001', code }, t.admin)).statusCode).toBe(200);
      await until(async () => (await s.call('reqAlarmInfos', { robotId: '01WR000001', code, pageSize: 1 }, t.admin)).param.list[0], `alarm ${code}`);
    }
    const texts: Record<string, unknown[]> = {};
    for (const lang of ['en', 'zh', 'ja']) {
      const res = await fetch(`${s.url}/api/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: t.entsuper },
        body: JSON.stringify({ entity: 'alarm', param: { robotId: '01WR000001' }, lang }),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = wb.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const col = header.findIndex((h) => ['Alarm', '报警内容', 'アラーム', 'アラーム内容'].includes(h));
      expect(col, header.join('|')).toBeGreaterThan(0);
      texts[lang] = sheet.getColumn(col).values.slice(2);
    }
    expect(texts.en).toEqual(Array(3).fill('The robot reported an anomaly, check the version info'));
    expect(texts.zh).toEqual(Array(3).fill('机器人上报异常，请检查版本信息'));
    expect(texts.ja).toEqual(Array(3).fill('ロボットが異常を報告しました。バージョン情報を確認してください'));
  });
});

describe('go-charge needs a charging pile on the robot’s map (spec §8 "no charger set")', () => {
  it('refuses go-charge on a map without a pile, from the map’s data; accepts it once a pile is drawn', async () => {
    const mapId = (await s.call('reqRobotStatus', { robotId: '02WF000001' }, t.admin)).param.mapId as number;
    const before = (await s.call('getMapElements', { mapId }, t.entsuper)).param.elements;
    expect(before.filter((e: { kind: number }) => e.kind === 102)).toHaveLength(1);
    expect((await s.call('saveMapElements', { mapId, elements: before.filter((e: { kind: number }) => e.kind !== 102) }, t.entsuper)).statusCode).toBe(200);
    expect(await s.call('robotAction', { robotId: '02WF000001', action: 5 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'No charger set for this robot' });
    // The demo's east depot has no pile at all.
    expect(await s.call('robotAction', { robotId: '04WR000003', action: 5 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'No charger set for this robot' });
    expect((await s.call('saveMapElements', { mapId, elements: before }, t.entsuper)).statusCode).toBe(200);
    expect(await s.call('robotAction', { robotId: '02WF000001', action: 5 }, t.entsuper)).toMatchObject({ statusCode: 200, param: { result: 'accepted', action: 5 } });
  });
});

describe('BMS calibration (bmsCalibration): refused unless the robot is in emergency stop (spec §8)', () => {
  it('refuses a robot that is not in emergency stop, accepts it in emergency stop', async () => {
    expect(await s.call('bmsCalibration', { robotId: '01WR000001' }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'BMS calibration is only possible while the robot is in emergency stop',
    });
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 1 }, t.entsuper)).statusCode).toBe(200);
    await until(async () => (await s.call('reqRobotStatus', { robotId: '01WR000001' }, t.admin)).param?.emergencyButtonStatus === 1, 'emergency stop');
    expect(await s.call('bmsCalibration', { robotId: '01WR000001' }, t.entsuper)).toMatchObject({ statusCode: 200, param: { robotId: '01WR000001', result: 'accepted', action: 'bmsCalibration' } });
    expect((await s.call('emergencyButton', { robotId: '01WR000001', status: 0 }, t.entsuper)).statusCode).toBe(200);
  });

  it('refuses offline and unknown robots, general users, and bad input', async () => {
    expect(await s.call('bmsCalibration', { robotId: '03WS000001' }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Robot not online' });
    expect((await s.call('bmsCalibration', { robotId: '01WR000001' }, t.monitor)).statusInfo).toBe('Insufficient permissions to operate!');
    expect(await s.call('bmsCalibration', { robotId: '99WR000099' }, t.entsuper)).toEqual({ statusCode: 404, statusInfo: 'Robot not found' });
    expect((await s.call('bmsCalibration', {}, t.entsuper)).statusInfo).toMatch(/^Validation failed: /);
  });
});

describe('a company whose robots are all static (spec §2)', () => {
  let staticAdmin: string;
  let companyId: number;
  beforeAll(async () => {
    const c = await s.call('addCompany', { name: 'KioskCo', domain: 'kiosk.example.com', robotTypes: [4] }, t.admin);
    expect(c.statusCode).toBe(200);
    companyId = c.param.id;
    expect((await s.call('addRobot', { robotId: '31WS000009', robotName: 'KioskOne', companyId }, t.admin)).statusCode).toBe(200);
    expect((await s.call('addUser', { username: 'kioskadm', name: 'Kiosk', roleId: 3, companyId, password: 'kiosk1234' }, t.admin)).statusCode).toBe(200);
    staticAdmin = await s.login('kioskadm', 'kiosk1234');
  });

  it('says so in the session (staticOnly), a mixed company does not', async () => {
    expect((await s.call('getUser', {}, staticAdmin)).param).toMatchObject({ robotType: [4], staticOnly: true });
    expect((await s.call('getUser', {}, t.entsuper)).param.staticOnly).toBe(false);
    expect((await s.call('getUser', {}, t.admin)).param.staticOnly).toBe(false);
  });

  it('refuses navigation, map management, energy and terminal events with a clear message, and changes nothing', async () => {
    const msg = "Not available: this company's robots are all static robots, which have no navigation, energy, map management, chassis, charge monitoring or terminal";
    const before = await tableHash(s, 'nav_tasks');
    for (const [event, param] of [
      ['queryNaviTask', {}],
      ['addNaviTask', { name: 'Loop', robotId: '31WS000009' }],
      ['queryMap', {}],
      ['addBuilding', { name: 'Hall', regionName: 'North', floors: 1 }],
      ['getEnergyConsumption', { robotId: '31WS000009', period: 'week' }],
      ['navigationStop', { robotId: '31WS000009' }],
    ] as const) {
      expect(await s.call(event, param, staticAdmin), event).toEqual({ statusCode: 400, statusInfo: msg });
    }
    expect(await tableHash(s, 'nav_tasks')).toBe(before);
    const zh = await (await fetch(`${s.url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'queryMap', param: {}, token: staticAdmin, lang: 'zh' }) })).json();
    expect(zh).toEqual({ statusCode: 400, statusInfo: '不可用：该公司的机器人均为静态机器人，不具备导航、能耗、地图管理、底盘、充电监控和终端功能' });
    // Other features stay, and a mixed company keeps map management.
    expect((await s.call('reqRobotBasicInfo', {}, staticAdmin)).statusCode).toBe(200);
    expect((await s.call('queryMap', {}, t.entsuper)).statusCode).toBe(200);
  });

  it('a mobile robot added to the company opens the features again', async () => {
    expect((await s.call('addRobot', { robotId: '31WR000009', robotName: 'KioskPatrol', companyId }, t.admin)).statusCode).toBe(200);
    expect((await s.call('getUser', {}, staticAdmin)).param.staticOnly).toBe(false);
    expect((await s.call('queryMap', {}, staticAdmin)).statusCode).toBe(200);
    expect((await s.call('deleteRobot', { id: (await s.call('reqRobotBasicInfo', { robotId: '31WR000009' }, t.admin)).param.list[0].id }, t.admin)).statusCode).toBe(200);
    expect((await s.call('getUser', {}, staticAdmin)).param.staticOnly).toBe(true);
  });
});

describe('robot records: naviSwitch (default open), mapType, buildingId, floor (spec §3)', () => {
  it('creates a robot with the navigation switch open by default and keeps the other fields', async () => {
    const made = await s.call('addRobot', { robotId: '41WR000001', robotName: 'FieldBot', companyId: 2 }, t.entsuper);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ naviSwitch: 1, mapType: null, buildingId: null, floor: null });
    const b = await s.call('addBuilding', { name: 'Depot', regionName: 'North', floors: 3 }, t.entsuper);
    expect(b.statusCode).toBe(200);
    const buildingId = b.param.id;
    const mod = await s.call('modifyRobot', { id: made.param.id, naviSwitch: 0, mapType: 2, buildingId, floor: 3 }, t.entsuper);
    expect(mod.statusCode).toBe(200);
    expect(mod.param).toMatchObject({ naviSwitch: 0, mapType: 2, buildingId, floor: 3 });
    const listed = (await s.call('reqRobotBasicInfo', { robotId: '41WR000001' }, t.entadmin)).param.list[0];
    expect(listed).toMatchObject({ naviSwitch: 0, mapType: 2, buildingId, floor: 3 });
  });

  it('refuses bad values with the exact message and changes nothing', async () => {
    const id = (await s.call('reqRobotBasicInfo', { robotId: '41WR000001' }, t.entsuper)).param.list[0].id;
    const before = await tableHash(s, 'robots');
    expect(await s.call('modifyRobot', { id, naviSwitch: 2 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Navigation switch has a value that is not allowed' });
    expect(await s.call('modifyRobot', { id, mapType: 5 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Map type has a value that is not allowed' });
    expect(await s.call('modifyRobot', { id, floor: 0 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Floor is out of range' });
    expect(await s.call('modifyRobot', { id, floor: 4 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'The floor must be within the building (1 to 3)' });
    expect(await s.call('modifyRobot', { id, buildingId: 999999 }, t.entsuper)).toEqual({ statusCode: 400, statusInfo: 'Building not found' });
    expect(await tableHash(s, 'robots')).toBe(before);
  });
});

describe('face entries: a gender outside 1 and 2 is unknown, not refused (spec §3)', () => {
  it('stores gender 0, 3 and 9 as given; the list and export read "Unknown"', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(renderDetectionPicture('face', 3))]), 'p.png');
    const up = (await (await fetch(`${s.url}/api/upload?kind=image`, { method: 'POST', headers: { token: t.entsuper }, body: form })).json()) as { data: { url: string } };
    const base = { name: 'Chen Jie', nation: 'Han', idType: 3, idNumber: 'W0101', entryType: 1, pictureUrl: up.data.url };
    for (const gender of [0, 3, 9]) {
      const made = await s.call('importFaceInfo', { ...base, idNumber: `W010${gender}`, gender }, t.entsuper);
      expect(made.statusCode).toBe(200);
      expect(made.param.gender).toBe(gender);
    }
    const res = await fetch(`${s.url}/api/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: t.entsuper },
      body: JSON.stringify({ entity: 'face-entry', param: { name: 'Chen' }, lang: 'en' }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const col = (sheet.getRow(1).values as unknown[]).map(String).indexOf('Sex');
    expect(sheet.getColumn(col).values.slice(2)).toEqual(['Unknown', 'Unknown', 'Unknown']);
  });

  it('still refuses a gender that is not a whole number 0-99, storing nothing', async () => {
    const before = await rowCount(s, 'face_entries');
    expect((await s.call('importFaceInfo', { name: 'Bad Sex', gender: 'x', idType: 3, idNumber: 'W9', pictureUrl: '/uploads/x.png' }, t.entsuper)).statusInfo).toMatch(/^Validation failed: Sex/);
    expect((await s.call('importFaceInfo', { name: 'Bad Sex', gender: 100, idType: 3, idNumber: 'W9', pictureUrl: '/uploads/x.png' }, t.entsuper)).statusInfo).toMatch(/^Validation failed: Sex/);
    expect(await rowCount(s, 'face_entries')).toBe(before);
  });
});

describe('license plates: plate type, owner, brand and car colour (spec §3)', () => {
  it('are listed with each plate sighting', async () => {
    const row = await until(async () => (await s.call('reqPlateOrbitPaging', { pageSize: 1 }, t.admin)).param.list[0], 'a plate sighting');
    expect(Object.keys(row)).toEqual(expect.arrayContaining(['plateNumber', 'plateColor', 'plateType', 'owner', 'brand', 'carColor', 'carType']));
    expect(typeof row.plateType).toBe('string');
    expect(typeof row.brand).toBe('string');
    expect(typeof row.carColor).toBe('string');
  }, 60_000);
});
