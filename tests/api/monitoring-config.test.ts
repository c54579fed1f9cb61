import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** Dashboard monitoring configuration per company (spec §5: 1-16 cameras, at least 1 map, no duplicates). */
let s: TestServer;
let operator: string;
let admin: string;
let harborMaps: number[];
let metroMap: number;
let harborId: number;
let metroId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  operator = await s.login('monitor');
  admin = await s.login('admin');
  const companies = await s.server.services.db.query<{ id: number; name: string }>('SELECT id, name FROM companies');
  harborId = Number(companies.find((c) => c.name === 'HarborSecurity')!.id);
  metroId = Number(companies.find((c) => c.name === 'MetroColdChain')!.id);
  const maps = await s.server.services.db.query<{ id: number; companyId: number }>('SELECT id, "companyId" FROM maps ORDER BY id');
  harborMaps = maps.filter((m) => Number(m.companyId) === harborId).map((m) => Number(m.id));
  metroMap = Number(maps.find((m) => Number(m.companyId) === metroId)!.id);
});
afterAll(async () => s?.close());

const stored = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitoring_configs'))[0]!.n;
const HARBOR_ROBOTS = ['01WR000001', '01WR000002', '02WF000001', '03WS000001'];
const cams = (n: number) => HARBOR_ROBOTS.flatMap((robotId) => [0, 1, 2, 3, 4].map((cameraId) => ({ robotId, cameraId }))).slice(0, n);

