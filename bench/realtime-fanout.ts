/**
 * Bench: realtime fan-out (issue 4). 1,000 simulated robots, each its own MQTT connection,
 * publish status and pose at 2 Hz to the server's broker; 50 consoles (real WebSocket clients,
 * in two worker threads) subscribe to the `fleet` topic and so receive every robot's pushes.
 * Prints the p95 server-to-client latency (from the server's receipt of a status, the push's
 * `updatedAt`, to the console's receipt; same machine, same clock) and the server's CPU, for
 * one frame per push (REALTIME_BATCH_MS=0, before) and batched frames (the default, after).
 * Goals: p95 ≤ 150 ms, server CPU ≤ 1 core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import { MqttTopics, type RobotPose, type RobotTelemetry } from '../common/protocol';

const ROBOTS = Number(process.env.FANOUT_ROBOTS ?? 1000);
const CONSOLES = Number(process.env.FANOUT_CONSOLES ?? 50);
const HZ = 2;
const WARMUP_S = 5;
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.FANOUT_PORT ?? 8243);
/** Consoles that parse every push and measure latency; the others receive every frame unparsed (the bench box has 2 cores, not 50 browsers). */
const PARSING = 6;

interface Server {
  url: string;
  mqttUrl: string;
  child: ChildProcess;
}

async function startServer(dir: string, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, CAPTCHA: 'off', PORT: String(PORT), MQTT_PORT: '0', SIMULATOR: 'off', LOG_LEVEL: 'error', DATA_DIR: dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  child.once('exit', (code) => code && console.error(`[server exited with ${code}] ${err.split('\n').slice(0, 6).join('\n')}`));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve(d.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const mqttUrl = /(mqtt:\/\/[^\s)]+)/.exec(line)![1]!;
  return { url: `http://127.0.0.1:${PORT}`, mqttUrl, child };
}

async function stopServer(s: Server): Promise<void> {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

async function call(url: string, event: string, param: unknown, token?: string): Promise<any> {
  const res = await fetch(`${url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: '1.0.3' }) });
  return res.json();
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const robotId = (i: number) => `90WR${String(i).padStart(6, '0')}`;

/** Adds the bench robots to the seeded database (server stopped). */
async function addRobots(dir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dir, 'pglite'));
  const c = await db.query<{ id: number }>(`SELECT id FROM companies WHERE name = 'HarborSecurity'`);
  const m = await db.query<{ id: number }>(`SELECT id FROM maps WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [c.rows[0]!.id]);
  await db.query(
    `INSERT INTO robots ("robotId", "robotName", "robotType", "companyId", "regionName", "mapId")
     SELECT '90WR' || lpad(g::text, 6, '0'), 'Bench' || g, 1, $1, 'NorthCampus', $2 FROM generate_series(0, ${ROBOTS - 1}) g`,
    [c.rows[0]!.id, m.rows[0]!.id],
  );
  await db.close();
}

/** 1,000 robots, one MQTT connection each, publishing status and pose every 500 ms, spread over the period. */
async function startRobots(mqttUrl: string): Promise<{ stop: () => Promise<void>; published: () => number }> {
  const clients: MqttClient[] = [];
  for (let i = 0; i < ROBOTS; i += 100) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(100, ROBOTS - i) }, (_, k) => mqtt.connectAsync(mqttUrl, { clientId: `bench-${robotId(i + k)}`, reconnectPeriod: 0 })))));
  }
  const period = 1000 / HZ;
  const slots = 50; // 10 ms slots
  let slot = 0;
  let tick = 0;
  let published = 0;
  const start = Date.now();
  let done = 0;
  // Paced by the wall clock: a late timer catches up, so the robots keep their 2 Hz.
  const timer = setInterval(() => {
    const due = Math.floor((Date.now() - start) / (period / slots));
    while (done < due) {
      done++;
      publishSlot();
    }
  }, period / slots);
  function publishSlot(): void {
    const now = Date.now();
    for (let i = slot; i < ROBOTS; i += slots) {
      const id = robotId(i);
      // Status changes every ~20 s per robot (the server writes those to the database).
      const status = Math.floor((tick + i) / (20 * HZ)) % 2 === 0 ? 2 : 0;
      const t: RobotTelemetry = { robotId: id, status, online: 1, videoOnline: 1, interactOnline: 1, battery: 50 + (i % 50), emergencyButtonStatus: 0, interactionState: 0, t: now };
      const a = (tick + i) / 20;
      const p: RobotPose = { robotId: id, x: Math.round(Math.cos(a) * 5000), y: Math.round(Math.sin(a) * 5000), theta: Number(a.toFixed(3)), latitude: 31.2304, longitude: 121.4737, mapId: null, t: now };
      clients[i]!.publish(MqttTopics.status(id), JSON.stringify(t));
      clients[i]!.publish(MqttTopics.gps(id), JSON.stringify(p));
      published += 2;
    }
    slot = (slot + 1) % slots;
    if (slot === 0) tick++;
  }
  return {
    published: () => published,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(clients.map((c) => c.endAsync(true)));
    },
  };
}

