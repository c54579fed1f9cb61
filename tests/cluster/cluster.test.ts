import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, MqttTopics, RestCode, type EventAnswer } from '../../common/protocol';
import { startCluster, type RunningCluster } from '../../scripts/cluster';
import { startInbox, type Mail } from '../helpers/smtp';
import { renderDetectionPicture } from '../../server/simulator/detection-picture';
import { mapFixturesDir } from '../helpers/map-fixtures';
import { addField, updateField, type EditorState } from '../../src/form-designer/model/commands';
import { defaultConfig } from '../../src/form-designer/model/field-types';
import { run, startHistory } from '../../src/form-designer/model/history';
import { newEntityEnvelope, withListColumns } from '../../src/form-designer/model/entity-envelope';
import { designToSchema } from '../../src/form-designer/model/schema-conversion';
import { ROOT } from '../../src/form-designer/model/types';
import { authedSocket } from '../helpers/socket-auth';

/**
 * The cluster of `npm run cluster`, started for real: PostgreSQL, Mosquitto, HAProxy, three
 * replicas started together and the simulator as its own process. Each check speaks to chosen
 * replicas (or the balancer) over HTTP, WebSocket and MQTT, and counts rows in PostgreSQL.
 */
let c: RunningCluster;
let db: pg.Client;
let dir: string;
/** Mails the replicas sent (SMTP_URL of every replica points at this server). */
let inbox: Mail[] = [];
let smtp: Awaited<ReturnType<typeof startInbox>>;

beforeAll(async () => {
  smtp = await startInbox();
  inbox = smtp.inbox;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-cluster-'));
  c = await startCluster({
    dir,
    replicas: 3,
    env: {
      CAPTCHA: 'off',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      SIM_EPISODE_MINUTES: '0',
      SIM_ALARM_MINUTES: '0',
      ENERGY_SAMPLE_SECONDS: '2',
      SMTP_URL: smtp.url,
    },
  });
  db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await db?.end();
  await c?.stop(true);
  await smtp?.close();
}, 60_000);

const urls = () => c.replicas.map((r) => r.url);

async function call<P = any>(base: string, event: string, param: unknown = {}, token?: string): Promise<EventAnswer<P>> {
  const res = await fetch(`${base}/api/interface`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION, lang: 'en' }),
  });
  return (await res.json()) as EventAnswer<P>;
}

async function login(base: string, username: string, password = 'demo1234'): Promise<string> {
  const a = await call<{ token: string }>(base, 'login', { username, password });
  if (a.statusCode !== 200) throw new Error(`login ${username}: ${a.statusInfo}`);
  return a.param!.token;
}

/** A console's realtime socket on one replica, collecting its pushes. */
async function socket(base: string, token: string, topic?: string) {
  const ws = authedSocket(`${base.replace('http', 'ws')}/ws`, token);
  const pushes: { topic: string; event: string; data: any; at: number }[] = [];
  let closed: { code: number; at: number } | null = null;
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString());
    // A console echoes the heartbeat (spec §7), or its link is dropped after three missed ones.
    if (frame.type === 'heartbeat') ws.send(JSON.stringify({ type: 'heartbeat', t: frame.t }));
    for (const m of frame.type === 'batch' ? frame.pushes : [frame]) if (m.type === 'push') pushes.push({ ...m, at: Date.now() });
  });
  ws.on('close', (code) => (closed = { code, at: Date.now() }));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  if (topic) {
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    await until(() => pushes.some((p) => p.topic === topic && p.event === 'snapshot'), 5_000, `snapshot of ${topic}`);
  }
  return { ws, pushes, closed: () => closed };
}

