import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mapFixturesDir } from '../helpers/map-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { SignedLinks } from '../../server/http/signed-links';
import { authedSocket } from '../helpers/socket-auth';

/** Real ROS maps, read from the shared fixtures folder (never copied into the repository). */
const FIXTURES = mapFixturesDir(path.resolve(import.meta.dirname, '../..'));
const fixture = (dir: string, file: string) => fs.readFileSync(path.join(FIXTURES, dir, file));

let s: TestServer;
let admin: string;
let entadmin: string;
let harborId: number;
let buildingId: number;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  entadmin = await s.login('entadmin');
  const companies = (await s.call('queryCompanys', { pageSize: 100 }, admin)).param.list as { id: number; name: string }[];
  harborId = companies.find((c) => c.name === 'HarborSecurity')!.id;
}, 60_000);
afterAll(async () => s?.close());

interface UploadAnswer {
  code: number;
  message: string;
  data?: { mapId: number };
}

async function upload(token: string, files: { pgm?: Buffer; yaml?: Buffer | string; pcd?: Buffer; calibration?: string }, data: Record<string, unknown>): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (files.pgm) form.append('pgm', new Blob([new Uint8Array(files.pgm)]), 'map.pgm');
  if (files.yaml) form.append('yaml', new Blob([typeof files.yaml === 'string' ? files.yaml : new Uint8Array(files.yaml)]), 'map.yaml');
  if (files.pcd) form.append('pcd', new Blob([new Uint8Array(files.pcd)]), 'cloud.pcd');
  if (files.calibration) form.append('calibration', new Blob([files.calibration]), 'camera.cal');
  const res = await fetch(`${s.url}/robot/map/upload`, { method: 'POST', headers: { token, 'accept-language': 'en' }, body: form });
  return (await res.json()) as UploadAnswer;
}

const mapCount = async () => (await s.call('queryMap', { pageSize: 100 }, admin)).param.total as number;
const mapFolders = () => fs.readdirSync(path.join(s.dir, 'maps')).filter((f) => fs.existsSync(path.join(s.dir, 'maps', f, 'map.pgm'))).length;
const incomingFiles = () => {
  const dir = path.join(s.dir, 'maps', '.incoming');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length : 0;
};

function openLink(token: string): Promise<{ ws: WebSocket; next: (pred: (m: any) => boolean, ms?: number) => Promise<any>; messages: any[] }> {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, token);
  const messages: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    if (frame.type === 'heartbeat') ws.send(JSON.stringify({ type: 'heartbeat', t: frame.t }));
    // Pushes arrive one per frame or several in a batch frame.
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) {
      messages.push(m);
      for (const w of [...waiters]) {
        if (!w.pred(m)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const next = (pred: (m: any) => boolean, ms = 60_000) =>
    new Promise<any>((resolve, reject) => {
      const found = messages.find(pred);
      if (found) return resolve(found);
      const t = setTimeout(() => reject(new Error('timed out waiting for a push')), ms);
      waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next, messages }));
    ws.once('error', reject);
  });
}