/** A worker thread holding some consoles: it counts pushes and records status latencies while measuring. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require('ws');
const { url, count } = workerData;
let measuring = false;
const lat = [];
const e2e = [];
let pushes = 0, frames = 0, bytes = 0, parsedFrames = 0;
const sockets = [];
let ready = 0;
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  // The token in the first message (never in the URL), then the subscription.
  ws.on('open', () => {
    ws.send(JSON.stringify({ type: 'auth', token: workerData.token }));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'fleet' }));
  });
  const parses = i < workerData.parse;
  ws.on('message', (raw) => {
    const now = Date.now();
    if (!parses && ready === count) {
      // A receiving console: counts frames and bytes, echoes heartbeats without parsing pushes.
      if (raw.length < 64 && raw.toString().startsWith('{"type":"heartbeat"')) return ws.send(JSON.stringify({ type: 'heartbeat', t: JSON.parse(raw.toString()).t }));
      if (measuring) { frames++; bytes += raw.length; }
      return;
    }
    const m = JSON.parse(raw.toString());
    if (m.type === 'heartbeat') return ws.send(JSON.stringify({ type: 'heartbeat', t: m.t }));
    const list = m.type === 'batch' ? m.pushes : [m];
    if (list[0] && list[0].event === 'snapshot') { if (++ready === count) parentPort.postMessage({ ready: true }); return; }
    if (!measuring) return;
    frames++;
    parsedFrames++;
    bytes += raw.length;
    for (const p of list) {
      pushes++;
      if (p.event === 'status' && p.data.updatedAt) { lat.push(now - p.data.updatedAt); e2e.push(now - p.data.t); }
    }
  });
}
parentPort.on('message', (cmd) => {
  if (cmd === 'start') measuring = true;
  if (cmd === 'stop') {
    measuring = false;
    parentPort.postMessage({ lat, e2e, pushes, frames, bytes, parsedFrames });
    for (const ws of sockets) ws.close();
  }
});
`;

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  e2eP95: number;
  cores: number;
  published: number;
  pushesPerConsole: number;
  framesPerConsole: number;
  kbPerConsole: number;
  parsedFrames: number;
}

async function run(dir: string, batchMs: number): Promise<Figures> {
  const server = await startServer(dir, { REALTIME_BATCH_MS: String(batchMs) });
  try {
    const login = await call(server.url, 'login', { username: 'entsuper', password: 'demo1234', codeId: 'x', code: 'x' });
    const token = login.param.token as string;
    const robots = await startRobots(server.mqttUrl);
    const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
    const half = Math.ceil(CONSOLES / 2);
    const workers = [half, CONSOLES - half].filter((n) => n > 0).map((count) => new Worker(WORKER, { eval: true, workerData: { url: wsUrl, token, count, parse: PARSING / 2 } }));
    await Promise.all(workers.map((w) => new Promise<void>((resolve) => w.once('message', () => resolve()))));
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    workers.forEach((w) => w.postMessage('start'));
    const cpu0 = cpuSeconds(server.child.pid!);
    const pub0 = robots.published();
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
    const cpu1 = cpuSeconds(server.child.pid!);
    const pub1 = robots.published();
    const secs = (Date.now() - t0) / 1000;
    const results = await Promise.all(
      workers.map((w) => {
        const done = new Promise<{ lat: number[]; e2e: number[]; pushes: number; frames: number; bytes: number; parsedFrames: number }>((resolve) => w.once('message', resolve));
        w.postMessage('stop');
        return done;
      }),
    );
    await Promise.all(workers.map((w) => w.terminate()));
    await robots.stop();
    const lat = results.flatMap((r) => r.lat).sort((a, b) => a - b);
    const e2e = results.flatMap((r) => r.e2e).sort((a, b) => a - b);
    const q = (p: number, list = lat) => list[Math.min(list.length - 1, Math.floor(list.length * p))] ?? NaN;
    if (server.child.exitCode !== null) throw new Error('the server died during the run');
    const pushes = results.reduce((a, r) => a + r.pushes, 0);
    const frames = results.reduce((a, r) => a + r.frames, 0);
    const parsedFrames = results.reduce((a, r) => a + r.parsedFrames, 0);
    const bytes = results.reduce((a, r) => a + r.bytes, 0);
    return { p50: q(0.5), p95: q(0.95), p99: q(0.99), e2eP95: q(0.95, e2e), published: Math.round((pub1 - pub0) / secs), cores: (cpu1 - cpu0) / secs, pushesPerConsole: Math.round(pushes / PARSING / secs), framesPerConsole: Math.round(frames / CONSOLES / secs), kbPerConsole: Math.round(bytes / 1024 / CONSOLES / secs), parsedFrames };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  console.log(`Realtime fan-out: ${ROBOTS} robots (one MQTT connection each) at ${HZ} Hz (status + pose), ${CONSOLES} consoles on the fleet topic (${PARSING} parse and time every push), ${MEASURE_S} s measured, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-fanout-'));
  try {
    const seed = await startServer(dir, {});
    await call(seed.url, 'getUser', {});
    await stopServer(seed);
    await addRobots(dir);
    const line = (label: string, f: Figures) => {
      const ok = f.p95 <= 150 && f.e2eP95 <= 150 && f.cores <= 1;
      return [
        `${label}`,
        `  server → console  p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms   (robot → console p95 ${f.e2eP95} ms)`,
        `  server CPU ${f.cores.toFixed(2)} cores; robots published ${f.published} msg/s; a measuring console got ${f.pushesPerConsole} pushes/s; every console ${f.framesPerConsole} frames/s, ${f.kbPerConsole} KB/s`,
        `  goal p95 ≤ 150 ms (server → console and robot → console) and CPU ≤ 1 core: ${ok ? 'MET' : 'NOT MET'}`,
      ].join('\n');
    };
    if (process.env.FANOUT_BEFORE !== 'off') console.log(line('before: one frame per push', await run(dir, 0)));
    console.log(line('after: 50 ms batches', await run(dir, 50)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
