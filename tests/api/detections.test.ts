import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttTopics } from '../../common/protocol';
import type { DetectionMessage } from '../../common/detections';
import { FleetSimulator } from '../../server/simulator/simulator';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let robot: MqttClient;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  robot = await s.mqtt(undefined, { clientId: 'test-robot' });
});
afterAll(async () => {
  await robot?.endAsync(true);
  await s?.close();
});

const start = { x: 1000, y: 2000, latitude: 31.2304, longitude: 121.4737 };
const end = { x: 11000, y: 2000, latitude: 31.2304, longitude: 121.4738052 };

/** Publishes as the robot would, then waits until the row is stored. */
async function report(robotId: string, message: Partial<DetectionMessage>): Promise<void> {
  const before = await rowCount(s, 'detections');
  const full = { kind: 'plate', start, end, t: Date.parse('2026-05-01T08:00:00Z'), ...message };
  await robot.publishAsync(MqttTopics.detection(robotId), JSON.stringify(full), { qos: 1 });
  await waitFor(async () => (await rowCount(s, 'detections')) > before);
}

async function waitFor(check: () => Promise<boolean>, what = 'condition'): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

describe('detections reported by robots', () => {
  it('stores a plate detection with its picture, poses and fields, in the robot company', async () => {
    const picture = renderDetectionPicture('plate', 42).toString('base64');
    await report('01WR000001', { kind: 'plate', picture, mapId: 1, data: { plateNumber: '沪A12345', plateColor: 'blue', carType: 'car' } });
    const page = await s.call('reqPlateOrbitPaging', { pageNum: 1, pageSize: 10 }, t.entsuper);
    expect(page.statusCode).toBe(200);
    expect(page.param.total).toBe(1);
    const row = page.param.list[0];
    expect(row).toMatchObject({
      robotId: '01WR000001',
      companyId: 2,
      detectedAt: '2026-05-01T08:00:00.000Z',
      plateNumber: '沪A12345',
      plateColor: 'blue',
      carType: 'car',
      startLat: 31.2304,
      startLng: 121.4737,
      endLng: 121.4738052,
      startX: 1000,
      endX: 11000,
    });
    expect(row.pictureUrl).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    const res = await fetch(`${s.url}${row.pictureUrl}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(picture, 'base64'))).toBe(true);
    // Each list shows its own kind only.
    expect((await s.call('reqEnvInfo', {}, t.entsuper)).param.total).toBe(0);
  });

  it('keeps detections within the company tree', async () => {
    await report('05WV000001', { kind: 'plate', data: { plateNumber: '京B99999' } });
    expect((await s.call('reqPlateOrbitPaging', {}, t.entsuper)).param.list.map((r: { plateNumber: string }) => r.plateNumber)).toEqual(['沪A12345']);
    expect((await s.call('reqPlateOrbitPaging', {}, t.admin)).param.total).toBe(2);
    // A general user reads detections of the company.
    expect((await s.call('reqPlateOrbitPaging', {}, t.monitor)).param.total).toBe(1);
  });

  it('filters on kind-specific fields and dates, and sorts by them', async () => {
    await report('01WR000002', { kind: 'custom', data: { meterName: 'Pressure gauge P1', reading: 0.82, unit: 'MPa' }, t: Date.parse('2026-05-02T08:00:00Z') });
    await report('01WR000002', { kind: 'custom', data: { meterName: 'Ammeter A3', reading: 12.5, unit: 'A' }, t: Date.parse('2026-05-03T08:00:00Z') });
    const byName = await s.call('getCustomDetection', { meterName: 'gauge' }, t.entadmin);
    expect(byName.param.list.map((r: { reading: number }) => r.reading)).toEqual([0.82]);
    const sorted = await s.call('getCustomDetection', { sortField: 'reading', sortOrder: 'descend' }, t.entadmin);
    expect(sorted.param.list.map((r: { meterName: string }) => r.meterName)).toEqual(['Ammeter A3', 'Pressure gauge P1']);
    const ranged = await s.call('getCustomDetection', { detectedAt: ['2026-05-03T00:00:00Z', ''] }, t.entadmin);
    expect(ranged.param.list.map((r: { meterName: string }) => r.meterName)).toEqual(['Ammeter A3']);
  });

  it('drops what a robot sends wrong: unknown kind or robot, a picture that is not an image', async () => {
    const before = await tableHash(s, 'detections');
    await robot.publishAsync(MqttTopics.detection('01WR000001'), JSON.stringify({ kind: 'ufo', start, end, t: Date.now() }), { qos: 1 });
    await robot.publishAsync(MqttTopics.detection('99XX000001'), JSON.stringify({ kind: 'plate', start, end, t: Date.now() }), { qos: 1 });
    await robot.publishAsync(MqttTopics.detection('01WR000001'), 'not json', { qos: 1 });
    // A marker message afterwards: once it is stored, the ones before were handled.
    await report('01WR000001', { kind: 'snap', picture: Buffer.from('#!/bin/sh\necho hi').toString('base64'), data: { cameraId: 1 } });
    const snaps = (await s.call('snapPictureQuery', {}, t.entsuper)).param.list;
    expect(snaps).toHaveLength(1);
    expect(snaps[0].pictureUrl).toBeNull();
    expect(await rowCount(s, 'detections')).toBe(Number(before.split(':')[0]) + 1);
  });

  it('deletes with permission only, and only within the list kind', async () => {
    const plate = (await s.call('reqPlateOrbitPaging', {}, t.entsuper)).param.list[0];
    const before = await tableHash(s, 'detections');
    expect(await s.call('delPlateDetect', { id: plate.id }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('delEnvInfo', { id: plate.id }, t.entsuper)).toEqual({ statusCode: 404, statusInfo: 'Record not found' });
    expect(await tableHash(s, 'detections')).toBe(before);
    expect((await s.call('delPlateDetect', { id: plate.id }, t.entsuper)).statusCode).toBe(200);
    expect((await s.call('reqPlateOrbitPaging', {}, t.entsuper)).param.total).toBe(0);
  });
});

describe('environment and gas readings against the robot thresholds', () => {
  it('marks readings over the thresholds of the robot settings, and filters by them', async () => {
    expect((await s.call('setRobotParam', { robotId: '01WR000001', params: { environmentThresholds: { smokeThreshold: 100 }, gasThresholds: { methaneWarning: 1 } } }, t.entsuper)).statusCode).toBe(200);
    const readings = { temperature: 22, humidity: 50, smoke: 150, pm25: 20, methane: 1.5, hydrogenFluoride: 0.1 };
    await report('01WR000001', { kind: 'env', data: readings, t: Date.parse('2026-05-05T08:00:00Z') });
    await report('01WR000002', { kind: 'env', data: { ...readings, humidity: 10 }, t: Date.parse('2026-05-05T09:00:00Z') });
    const list = (await s.call('reqEnvInfo', { sortField: 'detectedAt', sortOrder: 'ascend' }, t.entsuper)).param.list;
    expect(list.map((r: { robotId: string; exceeded: string[] }) => [r.robotId, r.exceeded])).toEqual([
      ['01WR000001', ['smoke', 'methane']],
      ['01WR000002', ['humidity']],
    ]);
    expect(list[0].thresholds).toMatchObject({ smoke: 100, methane: 1, humidity: 85 });
    expect(list[1].thresholds).toMatchObject({ smoke: 300, methane: 10 });
    const smoky = (await s.call('reqEnvInfo', { exceeded: 'smoke' }, t.entsuper)).param.list;
    expect(smoky.map((r: { robotId: string }) => r.robotId)).toEqual(['01WR000001']);
    // Body temperature is judged by the robot's threshold, not the robot's own flag.
    await report('01WR000001', { kind: 'temperature', data: { bodyTemp: 37.5, tempStatus: 0 } });
    expect((await s.call('queryPersonTemperature', {}, t.entsuper)).param.list[0]).toMatchObject({ bodyTemp: 37.5, tempStatus: 1 });
  });
});

describe('meter statements of customDetection (meterStatementsExport)', () => {
  it('sums up each meter over the filtered readings, as data and as an Excel file', async () => {
    await report('01WR000002', { kind: 'custom', data: { meterName: 'Pressure gauge P1', reading: 0.9, unit: 'MPa' }, t: Date.parse('2026-05-04T08:00:00Z') });
    const answer = await s.call('meterStatementsExport', {}, t.entadmin);
    expect(answer.param.list).toEqual([
      { robotId: '01WR000002', meterName: 'Ammeter A3', unit: 'A', count: 1, min: 12.5, max: 12.5, average: 12.5, first: '2026-05-03T08:00:00.000Z', last: '2026-05-03T08:00:00.000Z', lastReading: 12.5 },
      { robotId: '01WR000002', meterName: 'Pressure gauge P1', unit: 'MPa', count: 2, min: 0.82, max: 0.9, average: 0.86, first: '2026-05-02T08:00:00.000Z', last: '2026-05-04T08:00:00.000Z', lastReading: 0.9 },
    ]);
    const ranged = await s.call('meterStatementsExport', { meterName: 'gauge', detectedAt: ['2026-05-03T00:00:00Z', ''] }, t.entadmin);
    expect(ranged.param.list.map((m: { meterName: string; count: number }) => [m.meterName, m.count])).toEqual([['Pressure gauge P1', 1]]);

    const res = await fetch(`${s.url}/api/meter-statements`, { method: 'POST', headers: { 'content-type': 'application/json', token: t.monitor }, body: JSON.stringify({ param: {}, lang: 'zh' }) });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['仪表报表', '读数明细']);
    const statement = wb.worksheets[0]!.getSheetValues() as unknown[][];
    expect(statement[1]!.slice(1, 8)).toEqual(['仪表', '单位', '机器人', '读数次数', '最小值', '最大值', '平均值']);
    expect(statement[3]!.slice(1, 8)).toEqual(['Pressure gauge P1', 'MPa', '01WR000002', 2, 0.82, 0.9, 0.86]);
    expect(wb.worksheets[1]!.rowCount).toBe(4);
    const refused = await fetch(`${s.url}/api/meter-statements`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await refused.json()).toEqual({ code: 403, message: 'Login expired, please log in again' });
  });
});

describe('face orbit and heat (reqFaceOrbitPaging, getFaceHeat)', () => {
  it('lists where a face was seen and counts sightings by weekday and hour in the caller time zone', async () => {
    await report('01WR000001', { kind: 'face', data: { personName: 'Li Wei', entryType: 2, similarity: 93.5 }, t: Date.parse('2026-05-01T08:00:00Z') });
    await report('01WR000002', { kind: 'face', data: { personName: 'Li Wei', entryType: 2, similarity: 88 }, t: Date.parse('2026-05-02T09:30:00Z') });
    await report('01WR000002', { kind: 'face', data: { personName: 'Tanaka Yui', entryType: 1, similarity: 91 }, t: Date.parse('2026-05-02T09:40:00Z') });
    const orbit = await s.call('reqFaceOrbitPaging', { personName: 'Li Wei', sortField: 'detectedAt', sortOrder: 'ascend' }, t.entsuper);
    expect(orbit.param.list.map((r: { robotId: string; entryType: number }) => [r.robotId, r.entryType])).toEqual([
      ['01WR000001', 2],
      ['01WR000002', 2],
    ]);
    // 2026-05-01 is a Friday: 08:00 UTC is 16:00 at UTC+8.
    const heat = await s.call('getFaceHeat', { personName: 'Li Wei', utcOffset: 480 }, t.entsuper);
    expect(heat.param.total).toBe(2);
    expect(heat.param.counts[5][16]).toBe(1);
    expect(heat.param.counts[6][17]).toBe(1);
    expect(heat.param.counts.flat().reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect((await s.call('getFaceHeat', {}, t.entsuper)).param.total).toBe(3);
    expect((await s.call('getPlateHeat', { utcOffset: 0 }, t.admin)).param.total).toBe(1);
  });
});

describe('the identity blacklist of IDCardDetection', () => {
  it('lists checked ID numbers per company and marks the ID card detections that match', async () => {
    const before = await tableHash(s, 'black_identities');
    expect((await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '44030119850715001' }, t.entsuper)).statusInfo).toBe('ID card number: 18 characters (or 15 for an old card)');
    expect((await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '990301198507150018' }, t.entsuper)).statusInfo).toBe('ID card number: unknown region code');
    expect((await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '11010519491231002X' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('queryBlackIdentity', {}, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'black_identities')).toBe(before);
    const added = await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '11010519491231002x', reason: 'Trespassing' }, t.entsuper);
    expect(added.param).toMatchObject({ name: 'Zhao Lei', idNumber: '11010519491231002X', companyId: 2 });
    expect(await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '11010519491231002X' }, t.entadmin)).toEqual({
      statusCode: 409,
      statusInfo: 'ID card number "11010519491231002X" already exists',
    });
    // Another company keeps its own list.
    expect((await s.call('addBlackIdentity', { name: 'Zhao Lei', idNumber: '11010519491231002X', companyId: 3 }, t.admin)).statusCode).toBe(200);

    await report('01WR000001', { kind: 'idCard', data: { personName: 'Zhao Lei', idNumber: '11010519491231002X', blacklisted: false } });
    await report('01WR000001', { kind: 'idCard', data: { personName: 'Wang Fang', idNumber: '440301198507150018', blacklisted: true } });
    const cards = (await s.call('queryIDCard', { sortField: 'detectedAt' }, t.entsuper)).param.list;
    expect(cards.map((c: { personName: string; blacklisted: boolean }) => [c.personName, c.blacklisted])).toEqual([
      ['Wang Fang', false],
      ['Zhao Lei', true],
    ]);
    expect((await s.call('queryIDCard', {}, t.monitor)).statusInfo).toBe(NO_PERMISSION);
  });
});

describe('features following the robots of the company (spec §2)', () => {
  it('tells the console which infrared kinds the company tree has (temperature monitoring needs body temperature)', async () => {
    const info = async (username: string) => (await s.call('login', { username, password: 'demo1234', codeId: 'x', code: 'x' })).param;
    expect(await info('admin')).toMatchObject({ robotType: [1, 2, 3, 4, 5, 6, 7], infraredTypes: [2] });
    expect(await info('entsuper')).toMatchObject({ robotType: [1, 3, 4, 5], infraredTypes: [] });
  });
});

describe('the simulator', () => {
  it('reports detections of its robot type with a rendered picture and its pose', async () => {
    const sim = new FleetSimulator(s.server.mqttUrl, 50, 2);
    const before = await rowCount(s, 'detections');
    await sim.start([{ robotId: '04TP000001', robotType: 5, mapId: 3, loop: [[0, 0], [20, 0], [20, 10]] }], s.credentialsOf);
    try {
      await waitFor(async () => (await rowCount(s, 'detections')) >= before + 3, 'three simulated detections');
    } finally {
      await sim.stop();
    }
    const rows = await s.server.services.db.query<{ kind: string; pictureUrl: string; startLat: number; endLat: number; companyId: number }>(
      `SELECT kind, "pictureUrl", "startLat", "endLat", "companyId" FROM detections WHERE "robotId" = '04TP000001' ORDER BY id`,
    );
    // A track robot: thermal, custom, x3 … in turn.
    expect(rows.slice(0, 3).map((r) => r.kind)).toEqual(['thermal', 'custom', 'x3']);
    for (const r of rows) {
      expect(r.companyId).toBe(4);
      expect(r.startLat).toBeGreaterThan(31);
      const res = await fetch(`${s.url}${r.pictureUrl}`);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });
});
