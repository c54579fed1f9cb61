/**
 * Bench: list-event throughput and p99 with autocannon (50 connections, authenticated) on a
 * table of 100,000 rows, beside a Fastify hello-world in the same run; idle server RSS.
 * Runs the real server in a child process, on PGlite and (when installed) PostgreSQL.
 * Goals (issue 2): PGlite ≥ 400 req/s with p99 ≤ 300 ms; PostgreSQL ≥ 1,500 req/s with p99 ≤ 100 ms;
 * idle RSS on PGlite ≤ 500 MB, read once the server's start-up work (seeding, the demo maps' tiles in
 * a worker) is over: after a first start on a new data folder (what `npm start` gives a new user)
 * and after a restart on the filled table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort, findPostgresBin, startThrowawayPostgres } from '../tests/helpers/postgres';
import { SERVER_ENV, waitForServerQuiet } from './support/server';

const ROWS = 100_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SETTLE_MS = 30_000;

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function cannon(name: string, url: string, body?: string): Promise<Result> {
  const r = await autocannon({
    url,
    connections: 50,
    duration: DURATION,
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body,
  });
  return { name, rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function helloWorld(): Promise<Result> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  const r = await cannon('fastify hello-world', `http://127.0.0.1:${port}/`);
  await app.close();
  return r;
}

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...SERVER_ENV, ...process.env, CAPTCHA: 'off', PORT: String(port), MQTT_PORT: '0', SIMULATOR: 'off', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function call(url: string, event: string, param: unknown, token?: string): Promise<any> {
  const res = await fetch(`${url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: '1.0.3' }) });
  return res.json();
}

/** Fills the users table to ROWS rows in one statement (users are company-scoped and indexed). */
const FILL_SQL = `INSERT INTO users ("username", "name", "passwordHash", "roleId", "companyId", "email")
  SELECT 'bench' || g, 'Bench' || g, 'x', 5, 2, 'bench' || g || '@example.com' FROM generate_series(1, ${ROWS} - (SELECT count(*) FROM users)) g`;

/** RSS the moment the start-up work is over, and idle: 30 s later (V8 frees the garbage of that work in its idle GCs over ~10–20 s). */
async function idleRss(server: { child: ChildProcess }): Promise<{ quiet: number; idle: number }> {
  await waitForServerQuiet(server);
  const quiet = rssMb(server.child.pid!);
  await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
  return { quiet, idle: rssMb(server.child.pid!) };
}

type Rss = Awaited<ReturnType<typeof idleRss>>;

/** The list run on a filled table; with `rss`, the idle RSS after the first start and after the restart too. */
async function benchList(label: string, env: Record<string, string>, fill: () => Promise<void>, rss = false): Promise<{ list: Result; rss?: { first: Rss; filled: Rss } }> {
  let server = await startServer(env);
  await call(server.url, 'getUser', {}); // server ready and seeded
  const first = rss ? await idleRss(server) : undefined;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  await fill();
  server = await startServer(env);
  const filled = rss ? await idleRss(server) : undefined;
  const login = await call(server.url, 'login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' });
  const token = login.param.token as string;
  const probe = await call(server.url, 'queryAllUser', { pageNum: 1, pageSize: 10 }, token);
  if (probe.param.total < ROWS) throw new Error(`expected ${ROWS} rows, got ${probe.param.total}`);
  // Warm-up, then the measured run: pages spread over the table.
  await cannon('warm-up', `${server.url}/api/interface`, JSON.stringify({ event: 'queryAllUser', param: { pageNum: 1, pageSize: 10 }, token }));
  const list = await cannon(`${label} queryAllUser (100k rows)`, `${server.url}/api/interface`, JSON.stringify({ event: 'queryAllUser', param: { pageNum: 500, pageSize: 10 }, token }));
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  return { list, rss: first && filled ? { first, filled } : undefined };
}

const line = (r: Result, goal?: string) => `${r.name.padEnd(42)} ${String(r.rps).padStart(7)} req/s   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors}${goal ? `   goal ${goal}` : ''}`;

async function main(): Promise<void> {
  console.log(`List-event throughput: autocannon, 50 connections, ${DURATION} s each, ${os.cpus().length} cores\n`);
  console.log(line(await helloWorld()));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-'));
  const pgliteEnv = { DATA_DIR: dir };
  const lite = await benchList('PGlite', pgliteEnv, async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(dir, 'pglite'));
    await db.exec(FILL_SQL);
    await db.close();
  }, true);
  const liteOk = lite.list.rps >= 400 && lite.list.p99 <= 300;
  console.log(line(lite.list, '≥ 400 req/s, p99 ≤ 300 ms') + `   ${liteOk ? 'MET' : 'NOT MET'}`);
  for (const [name, mb] of [['PGlite idle RSS, first start', lite.rss!.first], ['PGlite idle RSS, restart on 100k rows', lite.rss!.filled]] as const) {
    console.log(`${name.padEnd(42)} ${String(mb.idle).padStart(7)} MB    goal ≤ 500 MB   ${mb.idle <= 500 ? 'MET' : 'NOT MET'}   (${mb.quiet} MB as its start-up work ended)`);
  }
  fs.rmSync(dir, { recursive: true, force: true });

  if (findPostgresBin()) {
    const server = await startThrowawayPostgres();
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const url = server.url('bench');
    try {
      const res = await benchList('PostgreSQL', { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-pg-')) }, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(FILL_SQL);
        await c.query('ANALYZE users');
        await c.end();
      });
      const ok = res.list.rps >= 1500 && res.list.p99 <= 100;
      console.log(line(res.list, '≥ 1,500 req/s, p99 ≤ 100 ms') + `   ${ok ? 'MET' : 'NOT MET'}`);
    } finally {
      server.stop();
    }
  } else {
    console.log('PostgreSQL not installed: PostgreSQL figures skipped');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
