import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMap } from '../../server/features/maps/map-store';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * One cluster (issue 17): map files live in PostgreSQL's blob store, a replica's data folder is a
 * cache of them. A replica that lost its maps folder (or never had it: another replica uploaded
 * the map) still serves every file with the same bytes, fetched back from the store, and still
 * processes a map whose source files it does not hold.
 */
describe.skipIf(process.env.FC_TEST_DB !== 'postgres')('map files come back from the blob store when the data folder lost them', () => {
  let s: TestServer;
  let admin: string;
  let entadmin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin');
    entadmin = await s.login('entadmin');
  }, 120_000);
  afterAll(async () => s?.close());

  const get = async (url: string, token: string) => {
    const res = await fetch(`${s.url}${url}`, { headers: { token } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const mapById = async (mapId: number) => (await s.call('getMapById', { mapId }, admin)).param[0] as { processState: string; config: { pngurl?: string } };
  /** Waits until the map is processed (its image and tiles written and shared). */
  async function processed(mapId: number): Promise<void> {
    for (let i = 0; i < 300; i++) {
      const map = await mapById(mapId);
      if (map.processState === 'done' && map.config.pngurl) return;
      if (map.processState === 'failed') throw new Error(`map ${mapId} failed to process`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`map ${mapId} not processed in time`);
  }
  /** The files of a map as served: pgm, yaml, image and tiles (the first tile of every level). */
  async function served(mapId: number, token: string, levels: number[]): Promise<Record<string, { status: number; bytes: Buffer }>> {
    const out: Record<string, { status: number; bytes: Buffer }> = {
      pgm: await get(`/robot/map/download/${mapId}?file=pgm`, token),
      yaml: await get(`/robot/map/download/${mapId}?file=yaml`, token),
      png: await get(`/robot/map/image/${mapId}`, token),
      colour: await get(`/robot/map/image/${mapId}?kind=colour`, token),
    };
    for (const z of levels) out[`tile ${z}`] = await get(`/robot/map/tile/${mapId}/${z}/0/0`, token);
    return out;
  }
  const mapsFolder = () => path.join(s.dir, 'maps');

  it('a demo map: pgm, yaml, image and tiles answer 200 with the same bytes after the maps folder is gone', async () => {
    // The demo maps are processed one by one after the start: none may still be writing when the folder goes.
    const all = (await s.call('queryMap', { pageSize: 100 }, admin)).param.list as { mapId: number; mapName: string }[];
    for (const m of all) await processed(m.mapId);
    const mapId = all.find((m) => m.mapName === 'HQFloor1')!.mapId;
    // Level 0 is served (and its index cached) before the loss; level 6 only after it: its index is fetched too.
    const before = await served(mapId, admin, [0]);
    for (const [what, r] of Object.entries(before)) expect([what, r.status]).toEqual([what, 200]);
    const manifest = JSON.parse(fs.readFileSync(path.join(mapsFolder(), String(mapId), 'render', 'tiles.json'), 'utf8')) as { maxZoom: number };
    const top = manifest.maxZoom;
    const level = fs.readFileSync(path.join(mapsFolder(), String(mapId), 'render', 'levels', `${top}.bin`));
    const index = new Uint32Array(level.buffer.slice(level.byteOffset, level.byteOffset + level.length));
    const topTile = fs.readFileSync(path.join(mapsFolder(), String(mapId), 'render', 'tiles', `${index[0]}.png`));

    fs.rmSync(mapsFolder(), { recursive: true, force: true });
    const after = await served(mapId, admin, [0, top]);
    for (const [what, r] of Object.entries(before)) {
      expect([what, after[what]!.status]).toEqual([what, 200]);
      expect([what, after[what]!.bytes.equals(r.bytes)]).toEqual([what, true]);
    }
    expect(after[`tile ${top}`]!.status).toBe(200);
    expect(after[`tile ${top}`]!.bytes.equals(topTile)).toBe(true);
    // Fetched back into the data folder (the demo plan's pgm lives beside the map folders).
    expect(fs.existsSync(path.join(mapsFolder(), 'harbor-hq-f1.pgm'))).toBe(true);

    // The overview's picture is read from the pgm, fetched the same way.
    fs.rmSync(mapsFolder(), { recursive: true, force: true });
    const overview = (await s.call('queryMonitoringMaps', { mapIds: [mapId], withPicture: true }, admin)).param as { picture: string | null }[];
    expect(overview[0]!.picture).toMatch(/^data:image\/png;base64,/);
  });

  it('an uploaded map: its files are shared, processing works without its source files here, deleting removes them from the store', async () => {
    const b = await s.call('addBuilding', { name: 'SharedFiles', regionName: 'Cluster', floors: 1 }, entadmin);
    expect(b.statusCode).toBe(200);
    // A 4 × 2 ASCII map (as in maps.test.ts): small enough to process at once.
    const pgm = Buffer.from('P2\n# tiny\n4 2\n255\n250 10 128 10\n10 10 250 128\n');
    const yaml = 'image: t.pgm\nresolution: 0.1\norigin: [1, 2, 0]\nnegate: 1\noccupied_thresh: 0.65\nfree_thresh: 0.2\n';
    const form = new FormData();
    form.append('data', JSON.stringify({ mapName: 'SharedTiny', buildingId: b.param.id, floor: 1, layer: 6 }));
    form.append('pgm', new Blob([new Uint8Array(pgm)]), 'map.pgm');
    form.append('yaml', new Blob([yaml]), 'map.yaml');
    const up = (await (await fetch(`${s.url}/robot/map/upload`, { method: 'POST', headers: { token: entadmin }, body: form })).json()) as { code: number; data: { mapId: number } };
    expect(up.code).toBe(0);
    const mapId = up.data.mapId;
    await processed(mapId);
    const before = await served(mapId, entadmin, [0, 6]);
    for (const [what, r] of Object.entries(before)) expect([what, r.status]).toEqual([what, 200]);
    expect(before.pgm!.bytes.equals(pgm)).toBe(true);

    // The record holds keys, not this replica's path.
    const db = s.server.services.db;
    expect((await db.query('SELECT "pgmPath", "yamlPath" FROM maps WHERE id = $1', [mapId]))[0]).toEqual({ pgmPath: `maps/${mapId}/map.pgm`, yamlPath: `maps/${mapId}/map.yaml` });

    // Processed again on a replica that holds none of its files: the source comes from the store.
    fs.rmSync(mapsFolder(), { recursive: true, force: true });
    await processMap(s.server.services, mapId);
    expect((await mapById(mapId)).processState).toBe('done');
    fs.rmSync(mapsFolder(), { recursive: true, force: true });
    const after = await served(mapId, entadmin, [0, 6]);
    for (const [what, r] of Object.entries(before)) {
      expect([what, after[what]!.status]).toEqual([what, 200]);
      expect([what, after[what]!.bytes.equals(r.bytes)]).toEqual([what, true]);
    }

    // Deleted: gone from the store too, so no replica can fetch it back.
    expect((await s.call('deleteMap', { mapId }, entadmin)).statusCode).toBe(200);
    expect(await db.query('SELECT key FROM blobs WHERE key LIKE $1', [`maps/${mapId}/%`])).toEqual([]);
    expect(await s.server.services.blobs.local(`maps/${mapId}/map.pgm`)).toBe(false);
  });
});
