/**
 * Issue 22: a super admin chooses the company of a new building and of an uploaded map (one of its
 * company tree); a company outside the caller's tree is refused with the permission message and
 * nothing is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapFixturesDir } from '../helpers/map-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

const FIXTURES = mapFixturesDir(path.resolve(import.meta.dirname, '../..'));
const fixture = (file: string) => fs.readFileSync(path.join(FIXTURES, 'tb3-world', file));

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await startTestServer();
  t = await loginAll(s);
  const companies = (await s.call('queryCompanys', { pageSize: 100 }, t.admin)).param.list as { id: number; name: string }[];
  for (const c of companies) ids[c.name] = c.id;
}, 60_000);
afterAll(async () => s?.close());

async function upload(token: string, data: Record<string, unknown>): Promise<{ code: number; message: string; data?: { mapId: number } }> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('pgm', new Blob([new Uint8Array(fixture('map.pgm'))]), 'map.pgm');
  form.append('yaml', new Blob([new Uint8Array(fixture('map.yaml'))]), 'map.yaml');
  const res = await fetch(`${s.url}/robot/map/upload`, { method: 'POST', headers: { token, 'accept-language': 'en' }, body: form });
  return (await res.json()) as { code: number; message: string; data?: { mapId: number } };
}

describe('the company of a new building', () => {
  it('is the one a super admin chooses, a subsidiary of a subsidiary included', async () => {
    const a = await s.call('addBuilding', { name: 'EastWarehouse', regionName: 'EastPort', floors: 2, companyId: ids.HarborEast }, t.admin);
    expect(a.statusCode).toBe(200);
    expect(a.param).toEqual(expect.objectContaining({ companyId: ids.HarborEast, name: 'EastWarehouse' }));
    const row = ((await s.call('queryBuildings', { companyId: ids.HarborEast }, t.entadmin)).param as { id: number; companyName: string }[]).find((b) => b.id === a.param.id);
    expect(row?.companyName).toBe('HarborEast');
  });

  it('is the caller’s own without a choice', async () => {
    const a = await s.call('addBuilding', { name: 'OwnBuilding', regionName: 'North', floors: 1 }, t.entadmin);
    expect(a.param.companyId).toBe(ids.HarborSecurity);
  });

  it('is refused outside the caller’s tree with the permission message, nothing written', async () => {
    const before = await tableHash(s, 'buildings');
    const a = await s.call('addBuilding', { name: 'Intruder', regionName: 'Cold', floors: 1, companyId: ids.MetroColdChain }, t.entadmin);
    expect(a.statusInfo).toBe(NO_PERMISSION);
    const parent = await s.call('addBuilding', { name: 'Intruder', regionName: 'Cold', floors: 1, companyId: ids.FleetPlatform }, t.entsuper);
    expect(parent.statusInfo).toBe(NO_PERMISSION);
    const unknown = await s.call('addBuilding', { name: 'Intruder', regionName: 'Cold', floors: 1, companyId: 999_999 }, t.admin);
    expect(unknown.statusInfo).toBe('Company not found');
    expect(await tableHash(s, 'buildings')).toBe(before);
  });
});

describe('the company of an uploaded map', () => {
  it('is the chosen subsidiary, its building’s', async () => {
    const b = await s.call('addBuilding', { name: 'EastShed', regionName: 'EastPort', floors: 1, companyId: ids.HarborEast }, t.admin);
    const a = await upload(t.admin, { mapName: 'EastShedMap', buildingId: b.param.id, floor: 1, mapType: 1, layer: 6, companyId: ids.HarborEast });
    expect(a.code).toBe(0);
    const map = await s.call('getMapById', { mapId: a.data!.mapId }, t.entadmin);
    expect(map.param[0]).toEqual(expect.objectContaining({ companyId: ids.HarborEast, buildingName: 'EastShed' }));
  });

  it('is refused outside the caller’s tree, or with a building of another company, nothing written', async () => {
    const metro = await s.call('addBuilding', { name: 'ColdShed', regionName: 'City', floors: 1, companyId: ids.MetroColdChain }, t.admin);
    const harbor = await s.call('addBuilding', { name: 'HarborShed', regionName: 'North', floors: 1 }, t.entadmin);
    const maps = await rowCount(s, 'maps');
    const outside = await upload(t.entadmin, { mapName: 'Stray1', buildingId: metro.param.id, floor: 1, companyId: ids.MetroColdChain });
    expect(outside.message).toBe(NO_PERMISSION);
    const mismatch = await upload(t.entadmin, { mapName: 'Stray2', buildingId: harbor.param.id, floor: 1, companyId: ids.HarborEast });
    expect(mismatch.message).toBe('Building not found');
    const bad = await upload(t.admin, { mapName: 'Stray3', buildingId: harbor.param.id, floor: 1, companyId: 'HarborEast' });
    expect(bad.message).toBe(NO_PERMISSION);
    expect(await rowCount(s, 'maps')).toBe(maps);
  });
});