describe('the demo maps on a first start', () => {
  it('say "slicing" until their picture is made, then "done" with a picture that answers', async () => {
    const rows = async () => (await s.call('queryMap', { pageSize: 50 }, entadmin)).param.list as { mapId: number; processState: string; config: { pngurl?: string } }[];
    // Never "done" without a picture (the list must not promise what the picture route would 404).
    for (let i = 0; i < 240; i++) {
      const list = await rows();
      for (const m of list) expect([m.mapId, m.processState === 'done'], 'done means a picture').toEqual([m.mapId, Boolean(m.config.pngurl)]);
      if (list.every((m) => m.processState === 'done')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const list = await rows();
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) expect((await fetch(`${s.url}${m.config.pngurl}`, { headers: { token: entadmin } })).status).toBe(200);
  }, 90_000);
});

describe('buildings', () => {
  it('adds a building and refuses a second one of the same name in the company, whatever the case', async () => {
    const a = await s.call('addBuilding', { name: 'Dock7', regionName: 'Harbor', floors: 3 }, entadmin);
    expect(a.statusCode).toBe(200);
    buildingId = a.param.id;
    const dup = await s.call('addBuilding', { name: 'dock7', regionName: 'Elsewhere', floors: 1 }, entadmin);
    expect(dup.statusInfo).toBe('The name "dock7" already exists');
    const list = (await s.call('queryBuildings', {}, entadmin)).param as { name: string; floors: number }[];
    expect(list.filter((b) => b.name.toLowerCase() === 'dock7')).toEqual([expect.objectContaining({ name: 'Dock7', floors: 3, regionName: 'Harbor' })]);
  });

  it('refuses a general user with the permission message', async () => {
    const op = await s.login('monitor');
    expect((await s.call('addBuilding', { name: 'Nope', regionName: 'X' }, op)).statusInfo).toBe('Insufficient permissions to operate!');
    expect(((await s.call('queryBuildings', {}, entadmin)).param as { name: string }[]).map((b) => b.name)).not.toContain('Nope');
  });
});

describe('map upload guards: a clear message and nothing written', () => {
  const data = () => ({ mapName: 'Broken', buildingId, floor: 1, mapType: 1, layer: 6 });

  it('needs both the pgm and the yaml', async () => {
    const before = await mapCount();
    const a = await upload(entadmin, { pgm: fixture('tb3-world', 'map.pgm') }, data());
    expect(a.message).toBe('Both the pgm and the yaml file are required');
    expect(await mapCount()).toBe(before);
    expect(incomingFiles()).toBe(0);
  });

  it('refuses a truncated pgm, a bad yaml, a wrong file type and a map above the pixel cap', async () => {
    const before = await mapCount();
    const folders = mapFolders();
    const yaml = fixture('tb3-world', 'map.yaml');
    const truncated = fixture('tb3-world', 'map.pgm').subarray(0, 5000);
    expect((await upload(entadmin, { pgm: truncated, yaml }, data())).message).toBe('The pgm file is not valid: pixel data is shorter than 384 × 384');
    expect((await upload(entadmin, { pgm: fixture('tb3-world', 'map.pgm'), yaml: 'image: map.pgm\nresolution: -1\norigin: [0, 0, 0]\n' }, data())).message).toBe(
      'The yaml file is not valid: resolution must be greater than 0',
    );
    expect((await upload(entadmin, { pgm: fixture('tb3-world', 'map.pgm'), yaml: 'resolution: 0.05\norigin: [0, 0, 0]\nfree_thresh: 0.9\n' }, data())).message).toBe(
      'The yaml file is not valid: thresholds must satisfy 0 <= free_thresh < occupied_thresh <= 1',
    );
    expect((await upload(entadmin, { pgm: Buffer.from('%PDF-1.4 not a map at all, just some bytes to sniff from the start of the file'), yaml }, data())).message).toBe(
      'Wrong file format: pgm expected',
    );
    const huge = Buffer.concat([Buffer.from('P5\n6000 6000\n255\n'), Buffer.alloc(100)]);
    expect((await upload(entadmin, { pgm: huge, yaml }, data())).message).toBe('The map is too large: 6000 × 6000 pixels (at most 25,000,000 pixels)');
    expect(await mapCount()).toBe(before);
    expect(mapFolders()).toBe(folders);
    expect(incomingFiles()).toBe(0);
  });

  it('refuses a floor the building does not have and a general user', async () => {
    const pgm = fixture('tb3-world', 'map.pgm');
    const yaml = fixture('tb3-world', 'map.yaml');
    expect((await upload(entadmin, { pgm, yaml }, { ...data(), floor: 4 })).message).toBe('Floor must be between 1 and 3');
    expect((await upload(await s.login('monitor'), { pgm, yaml }, data())).message).toBe('Insufficient permissions to operate!');
    expect(incomingFiles()).toBe(0);
  });
});

describe('processing, list, download, sync, delete', () => {
  let mapId: number;

  it('processes an uploaded fixture map with live progress to done, and shows it in the list', async () => {
    const link = await openLink(entadmin);
    link.ws.send(JSON.stringify({ type: 'subscribe', topic: `maps/${harborId}` }));
    await link.next((m) => m.event === 'snapshot');
    const a = await upload(entadmin, { pgm: fixture('willow-garage', 'map.pgm'), yaml: fixture('willow-garage', 'map.yaml') }, { mapName: 'Willow', buildingId, floor: 2, mapType: 2, layer: 7 });
    expect(a.code).toBe(0);
    mapId = a.data!.mapId;
    const done = await link.next((m) => m.event === 'mapProgress' && m.data.mapId === mapId && m.data.processState === 'done');
    expect(done.data.processProgress).toBe(100);
    expect(link.messages.some((m) => m.event === 'mapProgress' && m.data.mapId === mapId && m.data.processState === 'slicing')).toBe(true);
    link.ws.close();

    const list = (await s.call('queryMap', { mapName: 'Willow' }, entadmin)).param;
    expect(list.total).toBe(1);
    const map = list.list[0];
    expect(map).toMatchObject({ mapName: 'Willow', buildingName: 'Dock7', regionName: 'Harbor', floor: 2, mapType: 2, layer: 7, processState: 'done', pgmName: 'map.pgm', yamlName: 'map.yaml' });
    expect(map.config).toMatchObject({ pixelW: 1113, pixelH: 972, scale: 0.05, Xorigin: -19.1, Yorigin: -20.8, maxlayer: 7 });
    // Every robot of the company is listed, none synced yet.
    expect(map.syncs.map((x: { status: number }) => x.status)).toEqual(map.syncs.map(() => 0));
    const byId = (await s.call('getMapById', { mapId, mapType: 2 }, entadmin)).param;
    expect(byId[0].mapId).toBe(mapId);
  });

  it('serves the rendered image the browser shows, the tiles up to the layer and the original files', async () => {
    const img = await fetch(`${s.url}/robot/map/image/${mapId}`, { headers: { token: entadmin } });
    expect(img.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await img.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1113, 972]);
    // The pgm's values 0 / 205 / 254 become wall black, unknown grey and free white.
    const grey = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 97) grey.add(png.data[i]!);
    expect([...grey].sort((x, y) => x - y)).toEqual([0, 205, 255]);
    const tile = await fetch(`${s.url}/robot/map/tile/${mapId}/7/0/0`, { headers: { token: entadmin } });
    expect(PNG.sync.read(Buffer.from(await tile.arrayBuffer())).width).toBe(256);
    expect((await fetch(`${s.url}/robot/map/tile/${mapId}/8/0/0`, { headers: { token: entadmin } })).status).toBe(404);
    const pgm = await fetch(`${s.url}/robot/map/download/${mapId}?file=pgm`, { headers: { token: entadmin } });
    expect(Buffer.from(await pgm.arrayBuffer()).equals(fixture('willow-garage', 'map.pgm'))).toBe(true);
    expect(pgm.headers.get('content-disposition')).toContain('Willow.pgm');
    // Without a valid token there is no image; a token in the URL is no token (security point 7).
    expect((await fetch(`${s.url}/robot/map/image/${mapId}`, { headers: { token: 'bad' } })).status).toBe(404);
    for (const path of [`/robot/map/image/${mapId}`, `/robot/map/tile/${mapId}/7/0/0`, `/robot/map/download/${mapId}?file=pgm`]) {
      const res = await fetch(`${s.url}${path}${path.includes('?') ? '&' : '?'}token=${entadmin}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ code: 404, message: 'Local file not found' });
    }
  });

  it('downloads a file by a signed link, made for that map and file only, valid 5 minutes; refuses an expired, a tampered or a borrowed one', async () => {
    const ask = (id: number | string, file: string, token: string | null = entadmin) =>
      fetch(`${s.url}/robot/map/downloadLink/${id}?file=${file}`, { headers: token === null ? {} : { token } }).then((r) => r.json() as Promise<{ code: number; message: string; data?: { url: string; expiresAt: number } }>);
    const a = await ask(mapId, 'yaml');
    expect(a.code).toBe(0);
    expect(a.data!.url).toMatch(new RegExp(`^/robot/map/download/${mapId}\\?file=yaml&exp=\\d+&sig=[\\w-]{43}$`));
    expect(a.data!.url).not.toContain(entadmin);
    expect(a.data!.expiresAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(a.data!.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    // The link alone downloads the file (no header: the browser's own download).
    const ok = await fetch(`${s.url}${a.data!.url}`);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(fixture('willow-garage', 'map.yaml'))).toBe(true);
    expect(ok.headers.get('content-disposition')).toContain('Willow.yaml');
    // Asking needs a session that may read the map.
    expect(await ask(mapId, 'yaml', null)).toEqual({ code: 403, message: 'Login expired, please log in again' });
    expect(await ask(mapId, 'yaml', 'bad')).toEqual({ code: 403, message: 'Login expired, please log in again' });
    expect(await ask(999_999, 'yaml')).toEqual({ code: 404, message: 'Local file not found' });
    expect(await ask(mapId, 'secret')).toEqual({ code: 404, message: 'Local file not found' });
    const refused = async (url: string) => {
      const res = await fetch(`${s.url}${url}`);
      return { status: res.status, body: await res.json() };
    };
    const invalid = { status: 403, body: { code: 403, message: 'The link is not valid' } };
    // Another file of the same map, another map, a changed expiry or signature: not valid.
    expect(await refused(a.data!.url.replace('file=yaml', 'file=pgm'))).toEqual(invalid);
    expect(await refused(a.data!.url.replace(`/download/${mapId}?`, `/download/${mapId + 1}?`))).toEqual(invalid);
    expect(await refused(a.data!.url.replace(/exp=(\d+)/, (_, e: string) => `exp=${Number(e) + 3600}`))).toEqual(invalid);
    const sig = /sig=([\w-]+)/.exec(a.data!.url)![1]!;
    const tampered = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(await refused(a.data!.url.replace(sig, tampered))).toEqual(invalid);
    expect(await refused(a.data!.url.replace(/&sig=[\w-]+/, ''))).toEqual(invalid);
    // An expired link (signed by the server's own key, with the same database, 6 minutes ago).
    const old = await new SignedLinks(s.server.services.db).sign(`/robot/map/download/${mapId}?file=yaml`, Date.now() - 6 * 60_000);
    expect(await refused(old.url)).toEqual({ status: 403, body: { code: 403, message: 'The link has expired, download again' } });
    // The same key on every replica: a link signed by another instance (another replica) is valid here.
    const fresh = await new SignedLinks(s.server.services.db).sign(`/robot/map/download/${mapId}?file=yaml`);
    expect((await fetch(`${s.url}${fresh.url}`)).status).toBe(200);
  });

  it('reads a P2 pgm with negate and the yaml thresholds', async () => {
    // A 4 × 2 ASCII map: with negate 1, p = v / 255, so 250 is a wall, 10 free and 128 unknown.
    const pgm = Buffer.from('P2\n# tiny\n4 2\n255\n250 10 128 10\n10 10 250 128\n');
    const a = await upload(entadmin, { pgm, yaml: 'image: t.pgm\nresolution: 0.1\norigin: [1, 2, 0]\nnegate: 1\noccupied_thresh: 0.65\nfree_thresh: 0.2\n' }, { mapName: 'TinyP2', buildingId, floor: 1, layer: 6 });
    expect(a.code).toBe(0);
    let map;
    for (let i = 0; i < 100; i++) {
      map = (await s.call('getMapById', { mapId: a.data!.mapId }, entadmin)).param[0];
      if (map.processState === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(map.processState).toBe('done');
    const png = PNG.sync.read(Buffer.from(await (await fetch(`${s.url}/robot/map/image/${a.data!.mapId}`, { headers: { token: entadmin } })).arrayBuffer()));
    const px = (x: number, y: number) => png.data[(y * png.width + x) * 4]!;
    expect([px(0, 0), px(1, 0), px(2, 0), px(3, 0), px(2, 1), px(3, 1)]).toEqual([0, 255, 205, 255, 0, 205]);
  });

  it('needs the calibration file when calibration is used, and keeps the optional files for download', async () => {
    const pgm = fixture('tb3-world', 'map.pgm');
    const yaml = fixture('tb3-world', 'map.yaml');
    const before = await mapCount();
    expect((await upload(entadmin, { pgm, yaml }, { mapName: 'Calibrated', buildingId, floor: 1, layer: 6, useCalibration: true })).message).toBe(
      'The calibration file is required when calibration is used',
    );
    expect(await mapCount()).toBe(before);
    const pcd = Buffer.from('# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS x y z\n');
    const a = await upload(entadmin, { pgm, yaml, pcd, calibration: 'fx: 500\nfy: 500\n' }, { mapName: 'Calibrated', buildingId, floor: 1, layer: 6, useCalibration: true });
    expect(a.code).toBe(0);
    const map = (await s.call('getMapById', { mapId: a.data!.mapId }, entadmin)).param[0];
    expect(map.extraFiles).toEqual({ pcd: 'cloud.pcd', calibration: 'camera.cal' });
    const back = await fetch(`${s.url}/robot/map/download/${a.data!.mapId}?file=calibration`, { headers: { token: entadmin } });
    expect(await back.text()).toBe('fx: 500\nfy: 500\n');
    expect((await fetch(`${s.url}/robot/map/download/${a.data!.mapId}?file=zip`, { headers: { token: entadmin } })).status).toBe(404);
  });

  it('removes the map folder when the transaction fails after the files moved in, and answers the spec message', async () => {
    const db = s.server.services.db;
    const transaction = db.transaction.bind(db);
    const folders = () => fs.readdirSync(path.join(s.dir, 'maps')).filter((f) => f !== '.incoming').sort();
    const before = folders();
    const count = await mapCount();
    // The transaction runs the upload's work (the files move into maps/<id>), then fails.
    db.transaction = (fn) => transaction(async (tx) => (await fn(tx), Promise.reject(new Error('disk full'))));
    try {
      const a = await upload(entadmin, { pgm: fixture('tb3-world', 'map.pgm'), yaml: fixture('tb3-world', 'map.yaml') }, { mapName: 'RolledBack', buildingId, floor: 1, layer: 6 });
      expect(a.message).toBe('Database insert failed, please try again later');
    } finally {
      db.transaction = transaction;
    }
    expect(folders()).toEqual(before);
    expect(await mapCount()).toBe(count);
    expect(incomingFiles()).toBe(0);
  });

  it('refuses a second map of the same name in the company', async () => {
    const a = await upload(entadmin, { pgm: fixture('tb3-world', 'map.pgm'), yaml: fixture('tb3-world', 'map.yaml') }, { mapName: 'willow', buildingId, floor: 1, layer: 6 });
    expect(a.message).toBe('The name "willow" already exists');
    expect(incomingFiles()).toBe(0);
  });

  it('syncs the map to robots: success for an online robot, the spec message for an offline one', async () => {
    const link = await openLink(entadmin);
    link.ws.send(JSON.stringify({ type: 'subscribe', topic: `maps/${harborId}` }));
    await link.next((m) => m.event === 'snapshot');
    const a = await s.call('mapDown', { mapId, robotIds: ['01WR000001', '03WS000001'] }, entadmin);
    expect(a.statusCode).toBe(200);
    const ok = await link.next((m) => m.event === 'mapSync' && m.data.robotId === '01WR000001' && m.data.status === 2, 20_000);
    expect(ok.data.message).toBeNull();
    const bad = await link.next((m) => m.event === 'mapSync' && m.data.robotId === '03WS000001' && m.data.status === 3, 20_000);
    expect(bad.data.message).toBe('Robot not online');
    link.ws.close();
    const map = (await s.call('getMapById', { mapId }, entadmin, 'zh')).param[0];
    const state = Object.fromEntries(map.syncs.map((x: { robotId: string; status: number; message: string | null }) => [x.robotId, [x.status, x.message]]));
    expect(state['01WR000001']).toEqual([2, null]);
    expect(state['03WS000001']).toEqual([3, '机器人不在线']);
    expect(state['01WR000002']).toEqual([0, null]);
    // Bound: the robot now works on this map.
    const robots = (await s.call('getRobotsByMapId', { mapId }, entadmin)).param as { robotId: string }[];
    expect(robots.map((r) => r.robotId)).toContain('01WR000001');
  });

  it('the robot downloads the map with the signed links it was given: pgm and yaml of that map only; a failed download is the spec message', async () => {
    // Listen as the robot would: the signed links travel in the mapDown command.
    const robotSide = await s.mqtt();
    await robotSide.subscribeAsync('fleet/robots/01WR000002/command');
    const command = new Promise<{ params: { files: { pgm: string; yaml: string }; sha256: { pgm: string } } }>((resolve) =>
      robotSide.on('message', (_t, p) => {
        const c = JSON.parse(p.toString());
        if (c.action === 'mapDown') resolve(c);
      }),
    );
    const link = await openLink(entadmin);
    link.ws.send(JSON.stringify({ type: 'subscribe', topic: `maps/${harborId}` }));
    await link.next((m) => m.event === 'snapshot');
    expect((await s.call('mapDown', { mapId, robotIds: ['01WR000002'] }, entadmin)).statusCode).toBe(200);
    const cmd = await command;
    await robotSide.endAsync(true);
    const ok = await link.next((m) => m.event === 'mapSync' && m.data.robotId === '01WR000002' && m.data.status !== 1, 20_000);
    expect([ok.data.status, ok.data.message]).toEqual([2, null]);
    // No session needed with the link; the bytes are the map's (the digest the robot checks).
    const pgm = await fetch(`${s.url}${cmd.params.files.pgm}`);
    expect(pgm.status).toBe(200);
    const crypto = await import('node:crypto');
    expect(crypto.createHash('sha256').update(Buffer.from(await pgm.arrayBuffer())).digest('hex')).toBe(cmd.params.sha256.pgm);
    expect((await fetch(`${s.url}${cmd.params.files.yaml}`)).status).toBe(200);
    // The signed link opens nothing else: another file kind, another map, or a made-up signature.
    const signed = new URL(cmd.params.files.pgm, s.url);
    expect(signed.pathname).toBe(`/robot/map/download/${mapId}`);
    const [exp, sig] = [signed.searchParams.get('exp')!, signed.searchParams.get('sig')!];
    // Valid for 10 minutes (the robot downloads at once; a slow link has time).
    expect(Number(exp) * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    for (const other of [`${mapId}?file=png`, `${mapId + 1000}?file=pgm`]) {
      const res = await fetch(`${s.url}/robot/map/download/${other}&exp=${exp}&sig=${sig}`);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([403, 'The link is not valid']);
    }
    expect((await fetch(`${s.url}/robot/map/download/${mapId}?file=pgm&exp=${exp}&sig=made-up`)).status).toBe(403);

    // The map's pgm goes missing on the server: the robot's download fails → "Robot download error".
    const pgmPath = path.join(s.dir, 'maps', String(mapId), 'map.pgm');
    const saved = fs.readFileSync(pgmPath);
    // Gone from the blob store too (with FC_TEST_DB=postgres the data folder is only a cache of it).
    await s.server.services.blobs.remove(`maps/${mapId}/map.pgm`);
    try {
      expect((await s.call('mapDown', { mapId, robotIds: ['01WR000002'] }, entadmin)).statusCode).toBe(200);
      const bad = await link.next((m) => m.event === 'mapSync' && m.data.robotId === '01WR000002' && m.data.status === 3, 20_000);
      expect(bad.data.message).toBe('Robot download error');
    } finally {
      fs.writeFileSync(pgmPath, saved);
      await s.server.services.blobs.saved(`maps/${mapId}/map.pgm`);
      link.ws.close();
    }
  });

  it('modifies and deletes a map with its files', async () => {
    const m = await s.call('modifyMap', { mapId, mapName: 'Willow2', floor: 3 }, entadmin);
    expect(m.param).toMatchObject({ mapName: 'Willow2', floor: 3 });
    expect((await s.call('modifyMap', { mapId, floor: 9 }, entadmin)).statusInfo).toBe('Floor must be between 1 and 3');
    const d = await s.call('deleteMap', { mapId }, entadmin);
    expect(d.statusCode).toBe(200);
    expect(fs.existsSync(path.join(s.dir, 'maps', String(mapId)))).toBe(false);
    expect((await s.call('getMapById', { mapId }, entadmin)).statusInfo).toBe('Map not found');
    expect((await s.call('queryMap', { mapName: 'Willow' }, entadmin)).param.total).toBe(0);
  });
});

describe('map elements', () => {
  let mapId: number;
  const zone = (id: string, x: number, y: number, w = 20) => ({ id, kind: 110, subKind: 1, name: id, points: [[x, y], [x + w, y], [x + w, y + w], [x, y + w]], props: {} });

  beforeAll(async () => {
    mapId = (await s.call('queryMap', { mapName: 'HQFloor1' }, entadmin)).param.list[0].mapId;
  });

  it('saves forbidden zones, a route and a charging pile, and reads them back', async () => {
    const elements = [zone('z1', 10, 10), { id: 'r1', kind: 101, subKind: 1, name: 'Loop', points: [[50, 50], [120, 50], [120, 90]], props: {} }, { id: 'c1', kind: 102, name: 'Pile', points: [[60, 60]], props: { enabled: true } }];
    const a = await s.call('saveMapElements', { mapId, elements }, entadmin);
    expect(a.statusCode).toBe(200);
    const back = (await s.call('getMapElements', { mapId }, entadmin)).param.elements;
    expect(back.map((e: { kind: number; name: string }) => [e.kind, e.name])).toEqual([
      [110, 'z1'],
      [101, 'Loop'],
      [102, 'Pile'],
    ]);
    expect((await s.call('forbiddenZoneQuery', { mapId }, entadmin)).param).toHaveLength(1);
  });

  it('refuses crossing zones, short routes, 2-point polygons and an unchanged drawing, changing nothing', async () => {
    const before = (await s.call('getMapElements', { mapId }, entadmin)).param.elements;
    const save = async (elements: unknown[]) => (await s.call('saveMapElements', { mapId, elements }, entadmin)).statusInfo;
    expect(await save([zone('A', 10, 10), zone('B', 20, 20)])).toBe('Forbidden zones and polygons must not cross: "A" crosses "B"');
    expect(await save([{ kind: 101, name: 'R', points: [[1, 1]], props: {} }])).toBe('A route needs at least 2 points');
    expect(await save([{ kind: 110, subKind: 1, name: 'P', points: [[1, 1], [5, 5]], props: {} }])).toBe('A polygon needs more than 2 points');
    expect(await save(before)).toBe('Nothing has changed: the drawing cannot be submitted');
    expect((await s.call('copyPathways', { sourceMapId: mapId, targetMapId: mapId }, entadmin)).statusInfo).toBe('The copy source and target cannot be the same');
    expect((await s.call('getMapElements', { mapId }, entadmin)).param.elements).toEqual(before);
  });

  it('refuses a general user', async () => {
    const op = await s.login('monitor');
    expect((await s.call('saveMapElements', { mapId, elements: [] }, op)).statusInfo).toBe('Insufficient permissions to operate!');
  });

  it('re-checks the point-of-interest rules and the one initial position on save with the editor\'s messages, changing nothing', async () => {
    const before = (await s.call('getMapElements', { mapId }, entadmin)).param.elements;
    const save = async (elements: unknown[]) => (await s.call('saveMapElements', { mapId, elements: [...before, ...elements] }, entadmin)).statusInfo;
    const poi = (name: string, props: Record<string, unknown>) => ({ kind: 107, name, points: [[30, 30]], props: { actions: [], ...props } });
    const init = (name: string) => ({ kind: 104, name, points: [[40, 40]], props: { theta: 0 } });
    expect(await save([poi('Hall', { type: 'welcome' })])).toBe('A welcome point needs a robot');
    expect(await save([poi('Hall', { type: 'welcome', robotId: '01WR000001' }), poi('Gate', { type: 'welcome', robotId: '01WR000001' })])).toBe('A robot can have only one welcome point');
    expect(await save([poi('Hall', { actions: [{ action: 'media', mediaId: null }] })])).toBe('Choose a media file');
    expect(await save([poi('Hall', { actions: [{ action: 'headTilt', pitchAngle: 120 }] })])).toBe('The head tilt needs a pitch angle between -90° and 90°');
    expect(await save([poi('Hall', { phone: '12345' })])).toBe('Mobile phone number entered incorrectly');
    expect(await save([poi('Hall', { dwellSeconds: -3 })])).toBe('The dwell time must be between 0 and 3600 seconds');
    expect(await save([init('Start'), init('Start2')])).toBe('A map can have only one initial position');
    expect((await s.call('getMapElements', { mapId }, entadmin)).param.elements).toEqual(before);
    const ok = await s.call('saveMapElements', { mapId, elements: [...before, poi('Hall', { type: 'welcome', robotId: '01WR000001', phone: '13812345678', dwellSeconds: 5 }), init('Start')] }, entadmin);
    expect(ok.statusCode).toBe(200);
    expect(ok.param.elements.find((e: { kind: number }) => e.kind === 107)).toMatchObject({ name: 'Hall', props: { type: 'welcome', robotId: '01WR000001', phone: '13812345678', dwellSeconds: 5 } });
  });

  it('sends the initial position to a robot of its map, which stands there', async () => {
    // Earlier tests sync other maps to the robots: the robot's current map is the one to use.
    const robotId = '01WR000002';
    for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId }, entadmin)).param?.online !== 1; i++) await new Promise((r) => setTimeout(r, 200));
    const onMap = (await s.call('reqRobotStatus', { robotId }, entadmin)).param.mapId as number;
    expect((await s.call('setInitPosition', { robotId, mapId: onMap + 1000, x: 1000, y: 2000, theta: 90 }, entadmin)).statusInfo).toBe('The robot does not work on this map');
    // Like resetPosition it is refused while the robot navigates (its simulated day may be a patrol): stop it first.
    expect((await s.call('robotAction', { robotId, action: 10 }, entadmin)).statusCode).toBe(200);
    for (let i = 0; i < 25 && (await s.call('reqRobotStatus', { robotId }, entadmin)).param?.status !== 0; i++) await new Promise((r) => setTimeout(r, 200));
    // A map synced by an earlier test may still be switching the robot's map: ask again with the map it is on.
    let sent = await s.call('setInitPosition', { robotId, mapId: onMap, x: 1234, y: 2345, theta: 90 }, entadmin);
    // On a busy machine the robot may also not have stopped yet (refused like resetPosition): stop it again.
    for (let i = 0; i < 10 && sent.statusCode === 400; i++) {
      if (sent.statusInfo !== 'The robot does not work on this map') await s.call('robotAction', { robotId, action: 10 }, entadmin);
      await new Promise((r) => setTimeout(r, 300));
      const now = (await s.call('reqRobotStatus', { robotId }, entadmin)).param.mapId as number;
      sent = await s.call('setInitPosition', { robotId, mapId: now, x: 1234, y: 2345, theta: 90 }, entadmin);
    }
    expect(sent).toMatchObject({ statusCode: 200, param: { result: 'accepted', action: 'setInitPosition' } });
    let r: { x: number; y: number; theta: number } | undefined;
    for (let i = 0; i < 30; i++) {
      r = (await s.call('reqRobotStatus', { robotId }, entadmin)).param;
      if (r?.x === 1234) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(r).toMatchObject({ x: 1234, y: 2345 });
    expect(r!.theta).toBeCloseTo(Math.PI / 2, 2);
  });
});