/** Polls until `check` holds; fails after `ms`. Resolves with the milliseconds it took. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);

describe('one cluster (issue 17)', () => {
  it('starts three replicas together: each is ready, one is the leader, the balancer answers', async () => {
    const ready = await Promise.all(urls().map(async (u) => (await fetch(`${u}/readyz`)).json() as Promise<{ status: string; replica: string; leader: boolean }>));
    expect(ready.map((r) => r.status)).toEqual(['ready', 'ready', 'ready']);
    expect(new Set(ready.map((r) => r.replica)).size).toBe(3);
    expect(ready.filter((r) => r.leader)).toHaveLength(1);
    expect((await fetch(`${c.url}/config.json`)).status).toBe(200);
    // The demo seed ran once although the three started at the same moment.
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE username = 'admin'`)).toBe(1);
  });

  it('a robot moved to another company is refused to the old company on every replica within 1 s, for reads, pushes and commands', async () => {
    const [a, b, cc] = urls() as [string, string, string];
    const admin = await login(a, 'admin');
    const entsuper = await login(b, 'entsuper');
    const robot = '01WR000002';
    const metro = await count(`SELECT id AS n FROM companies WHERE name = 'MetroColdChain'`);
    const harbor = await count(`SELECT id AS n FROM companies WHERE name = 'HarborSecurity'`);
    // Before: the old company reads it on B and C and receives its live status there.
    for (const u of [b, cc]) expect((await call(u, 'reqRobotStatus', { robotId: robot }, entsuper)).statusCode).toBe(200);
    const consoles = [await socket(b, entsuper, 'fleet'), await socket(cc, entsuper, 'fleet'), await socket(cc, entsuper, `robot/${robot}`)];
    await until(() => consoles.every((s) => s.pushes.some((p) => p.topic === `robot/${robot}` && p.event === 'status')), 10_000, 'live status before the move');

    expect((await call(a, 'modifyRobotCompany', { robotId: robot, companyId: metro }, admin)).statusCode).toBe(200);
    const movedAt = Date.now();
    for (const u of [b, cc]) {
      await until(async () => (await call(u, 'reqRobotStatus', { robotId: robot }, entsuper)).statusCode !== 200, 1_000, `read refused on ${u}`);
      const press = await call(u, 'emergencyButton', { robotId: robot, status: 1 }, entsuper);
      expect(press.statusCode).not.toBe(200);
    }
    // No status of it reaches the old company's consoles from a second after the move.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const s of consoles) expect(s.pushes.filter((p) => p.topic === `robot/${robot}` && p.event === 'status' && p.at > movedAt + 1_000)).toEqual([]);
    for (const s of consoles) s.ws.close();
    // The new company sees it everywhere.
    expect((await call(cc, 'modifyRobotCompany', { robotId: robot, companyId: harbor }, admin)).statusCode).toBe(200);
    for (const u of urls()) await until(async () => (await call(u, 'reqRobotStatus', { robotId: robot }, entsuper)).statusCode === 200, 1_000, `read allowed again on ${u}`);
  }, 60_000);

  it('a rename through one replica reaches the consoles of every replica within 1 s', async () => {
    const [a] = urls() as [string];
    const admin = await login(a, 'admin');
    const operator = await login(a, 'operator');
    const consoles = await Promise.all(urls().map((u) => socket(u, operator, 'fleet')));
    const id = (await call(a, 'reqRobotBasicInfo', { robotId: '01WR000001' }, admin)).param.list[0].id;
    expect((await call(a, 'modifyRobot', { id, robotName: 'ClusterRenamed' }, admin)).statusCode).toBe(200);
    for (const s of consoles) {
      await until(() => s.pushes.some((p) => p.topic === 'robot/01WR000001' && p.event === 'nameChange' && p.data.robotName === 'ClusterRenamed'), 1_000, 'nameChange on a replica');
      s.ws.close();
    }
    for (const u of urls()) expect((await call(u, 'reqRobotStatus', { robotId: '01WR000001' }, operator)).param.robotName).toBe('ClusterRenamed');
  }, 30_000);

  describe('robot messages that write are stored once', () => {
    let robot: MqttClient;
    // 03WS000001 is not played by the simulator: the test speaks for it, as a real robot would.
    const ROBOT = '03WS000001';
    beforeAll(async () => {
      // Its own account, issued through the balancer as an administrator would (issue 18).
      const issued = await call<{ username: string; password: string }>(c.url, 'resetRobotCredentials', { robotId: ROBOT }, await login(c.url, 'admin'));
      robot = await mqtt.connectAsync(c.mqttUrl, { clientId: `cluster-test-${ROBOT}`, username: issued.param!.username, password: issued.param!.password });
    });
    afterAll(async () => {
      await robot?.endAsync(true);
    });

    it('N alarms give N rows (one per robot and code) and one mail each, pushed once to a console on every replica', async () => {
      const operator = await login(urls()[0]!, 'operator');
      const entsuper = await login(urls()[1]!, 'entsuper');
      const harbor = await count(`SELECT id AS n FROM companies WHERE name = 'HarborSecurity'`);
      expect((await call(urls()[2]!, 'setAlarmThreshold', { companyId: harbor, mailOnAlarm: 1, emailAddresses: ['duty@harbor.example.com'] }, entsuper)).statusCode).toBe(200);
      const consoles = await Promise.all(urls().map((u) => socket(u, operator, 'alarms')));
      const codes = [201, 202, 203, 204, 205, 206];
      for (const code of codes) await robot.publishAsync(MqttTopics.alarm(ROBOT), JSON.stringify({ robotId: ROBOT, code, level: 2, message: `cluster ${code}` }), { qos: 1 });
      const rows = () => count(`SELECT count(*)::int AS n FROM alarms WHERE "robotId" = $1 AND "code" = ANY($2::int[])`, [ROBOT, codes]);
      await until(async () => (await rows()) === codes.length, 10_000, 'six alarm rows');
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await rows()).toBe(codes.length);
      for (const s of consoles) {
        const raised = s.pushes.filter((p) => p.topic === 'alarms' && p.event === 'alarm' && p.data.robotId === ROBOT);
        expect(raised.map((p) => p.data.code).sort()).toEqual(codes);
        s.ws.close();
      }
      // One mail per alarm, whichever replica took it.
      const mailed = (code: number) => inbox.filter((m) => m.to.includes('duty@harbor.example.com') && m.raw.includes(`(${code})`)).length;
      await until(() => codes.every((code) => mailed(code) >= 1), 10_000, 'a mail for each alarm');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(codes.map(mailed)).toEqual(codes.map(() => 1));
    }, 30_000);

    it('an alarm left unprocessed past its time-out is marked outdated once, pushed once to a console on every replica', async () => {
      const operator = await login(urls()[0]!, 'operator');
      const company = await count(`SELECT "companyId" AS n FROM robots WHERE "robotId" = $1`, [ROBOT]);
      const consoles = await Promise.all(urls().map((u) => socket(u, operator, 'alarms')));
      // Raised three days ago (past any time-out: a day by default), never processed.
      const id = await count(
        `INSERT INTO alarms ("robotId", "companyId", "code", "kind", "level", "message", "createdAt", "updatedAt")
         VALUES ($1, $2, 207, 'fault', 2, 'cluster outdated', now() - interval '3 days', now() - interval '3 days') RETURNING id AS n`,
        [ROBOT, company],
      );
      // The leader sweeps every 30 s.
      await until(async () => (await count('SELECT "processStatus" AS n FROM alarms WHERE id = $1', [id])) !== 0, 40_000, 'the alarm marked outdated');
      await new Promise((r) => setTimeout(r, 1_500));
      for (const s of consoles) {
        const changes = s.pushes.filter((p) => p.topic === 'alarms' && p.event === 'alarmChange' && Number(p.data.id) === id);
        expect(changes.length).toBe(1);
        s.ws.close();
      }
      expect(await count('SELECT "processStatus" AS n FROM alarms WHERE id = $1', [id])).toBe(2); // outdated
    }, 60_000);

    it('N detections give N rows and N pictures; a resent message (same id) is stored once', async () => {
      const pose = { x: 1, y: 2, latitude: null, longitude: null };
      const n = 9;
      for (let i = 0; i < n; i++) {
        const message = { id: `cluster-${i}`, kind: 'snap', picture: renderDetectionPicture('snap', i).toString('base64'), start: pose, end: pose, data: {}, t: Date.now() };
        await robot.publishAsync(MqttTopics.detection(ROBOT), JSON.stringify(message), { qos: 1 });
        if (i < 3) await robot.publishAsync(MqttTopics.detection(ROBOT), JSON.stringify(message), { qos: 1 }); // resent
      }
      const rows = () => count(`SELECT count(*)::int AS n FROM detections WHERE "robotId" = $1 AND "messageId" LIKE 'cluster-%'`, [ROBOT]);
      await until(async () => (await rows()) === n, 10_000, `${n} detection rows`);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await rows()).toBe(n);
      const pictures = (await db.query<{ pictureUrl: string }>(`SELECT "pictureUrl" FROM detections WHERE "robotId" = $1 AND "messageId" LIKE 'cluster-%'`, [ROBOT])).rows;
      expect(new Set(pictures.map((p) => p.pictureUrl)).size).toBe(n);
      // Each picture exists once, in the data folder of the replica that took the message.
      const files = pictures.map((p) => c.replicas.filter((r) => fs.existsSync(path.join(r.dataDir, p.pictureUrl))).length);
      expect(files).toEqual(Array(n).fill(1));
    }, 30_000);

    it('energy samples are taken once per robot and interval (by the leader)', async () => {
      // ENERGY_SAMPLE_SECONDS=2: one sample per robot every 2 s; three samplers would give three times as many.
      const since = new Date();
      await new Promise((r) => setTimeout(r, 9_000));
      const n = await count(`SELECT count(*)::int AS n FROM energy_samples WHERE "robotId" = '01WR000001' AND "t" >= $1`, [since]);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }, 30_000);
  });

  it('a robot pushes its own video to each replica that has viewers; consoles on every replica play it', async () => {
    const operator = await login(urls()[0]!, 'operator');
    const ROBOT = '01WR000001';
    // Watch the commands the robot (the simulator process) receives, as a network tap would.
    const tap = await mqtt.connectAsync(c.mqttUrl, { clientId: 'cluster-test-tap', ...c.mqttAccount });
    const asks: { action: string; params: { url: string } }[] = [];
    await tap.subscribeAsync(MqttTopics.command(ROBOT));
    tap.on('message', (_t, payload) => asks.push(JSON.parse(payload.toString())));
    const viewers = urls().map((u) => {
      const ws = authedSocket(`${u.replace('http', 'ws')}/live/${ROBOT}/front`, operator);
      const chunks: Buffer[] = [];
      ws.on('message', (d) => chunks.push(d as Buffer));
      return { ws, chunks };
    });
    for (const v of viewers) {
      await until(() => v.chunks.reduce((n, b) => n + b.length, 0) > 5_000, 10_000, 'live video on a replica');
      expect(v.chunks[0]!.toString('ascii', 0, 3)).toBe('FLV');
    }
    // One push per replica, each to that replica's own ingest address.
    const pushes = asks.filter((a) => a.action === 'videoPush').map((a) => new URL(a.params.url).port);
    expect(new Set(pushes)).toEqual(new Set(c.replicas.map((r) => String(r.port))));
    for (const v of viewers) v.ws.close();
    await until(() => asks.filter((a) => a.action === 'videoPushStop').length === 3, 10_000, 'each replica stops its push');
    await tap.endAsync(true);
  }, 60_000);

  it('a file uploaded through one replica is read through every other, and survives the loss of the replica that took it', async () => {
    const [a, b, cc] = c.replicas;
    const token = await login(a!.url, 'entadmin');
    const form = new FormData();
    const bytes = renderDetectionPicture('snap', 77);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'picture.png');
    const up = await (await fetch(`${a!.url}/api/upload?kind=image`, { method: 'POST', headers: { token }, body: form })).json();
    expect(up.code).toBe(RestCode.ok);
    const url = up.data.url as string;
    for (const r of [b!, cc!]) {
      const res = await fetch(`${r.url}${url}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // The replica that took it loses its data folder (a new machine): the file is still served, there too.
    fs.rmSync(path.join(a!.dataDir, 'uploads'), { recursive: true, force: true });
    const again = await fetch(`${a!.url}${url}`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('files a data folder held from before the shared store join it when its replica starts, once', async () => {
    const [a, , cc] = c.replicas;
    const bytes = renderDetectionPicture('snap', 91);
    const key = `uploads/2020-01/legacy-${Date.now()}.png`;
    // A file only replica C's folder has (written by an earlier version), and C has not imported its folder yet.
    fs.mkdirSync(path.dirname(path.join(cc!.dataDir, key)), { recursive: true });
    fs.writeFileSync(path.join(cc!.dataDir, key), bytes);
    fs.rmSync(path.join(cc!.dataDir, '.blobs-imported'), { force: true });
    expect((await fetch(`${a!.url}/${key}`)).status).toBe(404);
    await c.kill(2);
    await c.restart(2);
    const res = await fetch(`${a!.url}/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fs.readFileSync(path.join(cc!.dataDir, '.blobs-imported'), 'utf8')).toMatch(/ 1 files added to the shared store\n$/);
  }, 90_000);

  it('a map processed on a replica killed mid-way is finished by another', async () => {
    const victim = c.replicas[1]!;
    const token = await login(victim.url, 'entadmin');
    const building = await call(victim.url, 'addBuilding', { name: 'ClusterDock', regionName: 'Harbor', floors: 2 }, token);
    expect(building.statusCode).toBe(200);
    const dir = path.join(mapFixturesDir(process.cwd()), 'pal-office-7th-floor');
    const form = new FormData();
    form.append('data', JSON.stringify({ mapName: 'ClusterOffice', buildingId: building.param.id, floor: 1, mapType: 1, layer: 8 }));
    form.append('pgm', new Blob([new Uint8Array(fs.readFileSync(path.join(dir, 'map.pgm')))]), 'map.pgm');
    form.append('yaml', new Blob([new Uint8Array(fs.readFileSync(path.join(dir, 'map.yaml')))]), 'map.yaml');
    const up = await (await fetch(`${victim.url}/robot/map/upload`, { method: 'POST', headers: { token }, body: form })).json();
    expect(up.code).toBe(RestCode.ok);
    const mapId = up.data.mapId as number;
    const state = async () => (await db.query<{ s: string; owner: string | null }>('SELECT "processState" AS s, "processOwner" AS owner FROM maps WHERE id = $1', [mapId])).rows[0]!;
    await until(async () => (await state()).s === 'slicing', 10_000, 'slicing on the replica that took the upload');
    const owner = (await state()).owner;
    await c.kill(1);
    await until(async () => (await state()).s === 'done', 90_000, 'the map done by another replica');
    const done = await state();
    expect(done.owner).not.toBe(owner);
    // Its picture and tiles are served through the balancer.
    const image = await fetch(`${c.url}/robot/map/image/${mapId}`, { headers: { token } });
    expect(image.status).toBe(200);
    await c.restart(1);
    // A signed download link made by one replica is good on every replica (its key is in the database).
    const link = (await (await fetch(`${urls()[0]}/robot/map/downloadLink/${mapId}?file=yaml`, { headers: { token } })).json()) as { data: { url: string } };
    for (const u of urls()) expect((await fetch(`${u}${link.data.url}`)).status, u).toBe(200);
  }, 180_000);

  it('a robot syncs a map sent through any replica: its signed download links are good on every replica', async () => {
    const robotId = '01WR000001';
    const mapId = await count(`SELECT id AS n FROM maps WHERE "mapName" = 'HQFloor1'`);
    const syncState = async () => (await db.query<{ status: number; message: string | null }>('SELECT status, message FROM map_syncs WHERE "mapId" = $1 AND "robotId" = $2', [mapId, robotId])).rows[0];
    const first = await login(urls()[0]!, 'entadmin');
    await until(async () => (await call(urls()[0]!, 'reqRobotStatus', { robotId }, first)).param?.online === 1, 30_000, `${robotId} online`);
    for (const u of urls()) {
      const token = await login(u, 'entadmin');
      // Start from no outcome (syncing is 1 until the robot answers).
      await db.query('DELETE FROM map_syncs WHERE "mapId" = $1 AND "robotId" = $2', [mapId, robotId]);
      const sent = await call(u, 'mapDown', { mapId, robotIds: [robotId] }, token);
      expect(sent.statusCode, u).toBe(200);
      // The simulator downloads through the balancer, so the files are often served by another replica.
      await until(async () => ![undefined, 1].includes((await syncState())?.status), 20_000, `the sync sent through ${u} ends`);
      expect(await syncState(), u).toEqual({ status: 2, message: null });
    }
  }, 90_000);

  it('a page saved in the form designer through one replica is served by every replica', async () => {
    const admin = await login(urls()[0]!, 'admin');
    let h = startHistory({ doc: { list: [], config: defaultConfig() }, selected: null } as EditorState);
    h = run(h, addField('input', ROOT, 0, 'Code', 'code'));
    h = run(h, updateField('code', { model: 'code', options: { required: true } }));
    const schema = withListColumns(designToSchema(h.present.doc, newEntityEnvelope({ id: 'cluster-survey', labels: { en: 'Cluster survey', zh: '集群勘察', ja: 'クラスター調査' }, group: 'other' })));
    expect((await call(urls()[0]!, 'saveFormDesign', { schema }, admin)).statusCode).toBe(200);
    for (const u of urls().slice(1)) {
      await until(
        async () => ((await (await fetch(`${u}/api/schemas`)).json()) as { entities: { $id: string }[] }).entities.some((e) => e.$id === 'cluster-survey'),
        5_000,
        `the new page's schema on ${u}`,
      );
    }
  }, 30_000);

  it('5 wrong passwords across 3 replicas lock the account on every replica', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await call(urls()[i % 3]!, 'login', { username: 'platform', password: 'wrongpass1' })).statusInfo);
    expect(answers).toEqual(Array(5).fill('Wrong username or password'));
    for (const u of urls()) expect((await call(u, 'login', { username: 'platform', password: 'demo1234' })).statusInfo).toMatch(/^Too many failed logins for this account, try again in \d+ s$/);
  });

  it('a logout closes the user\'s sockets on every replica within 1 s', async () => {
    const token = await login(urls()[1]!, 'entadmin');
    const sockets = await Promise.all(urls().map((u) => socket(u, token, 'fleet')));
    expect((await call(urls()[0]!, 'logOut', {}, token)).statusCode).toBe(200);
    for (const s of sockets) {
      await until(() => s.closed() !== null, 1_000, 'socket closed');
      expect(s.closed()!.code).toBe(4403);
    }
    for (const u of urls()) expect((await call(u, 'getUser', {}, token)).statusCode).toBe(403);
  });

  it('a scheduled patrol starts once in the cluster (one record for its minute)', async () => {
    const entadmin = await login(urls()[0]!, 'entadmin');
    const robotId = '01WR000001';
    const mapId = await count(`SELECT "mapId" AS n FROM robots WHERE "robotId" = $1`, [robotId]);
    // Due at the next minute (the replicas' local time); its route does not exist, so the run fails at once with a record.
    const due = new Date(Date.now() + 60_000);
    const time = `${String(due.getHours()).padStart(2, '0')}:${String(due.getMinutes()).padStart(2, '0')}:00`;
    const add = await call(urls()[1]!, 'addNaviTask', { name: 'ClusterRound', robotId, mapId, routeName: 'NoSuchRoute', count: 1, floor: 1, time, months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0 }, entadmin);
    expect(add.statusCode).toBe(200);
    const id = add.param.id as number;
    expect((await call(urls()[2]!, 'navigationStart', { id }, entadmin)).statusCode).toBe(200);
    const records = () => count(`SELECT count(*)::int AS n FROM nav_records WHERE "taskId" = $1`, [id]);
    await until(async () => (await records()) > 0, 140_000, 'the scheduled run');
    await new Promise((r) => setTimeout(r, 20_000)); // the other replicas' checks of that minute come and go
    expect(await records()).toBe(1);
  }, 180_000);

  it('a scheduled track inspection starts once in the cluster (one run for its day)', async () => {
    const robot = '04TP000001';
    const admin = await login(urls()[0]!, 'admin');
    await until(async () => (await call(urls()[0]!, 'reqRobotStatus', { robotId: robot }, admin)).param?.online === 1, 30_000, `${robot} online`);
    const rest = async (base: string, method: string, p: string, body?: unknown) =>
      (await (await fetch(`${base}${p}`, { method, headers: { token: admin, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json()) as { code: number; data: any };
    const point = await rest(urls()[1]!, 'POST', `/robot/track/inspectPoint/${robot}`, { name: 'ClusterPoint', position: 4, actions: ['photo'] });
    expect(point.code).toBe(RestCode.ok);
    // Due a few seconds ago today (the replicas' local time): every replica's schedule check finds it due.
    const at = new Date(Date.now() - 3_000);
    const runTime = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
    const task = await rest(urls()[2]!, 'POST', `/robot/track/inspectTask/${robot}`, { name: 'ClusterMorning', type: 0, runTime, period: 'daily', policy: 0, enabled: true, pointIds: [point.data.id] });
    expect(task.code).toBe(RestCode.ok);
    const runs = () => count(`SELECT count(*)::int AS n FROM track_results WHERE "taskId" = $1`, [task.data.id]);
    // The leader checks every 15 s.
    await until(async () => (await runs()) > 0, 40_000, 'the scheduled track run');
    await new Promise((r) => setTimeout(r, 20_000)); // the other replicas' checks come and go
    expect(await runs()).toBe(1);
  }, 90_000);

  it('a patrol run survives kill -9 of the replica that started it: another adopts it, and a replica start fails nothing', async () => {
    const token = await login(urls()[0]!, 'entadmin');
    const robotId = '01WR000001';
    const mapId = await count(`SELECT "mapId" AS n FROM robots WHERE "robotId" = $1`, [robotId]);
    await until(async () => (await call(urls()[0]!, 'reqRobotStatus', { robotId }, token)).param?.online === 1, 30_000, `${robotId} online`);
    const saved = await call(urls()[0]!, 'saveMapElements', { mapId, elements: [{ kind: 101, subKind: 1, name: 'ClusterHall', points: [[80, 160], [240, 160], [400, 160]], props: {} }] }, token);
    expect(saved.statusCode).toBe(200);
    const add = await call(urls()[0]!, 'addNaviTask', { name: 'ClusterLong', robotId, mapId, routeName: 'ClusterHall', count: 50, floor: 1, time: '03:00:00', months: '*', days: '*', weeks: '*', hours: '*', limitTimes: 0 }, token);
    expect(add.statusCode).toBe(200);
    const id = add.param.id as number;
    // Started through a replica that is not the leader, which then dies without a word.
    const ready = await Promise.all(urls().map(async (u) => (await (await fetch(`${u}/readyz`)).json()) as { replica: string; leader: boolean }));
    const victim = ready.findIndex((r) => !r.leader);
    expect((await call(urls()[victim]!, 'navigationImmediately', { id }, token)).statusCode).toBe(200);
    const run = async () => (await db.query<{ owner: string | null; endedAt: Date | null; status: number; point: number }>('SELECT "owner", "endedAt", "status", "point" FROM nav_records WHERE "taskId" = $1', [id])).rows;
    await until(async () => (await run())[0]?.owner === ready[victim]!.replica, 10_000, 'the run owned by the replica that started it');
    await c.kill(victim);
    await until(async () => { const r = (await run())[0]; return !!r?.owner && r.owner !== ready[victim]!.replica; }, 20_000, 'the run adopted by another replica');
    const adopted = (await run())[0]!;
    expect([adopted.endedAt, (await run()).length]).toEqual([null, 1]);
    // The robot keeps driving and reporting: its progress still reaches the database.
    await until(async () => (await run())[0]!.point !== adopted.point, 30_000, 'progress after the adoption');
    // A replica that starts fails nothing.
    await c.restart(victim);
    await new Promise((r) => setTimeout(r, 5_000));
    expect((await run())[0]!.endedAt).toBeNull();
    expect((await call(c.url, 'navigationStop', { id }, token)).statusCode).toBe(200);
    await until(async () => (await run())[0]!.endedAt !== null, 15_000, 'the run stopped');
  }, 150_000);

  it('Mosquitto (issue 18): anonymous clients and wrong secrets are refused; a robot reaches only its own topics; a reset drops the old secret on every replica', async () => {
    const attempt = (options: mqtt.IClientOptions) =>
      mqtt.connectAsync(c.mqttUrl, { ...options, reconnectPeriod: 0, connectTimeout: 5_000 }).then(
        (client) => {
          client.end(true);
          return 'connected';
        },
        (err: Error) => err.message,
      );
    expect(await attempt({})).toBe('Connection refused: Not authorized');
    expect(await attempt({ username: '42WR000001', password: 'guess' })).toBe('Connection refused: Not authorized');
    const admin = await login(c.url, 'admin');
    // A robot the simulator does not play (its account is the test's to reset).
    expect((await call(c.url, 'addRobot', { robotId: '42WR000001', robotName: 'AccountProbe', companyId: 2 }, admin)).statusCode).toBe(200);
    // Issued through one replica, the account works at once; the robot's topics only.
    const first = await call<{ username: string; password: string }>(urls()[0]!, 'resetRobotCredentials', { robotId: '42WR000001' }, admin);
    const robot = await mqtt.connectAsync(c.mqttUrl, { username: first.param!.username, password: first.param!.password, reconnectPeriod: 0 });
    await expect(robot.subscribeAsync(MqttTopics.command('01WR000001'), { qos: 1 })).rejects.toThrow('Subscribe error');
    expect((await robot.subscribeAsync(MqttTopics.command('42WR000001'), { qos: 1 }))[0]!.qos).toBe(1);
    const watcher = await mqtt.connectAsync(c.mqttUrl, { ...c.mqttAccount });
    const seen: string[] = [];
    // The simulated 01WR000002 publishes its own status meanwhile: the probe's forged one is the empty payload.
    watcher.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    await watcher.subscribeAsync('fleet/robots/+/status');
    await robot.publishAsync(MqttTopics.status('01WR000002'), '{}');
    await robot.publishAsync(MqttTopics.status('42WR000001'), '{}');
    await until(() => seen.includes(`${MqttTopics.status('42WR000001')} {}`), 5_000, 'its own status');
    expect(seen).not.toContain(`${MqttTopics.status('01WR000002')} {}`);
    // A role made by an older version lacks a topic added since: take one away, as if it had never been granted.
    await watcher.publishAsync(
      '$CONTROL/dynamic-security/v1',
      JSON.stringify({ commands: [{ command: 'removeRoleACL', rolename: 'fleet-robot-42WR000001', acltype: 'publishClientSend', topic: MqttTopics.status('42WR000001') }] }),
      { qos: 1 },
    );
    // Reset through another replica: the connected robot is dropped, the old secret refused, the new one works.
    const dropped = new Promise<void>((resolve) => robot.on('close', () => resolve()));
    const second = await call<{ password: string }>(urls()[1]!, 'resetRobotCredentials', { robotId: '42WR000001' }, admin);
    await dropped;
    robot.end(true);
    expect(await attempt({ username: '42WR000001', password: first.param!.password })).toBe('Connection refused: Not authorized');
    expect(await attempt({ username: '42WR000001', password: second.param!.password })).toBe('connected');
    // The reset gave the existing role today's rules again: its own status reaches the server.
    const again = await mqtt.connectAsync(c.mqttUrl, { username: '42WR000001', password: second.param!.password, reconnectPeriod: 0 });
    seen.length = 0;
    await until(async () => {
      await again.publishAsync(MqttTopics.status('42WR000001'), '{}');
      return seen.includes(`${MqttTopics.status('42WR000001')} {}`);
    }, 5_000, 'its own status after the role was renewed');
    await again.endAsync(true);
    await watcher.endAsync(true);
  }, 60_000);

  it('kill -9 of a replica: consoles are back through the balancer with fresh data within 12 s; nothing acknowledged is lost', async () => {
    const admin = await login(c.url, 'admin');
    // Something written and acknowledged through the replica that is about to die.
    const victim = c.replicas[2]!;
    const added = await call(victim.url, 'addRobot', { robotId: '41WR000001', robotName: 'BeforeTheCrash', companyId: 2 }, admin);
    expect(added.statusCode).toBe(200);
    const viaVictim = await socket(victim.url, admin, 'fleet');
    await c.kill(2);
    const killedAt = Date.now();
    await until(() => viaVictim.closed() !== null, 5_000, 'the socket on the killed replica drops');
    // The console reconnects through the balancer every second until it has a snapshot (spec: every 10 s at most).
    let back: Awaited<ReturnType<typeof socket>> | null = null;
    await until(
      async () => {
        back = await socket(c.url, admin, 'fleet').catch(() => null);
        return back !== null;
      },
      12_000,
      'a socket through the balancer',
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(12_000);
    const snapshot = back!.pushes.find((p) => p.topic === 'fleet' && p.event === 'snapshot')!;
    expect(snapshot.data.some((r: { robotId: string }) => r.robotId === '41WR000001')).toBe(true);
    back!.ws.close();
    expect((await call(c.url, 'reqRobotBasicInfo', { robotId: '41WR000001' }, admin)).param.list[0].robotName).toBe('BeforeTheCrash');
    // The replica comes back and serves again; starting it fails nothing.
    await c.restart(2);
    expect((await fetch(`${victim.url}/readyz`)).status).toBe(200);
  }, 240_000);
});
