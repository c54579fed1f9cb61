import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let lfp: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
});
afterAll(async () => s?.close());

const CHARGE = [
  { voltage: 48.0, soc: 0 },
  { voltage: 51.2, soc: 50 },
  { voltage: 54.6, soc: 100 },
];
const bindings = () => tableHash(s, 'robot_battery');

describe('batteryManagement: battery models and their SOC tables', () => {
  it('adds models (queryBatteryModel/addBatteryModel) and lists them paged', async () => {
    const made = await s.call('addBatteryModel', { model: 'LFP48V40Ah', capacity: 40000 }, t.admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ model: 'LFP48V40Ah', capacity: 40000, chargeSoc: [], dischargeSoc: [] });
    lfp = made.param.id;
    await s.call('addBatteryModel', { model: 'NMC24V20Ah', capacity: 20000 }, t.platform);
    await s.call('addBatteryModel', { model: 'LFP24V60Ah', capacity: 60000.5 }, t.admin);
    const page = await s.call('queryBatteryModel', { pageNum: 1, pageSize: 2, sortField: 'capacity', sortOrder: 'ascend' }, t.admin);
    expect(page.param.total).toBe(3);
    expect(page.param.list.map((m: { model: string }) => m.model)).toEqual(['NMC24V20Ah', 'LFP48V40Ah']);
    expect((await s.call('queryBatteryModel', { model: 'lfp' }, t.monitor)).param.total).toBe(2);
  });

  it('refuses bad input and duplicate models with the exact message, writing nothing', async () => {
    const before = await tableHash(s, 'battery_models');
    expect(await s.call('addBatteryModel', { model: 'Zero', capacity: 0 }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Capacity (mAh) is out of range' });
    expect((await s.call('addBatteryModel', { capacity: 10 }, t.admin)).statusInfo).toBe('Validation failed: Model is required');
    expect(await s.call('addBatteryModel', { model: 'lfp48v40ah' }, t.admin)).toEqual({ statusCode: 409, statusInfo: 'Model "lfp48v40ah" already exists' });
    const other = (await s.call('queryBatteryModel', { model: 'NMC24V20Ah' }, t.admin)).param.list[0];
    expect((await s.call('modifyBatteryModel', { id: other.id, model: 'LFP48V40AH' }, t.admin)).statusCode).toBe(409);
    expect(await tableHash(s, 'battery_models')).toBe(before);
  });

  it('sets SOC tables only through uploadSocData: a table sent with the model is dropped', async () => {
    const made = await s.call('addBatteryModel', { model: 'Sealed12V', capacity: 7000, chargeSoc: CHARGE }, t.admin);
    expect(made.param).toMatchObject({ model: 'Sealed12V', chargeSoc: [] });
    expect((await s.call('delBatteryModel', { id: made.param.id }, t.admin)).statusCode).toBe(200);
  });

  it('uploads, reads and deletes SOC tables (uploadSocData/getSocData/deleteSocData)', async () => {
    const up = await s.call('uploadSocData', { batteryId: lfp, socType: 'charge', data: CHARGE }, t.admin);
    expect(up.param).toEqual({ batteryId: lfp, model: 'LFP48V40Ah', chargeSoc: CHARGE, dischargeSoc: [] });
    await s.call('uploadSocData', { batteryId: lfp, socType: 'discharge', data: [{ voltage: 54, soc: 100 }, { voltage: 47, soc: 0 }] }, t.platform);
    const got = await s.call('getSocData', { batteryId: lfp }, t.monitor);
    expect(got.param).toMatchObject({ chargeSoc: CHARGE, dischargeSoc: [{ voltage: 54, soc: 100 }, { voltage: 47, soc: 0 }] });
    const cleared = await s.call('deleteSocData', { batteryId: lfp, socType: 'discharge' }, t.admin);
    expect(cleared.param).toMatchObject({ chargeSoc: CHARGE, dischargeSoc: [] });
  });

  it('refuses a bad SOC table with the exact message and changes nothing', async () => {
    const before = await tableHash(s, 'battery_models');
    expect(await s.call('uploadSocData', { batteryId: lfp, socType: 'charge', data: [{ voltage: 50, soc: 120 }] }, t.admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: SOC data is out of range',
    });
    expect((await s.call('uploadSocData', { batteryId: lfp, socType: 'fast', data: CHARGE }, t.admin)).statusInfo).toBe('Validation failed: SOC table has a value that is not allowed');
    expect((await s.call('uploadSocData', { batteryId: lfp, socType: 'charge', data: [] }, t.admin)).statusInfo).toBe('Validation failed: SOC data is out of range');
    expect((await s.call('uploadSocData', { batteryId: lfp, socType: 'charge', data: [{ voltage: 50 }] }, t.admin)).statusInfo).toBe('Validation failed: SOC (%) is required');
    expect((await s.call('uploadSocData', { batteryId: 999999, socType: 'charge', data: CHARGE }, t.admin)).statusInfo).toBe('Record not found');
    expect((await s.call('getSocData', {}, t.admin)).statusInfo).toBe('Validation failed: Battery model is required');
    expect(await tableHash(s, 'battery_models')).toBe(before);
  });

  it('binds a model to a robot of the caller tree (bindRobotSocData) and answers the robot table', async () => {
    const bound = await s.call('bindRobotSocData', { robotId: '01wr000001', batteryId: lfp }, t.entadmin);
    expect(bound).toEqual({ statusCode: 200, statusInfo: 'Success', param: { robotId: '01WR000001', batteryId: lfp } });
    const robotTable = await s.call('getSocData', { robotId: '01WR000001' }, t.monitor);
    expect(robotTable.param).toMatchObject({ robotId: '01WR000001', batteryId: lfp, model: 'LFP48V40Ah', chargeSoc: CHARGE });
    expect((await s.call('getSocData', { robotId: '01WR000002' }, t.monitor)).param).toEqual({ robotId: '01WR000002', batteryId: null, model: null, chargeSoc: [], dischargeSoc: [] });
    expect((await s.call('bindRobotSocData', { robotId: '04WR000003', batteryId: lfp }, t.entsuper)).statusCode).toBe(200);
  });

  it('refuses robots outside the caller tree, unknown robots and models; bindings unchanged', async () => {
    const before = await bindings();
    expect(await s.call('bindRobotSocData', { robotId: '05WV000001', batteryId: lfp }, t.entadmin)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect(await s.call('bindRobotSocData', { robotId: '99ZZ000000', batteryId: lfp }, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Robot 99ZZ000000 not found' });
    expect(await s.call('bindRobotSocData', { robotId: '01WR000002', batteryId: 999999 }, t.entadmin)).toEqual({ statusCode: 404, statusInfo: 'Record not found' });
    expect((await s.call('bindRobotSocData', { robotId: '01WR000002' }, t.entadmin)).statusInfo).toBe('Validation failed: Battery model is required');
    expect((await s.call('getSocData', { robotId: '05WV000001' }, t.entadmin)).statusInfo).toBe(NO_PERMISSION);
    expect(await bindings()).toBe(before);
  });

  it('refuses to delete a bound model; unbinding (batteryId null) lets it go', async () => {
    // A binding of a robot deleted since does not count.
    const temp = await s.call('addRobot', { robotId: '09WR000009', robotName: 'TempBot', companyId: 2 }, t.admin);
    expect((await s.call('bindRobotSocData', { robotId: '09WR000009', batteryId: lfp }, t.admin)).statusCode).toBe(200);
    expect((await s.call('deleteRobot', { id: temp.param.id }, t.admin)).statusCode).toBe(200);
    const before = await tableHash(s, 'battery_models');
    expect(await s.call('delBatteryModel', { id: lfp }, t.admin)).toEqual({
      statusCode: 409,
      statusInfo: 'This battery model is still bound to 2 robot(s); unbind them first',
    });
    expect(await tableHash(s, 'battery_models')).toBe(before);
    expect((await s.call('bindRobotSocData', { robotId: '01WR000001', batteryId: null }, t.entsuper)).param).toEqual({ robotId: '01WR000001', batteryId: null });
    expect((await s.call('bindRobotSocData', { robotId: '04WR000003', batteryId: null }, t.admin)).statusCode).toBe(200);
    const n = await rowCount(s, 'battery_models');
    expect(await s.call('modifyBatteryModel', { id: lfp, capacity: 42000 }, t.platform)).toMatchObject({ statusCode: 200, param: { capacity: 42000 } });
    expect(await s.call('delBatteryModel', { id: lfp }, t.admin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: lfp } });
    expect(await rowCount(s, 'battery_models')).toBe(n - 1);
  });

  it('lets enterprise roles and general users read the catalogue only; general users cannot bind', async () => {
    const model = (await s.call('queryBatteryModel', { pageNum: 1, pageSize: 1 }, t.admin)).param.list[0];
    const before = (await tableHash(s, 'battery_models')) + (await bindings());
    for (const who of ['entsuper', 'entadmin', 'monitor'] as const) {
      expect((await s.call('queryBatteryModel', {}, t[who])).statusCode).toBe(200);
      expect(await s.call('addBatteryModel', { model: `By${who}` }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('modifyBatteryModel', { id: model.id, capacity: 1 }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('delBatteryModel', { id: model.id }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('uploadSocData', { batteryId: model.id, socType: 'charge', data: CHARGE }, t[who])).statusInfo).toBe(NO_PERMISSION);
      expect((await s.call('deleteSocData', { batteryId: model.id, socType: 'charge' }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect((await s.call('bindRobotSocData', { robotId: '01WR000001', batteryId: model.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await tableHash(s, 'battery_models')) + (await bindings())).toBe(before);
  });
});
