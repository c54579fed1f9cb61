/**
 * Bench: alarm intake latency — robots publish alarm reports over MQTT at a steady rate; the time
 * from publish to the realtime push reaching a subscribed console socket (stored in the database
 * in between). Real server in-process on a fresh PGlite, simulator off, 9 demo robots × 51 codes.
 * Goal (issue 7): at 100 alarms/s every alarm arrives, p99 ≤ 250 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { loadConfig } from '../server/config';
import { startServer } from '../server/app';
import { ALARM_CODES } from '../common/alarm-codes';
import { MqttTopics, PROTOCOL_VERSION } from '../common/protocol';

const RATE = Number(process.env.BENCH_ALARMS_PER_SECOND ?? 100);
const BUDGET_P99_MS = 250;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-alarm-bench-'));
  const server = await startServer(
    loadConfig({ ...process.env, DATA_DIR: dir, PORT: '0', MQTT_PORT: '0', CAPTCHA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'error', SIM_ALARM_MINUTES: '0' }, process.cwd()),
  );
  try {
    const login = await fetch(`${server.url}/api/interface`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'login', param: { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' }, protocolVersion: PROTOCOL_VERSION }),
    });
    const token = ((await login.json()) as { param: { token: string } }).param.token;
    const robots = server.services.fleet.all().map((r) => r.robotId);
    const codes = [...ALARM_CODES.keys()];
    const sent = new Map<string, number>();
    const latencies: number[] = [];
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    let snapshot!: () => void;
    const subscribed = new Promise<void>((r) => (snapshot = r));
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as { type: string; topic?: string; event?: string; data?: { robotId: string; code: number } };
      if (m.type !== 'push' || m.topic !== 'alarms') return;
      if (m.event === 'snapshot') snapshot();
      if (m.event === 'alarm' && m.data) {
        const t0 = sent.get(`${m.data.robotId}:${m.data.code}`);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
      }
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'alarms' }));
    await subscribed;

    const client = await mqtt.connectAsync(server.mqttUrl, { clientId: 'alarm-bench' });
    const total = robots.length * codes.length;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const robotId = robots[i % robots.length]!;
      const code = codes[Math.floor(i / robots.length)]!;
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.set(`${robotId}:${code}`, performance.now());
      client.publish(MqttTopics.alarm(robotId), JSON.stringify({ robotId, code, t: Date.now() }), { qos: 1 });
    }
    const deadline = performance.now() + 15_000;
    while (latencies.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await client.endAsync();
    ws.close();
    latencies.sort((a, b) => a - b);
    const q = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN);
    const ok = latencies.length === total && q(0.99) <= BUDGET_P99_MS;
    console.log(
      `alarm publish → push, ${RATE}/s   ${latencies.length}/${total} arrived   p50 ${q(0.5)} ms   p99 ${q(0.99)} ms   max ${q(1)} ms   budget: all, p99 ≤ ${BUDGET_P99_MS} ms   ${ok ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