describe('monitoring configuration (dashboard)', () => {
  it('has none at first', async () => {
    const a = await s.call('getMonitoringConfig', {}, operator);
    expect(a.statusCode).toBe(200);
    expect(a.param).toEqual({ companyId: harborId, configured: false, cameras: [], maps: [], updatedAt: null });
  });

  it('refuses a configuration that breaks the dashboard rules, with the spec messages, and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ cameras: [], maps: [harborMaps[0]] }, 'Choose at least 1 camera'],
      [{ cameras: cams(1), maps: [] }, 'Choose at least 1 map'],
      [{ cameras: cams(17), maps: [harborMaps[0]] }, 'At most 16 cameras'],
      [{ cameras: [...cams(2), { robotId: '01WR000001', cameraId: 1 }], maps: [harborMaps[0]] }, 'Duplicate camera: 01WR000001:1'],
      [{ cameras: cams(2), maps: [harborMaps[0], harborMaps[0]] }, `Duplicate map: ${harborMaps[0]}`],
      [{ cameras: [{ robotId: '05WV000001', cameraId: 0 }], maps: [harborMaps[0]] }, 'Robot 05WV000001 is not in this company'],
      [{ cameras: cams(1), maps: [metroMap] }, `Map ${metroMap} is not in this company`],
    ];
    for (const [param, message] of cases) {
      const a = await s.call('setMonitoringConfig', param, operator);
      expect(a.statusCode, message).toBe(400);
      expect(a.statusInfo).toBe(message);
    }
    expect((await s.call('setMonitoringConfig', { cameras: [], maps: [] }, operator, 'zh')).statusInfo).toBe('请至少选择1个摄像头');
    expect((await s.call('setMonitoringConfig', { cameras: [{ robotId: '01WR000001', cameraId: 7 }], maps: [harborMaps[0]] }, operator)).statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('saves 16 cameras and the maps for the caller company (a general user may), and answers them back', async () => {
    const a = await s.call('setMonitoringConfig', { cameras: cams(16), maps: harborMaps }, operator);
    expect(a.statusCode).toBe(200);
    const got = (await s.call('getMonitoringConfig', {}, operator)).param;
    expect(got).toMatchObject({ companyId: harborId, configured: true, maps: harborMaps });
    expect(got.cameras).toEqual(cams(16));
    // An update replaces it.
    await s.call('setMonitoringConfig', { cameras: cams(1), maps: [harborMaps[0]] }, operator);
    expect((await s.call('getMonitoringConfig', {}, operator)).param).toMatchObject({ cameras: cams(1), maps: [harborMaps[0]] });
  });

  it('keeps each company to its own configuration and callers to their company tree', async () => {
    expect((await s.call('getMonitoringConfig', { companyId: metroId }, operator)).statusInfo).toBe('Insufficient permissions to operate!');
    expect((await s.call('setMonitoringConfig', { companyId: metroId, cameras: [{ robotId: '05WV000001', cameraId: 0 }], maps: [metroMap] }, operator)).statusInfo).toBe(
      'Insufficient permissions to operate!',
    );
    expect((await s.call('setMonitoringConfig', { companyId: metroId, cameras: [{ robotId: '05WV000001', cameraId: 0 }], maps: [metroMap] }, admin)).statusCode).toBe(200);
    expect((await s.call('getMonitoringConfig', { companyId: metroId }, admin)).param.cameras).toEqual([{ robotId: '05WV000001', cameraId: 0 }]);
    expect((await s.call('getMonitoringConfig', {}, operator)).param.cameras).toEqual(cams(1));
  });

  it('deletes a configuration; deleting again says there is none', async () => {
    expect((await s.call('delMonitoringConfig', {}, operator)).statusCode).toBe(200);
    expect((await s.call('getMonitoringConfig', {}, operator)).param.configured).toBe(false);
    expect((await s.call('delMonitoringConfig', {}, operator)).statusInfo).toBe('Record not found');
    expect(await stored()).toBe(1); // MetroColdChain's stays
  });
});

describe('queryMonitoringMaps', () => {
  it('lists the maps of the caller company tree with their frame, and their picture on request', async () => {
    const list = (await s.call('queryMonitoringMaps', {}, operator)).param;
    expect(list.map((m: { mapId: number }) => m.mapId)).toEqual(expect.arrayContaining(harborMaps));
    expect(list.map((m: { mapId: number }) => m.mapId)).not.toContain(metroMap);
    expect(list[0].config).toMatchObject({ pixelW: 480, pixelH: 320 });
    expect(list[0].picture).toBeUndefined();
    const one = (await s.call('queryMonitoringMaps', { mapIds: [harborMaps[0]], withPicture: true }, operator)).param;
    expect(one).toHaveLength(1);
    expect(one[0].picture).toMatch(/^data:image\/png;base64,iVBOR/);
    expect((await s.call('queryMonitoringMaps', { mapIds: [metroMap] }, operator)).param).toEqual([]);
  });
});

describe('monitoring and navigation pickers (spec §7)', () => {
  it('lists the caller’s companies, a company tree’s robots and maps, and the robots on a map', async () => {
    const names = (await s.call('queryAllCompanyNames', {}, operator)).param.map((c: { name: string }) => c.name);
    expect(names.sort()).toEqual(['HarborEast', 'HarborSecurity']);
    const robots = (await s.call('getRobotsByCompany', { companyId: harborId }, operator)).param;
    expect(robots.map((r: { robotId: string }) => r.robotId)).toEqual(expect.arrayContaining(HARBOR_ROBOTS));
    expect(robots.map((r: { robotId: string }) => r.robotId)).not.toContain('05WV000001');
    expect(robots[0].cameras).toEqual([0, 1, 2, 3, 4]);
    expect((await s.call('getRobotsByCompany', { companyId: metroId }, operator)).statusInfo).toBe('Insufficient permissions to operate!');
    const maps = (await s.call('queryMapByCompanyId', { companyId: harborId }, operator)).param;
    expect(maps.map((m: { mapId: number }) => m.mapId)).toEqual(expect.arrayContaining(harborMaps));
    const onMap = (await s.call('getRobotInfoByMap', { mapId: harborMaps[0] }, operator)).param;
    expect(onMap.map((r: { robotId: string }) => r.robotId)).toContain('01WR000001');
    expect((await s.call('getRobotInfoByMap', { mapId: metroMap }, operator)).param).toEqual([]);
  });
});

describe('navigation configuration (navPandect)', () => {
  const navRows = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM navigation_configs'))[0]!.n;

  it('refuses no map, a duplicate and a foreign map; saves, answers and deletes the maps of the company', async () => {
    expect((await s.call('getNavigationConfig', {}, operator)).param).toEqual({ companyId: harborId, configured: false, maps: [], updatedAt: null });
    expect((await s.call('setNavigationConfig', { maps: [] }, operator)).statusInfo).toBe('Choose at least 1 map');
    expect((await s.call('setNavigationConfig', { maps: [harborMaps[0], harborMaps[0]] }, operator)).statusInfo).toBe(`Duplicate map: ${harborMaps[0]}`);
    expect((await s.call('setNavigationConfig', { maps: [metroMap] }, operator)).statusInfo).toBe(`Map ${metroMap} is not in this company`);
    expect(await navRows()).toBe(0);
    expect((await s.call('setNavigationConfig', { maps: [harborMaps[1], harborMaps[0]] }, operator)).statusCode).toBe(200);
    expect((await s.call('getNavigationConfig', {}, operator)).param).toMatchObject({ configured: true, maps: [harborMaps[1], harborMaps[0]] });
    expect((await s.call('delNavigationConfig', {}, operator)).statusCode).toBe(200);
    expect((await s.call('delNavigationConfig', {}, operator)).statusInfo).toBe('Record not found');
    expect(await navRows()).toBe(0);
  });
});
