import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { authedSocket } from '../helpers/socket-auth';

/**
 * `npm start` runs the server built to plain JavaScript (scripts/build-server.mjs), not the
 * TypeScript the other tests load: this starts that bundle on a fresh data folder and uses it.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bundle-'));
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (npm start)', () => {
  it('starts from build/server/main.mjs, finds every feature by folder, migrates, seeds and answers events', async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: 'ignore' });
    const port = 20000 + (process.pid % 20000);
    let output = '';
    child = spawn(process.execPath, [path.join(ROOT, 'build', 'server', 'main.mjs')], {
      env: { ...process.env, PORT: String(port), MQTT_PORT: '0', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'error', SIM_EPISODE_MINUTES: '0', SIM_ALARM_MINUTES: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const base = `http://127.0.0.1:${port}`;
    const end = Date.now() + 170_000;
    const call = async (event: string, param: object, token?: string) =>
      (await (await fetch(`${base}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: PROTOCOL_VERSION }) })).json()) as { statusCode: number; statusInfo: string; param: any };
    // The start-up door (server/http/early.ts) opens the port first; a first start (migrations,
    // seeding) takes seconds more, during which the door answers the page and /config.json.
    while (!output.includes('Port open at')) {
      if (child.exitCode !== null || Date.now() > end) throw new Error(`the built server did not open its port:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(output).not.toContain('Fleet Console listening');
    const starting = await fetch(`${base}/readyz`);
    expect([starting.status, await starting.json()]).toEqual([503, { status: 'starting' }]);
    expect((await fetch(`${base}/config.json`)).status).toBe(200);
    const page = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    // An event sent meanwhile is held, not refused, and answered once the server is ready.
    expect(output).not.toContain('Fleet Console listening');
    const login = await call('login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' });
    expect(login.statusCode).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The schemas' compile checks that passed are remembered for the next start.
    const checks = JSON.parse(fs.readFileSync(path.join(dataDir, 'cache', 'schema-checks.json'), 'utf8')) as { passed: string[] };
    const schemaFiles = ['entities', 'settings'].flatMap((d) => fs.readdirSync(path.join(ROOT, 'schemas', d)).filter((f) => f.endsWith('.schema.json')));
    expect(checks.passed.length).toBe(schemaFiles.length);
    // An event of a feature folder (protocol) and a schema-driven list both answer.
    expect((await call('getRobotTypesByCompanyId', {}, login.param.token)).statusCode).toBe(200);
    expect((await call('queryCompanys', { pageNum: 1, pageSize: 10 }, login.param.token)).statusCode).toBe(200);
    // A parameter the catalogue refuses is refused as from the sources (validators compile on first use).
    expect((await call('insertLastWebRoute', { route: 'x' }, login.param.token)).statusCode).toBe(400);
    // The realtime socket reaches the server through the door's port (its upgrade handed over).
    const ws = authedSocket(`ws://127.0.0.1:${port}/ws`, login.param.token);
    const snapshot = new Promise<{ topic: string; event: string }>((resolve, reject) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString());
        for (const p of m.type === 'batch' ? m.pushes : [m]) if (p.event === 'snapshot') resolve(p);
      });
      ws.once('error', reject);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic: 'fleet' })));
    expect(await snapshot).toMatchObject({ topic: 'fleet', event: 'snapshot' });
    ws.close();
  }, 200_000);
});
