/**
 * Bench: the cost of being a cluster (issue 17). The cluster of `npm run cluster` (PostgreSQL,
 * Mosquitto, HAProxy) with 1 replica and then with 3, each measured through the balancer:
 * - list throughput: `queryAllUser` page 1, 50 connections (autocannon), req/s and p99, with the
 *   replicas' CPU time per request (from /proc) beside it; the 1-replica cluster is also measured
 *   directly, without the balancer, as the reference of the same run;
 * - realtime fan-out: 60 consoles subscribed to `alarms` through the balancer (spread over the
 *   replicas); a robot raises an alarm over MQTT; the time until every console has it (20 alarms,
 *   median and p99) — with 3 replicas the push crosses the PostgreSQL bus to the other two.
 * Budgets: 3 replicas keep ≥ 70 % of 1 replica's list throughput on this machine (2 cores: more
 * replicas cannot add CPU here; the figure shows what the bus, leader and balancer cost);
 * fan-out p99 ≤ 250 ms with 3 replicas.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, MqttTopics } from '../common/protocol';
import { missingClusterParts, startCluster, type RunningCluster } from '../scripts/cluster';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONSOLES = 60;
const ALARMS = 20;

interface ListResult {
  where: string;
  rps: number;
  p99: number;
  errors: number;
  cpuMsPerReq: number;
}

function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function call(base: string, event: string, param: unknown, token?: string): Promise<any> {
  const res = await fetch(`${base}/api/interface`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION, lang: 'en' }),
  });
  return res.json();
}

async function list(where: string, url: string, token: string, pids: number[]): Promise<ListResult> {
  const body = JSON.stringify({ event: 'queryAllUser', param: { pageNum: 1, pageSize: 10 }, token, protocolVersion: PROTOCOL_VERSION, lang: 'en' });
  const cpu0 = cpuMs(pids);
  const r = await autocannon({ url: `${url}/api/interface`, connections: 50, duration: DURATION, method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const cpu = cpuMs(pids) - cpu0;
  return { where, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx, cpuMsPerReq: r.requests.total ? cpu / r.requests.total : 0 };
}

async function fanOut(c: RunningCluster, token: string): Promise<{ median: number; p99: number }> {
  const sockets: { ws: WebSocket; seen: Map<number, number> }[] = [];
  for (let i = 0; i < CONSOLES; i++) {
    const ws = new WebSocket(`${c.url.replace('http', 'ws')}/ws`);
    const seen = new Map<number, number>();
    let subscribed = false;
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      for (const m of frame.type === 'batch' ? frame.pushes : [frame]) {
        if (m.topic === 'alarms' && m.event === 'snapshot') subscribed = true;
        if (m.topic === 'alarms' && m.event === 'alarm' && !seen.has(m.data.code)) seen.set(m.data.code, Date.now());
      }
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'alarms' }));
    const t0 = Date.now();
    while (!subscribed && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 10));
    sockets.push({ ws, seen });
  }
  const robot = await mqtt.connectAsync(c.mqttUrl, { clientId: 'bench-robot-03WS000001' });
  const times: number[] = [];
  for (let i = 0; i < ALARMS; i++) {
    const code = 600 + i;
    const sent = Date.now();
    await robot.publishAsync(MqttTopics.alarm('03WS000001'), JSON.stringify({ robotId: '03WS000001', code, level: 2, message: 'bench' }), { qos: 1 });
    const t0 = Date.now();
    while (sockets.some((s) => !s.seen.has(code)) && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 2));
    times.push(Math.max(...sockets.map((s) => (s.seen.get(code) ?? Date.now() + 5_000) - sent)));
  }
  await robot.endAsync(true);
  for (const s of sockets) s.ws.close();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]! };
}

async function run(replicas: number): Promise<{ lists: ListResult[]; fan: { median: number; p99: number } }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fc-bench-cluster-${replicas}-`));
  const c = await startCluster({ dir, replicas, simulator: false, env: { CAPTCHA: 'off', LOGIN_ATTEMPTS_PER_MINUTE: '100000', SIM_ALARM_MINUTES: '0' } });
  try {
    const admin = (await call(c.url, 'login', { username: 'admin', password: 'demo1234' })).param.token as string;
    const pids = c.replicas.map((r) => r.process!.pid!).filter(Boolean);
    await list('warm-up', c.url, admin, pids);
    const lists = [await list(`${replicas} replica${replicas > 1 ? 's' : ''} via HAProxy`, c.url, admin, pids)];
    if (replicas === 1) lists.unshift(await list('1 replica direct (reference)', c.replicas[0]!.url, admin, pids));
    const fan = await fanOut(c, admin);
    return { lists, fan };
  } finally {
    await c.stop(true);
  }
}

async function main(): Promise<void> {
  const missing = missingClusterParts();
  if (missing.length) {
    console.log(`cluster bench skipped: needs ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})`);
    return;
  }
  console.log(`machine: ${os.cpus().length} cores; ${DURATION} s per list run, 50 connections; fan-out: ${CONSOLES} consoles, ${ALARMS} alarms`);
  const one = await run(1);
  const three = await run(3);
  console.log('\nlist throughput (queryAllUser page 1):');
  for (const r of [...one.lists, ...three.lists]) {
    console.log(`  ${r.where.padEnd(30)} ${String(r.rps).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms  CPU ${r.cpuMsPerReq.toFixed(2)} ms/req  errors ${r.errors}`);
  }
  const base = one.lists.find((r) => r.where.includes('HAProxy'))!;
  const ratio = three.lists[0]!.rps / base.rps;
  console.log(`  3 replicas / 1 replica: ${ratio.toFixed(2)} (budget ≥ 0.70) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}`);
  console.log('\nrealtime fan-out (alarm over MQTT → every console):');
  console.log(`  1 replica:  median ${one.fan.median} ms, p99 ${one.fan.p99} ms`);
  console.log(`  3 replicas: median ${three.fan.median} ms, p99 ${three.fan.p99} ms (budget p99 ≤ 250 ms) ${three.fan.p99 <= 250 ? 'MET' : 'NOT MET'}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
