/**
 * Bench: list-event throughput and p99 with autocannon (50 connections, authenticated) on a
 * table of 100,000 rows, beside a Fastify hello-world in the same run; idle server RSS.
 * Runs the real server in a child process, on PGlite and (when installed) PostgreSQL.
 * Pages: 1 (what a list opens on) and 500 (a deep page), 10 rows each.
 * PostgreSQL (issue 23): each page's figures are printed beside pgbench running the SAME statements
 * with the same 50 clients, in the same run: the statements one request sends are captured from
 * the server (its FC_SQL_LOG debug hook, in a short run before the measured one) and replayed as a
 * pgbench script (prepared, with the captured parameters). Goal: ratio ≥ 0.5, p99 ≤ 50 ms.
 * Goals (issue 2): PGlite ≥ 400 req/s with p99 ≤ 300 ms; PostgreSQL ≥ 1,500 req/s with p99 ≤ 100 ms;
 * idle RSS on PGlite ≤ 500 MB, read once the server's start-up work (seeding, the demo maps' tiles in
 * a worker) is over: after a first start on a new data folder (what `npm start` gives a new user)
 * and after a restart on the filled table.
 * Settings: BENCH_SECONDS (10), BENCH_ENGINES (pglite,postgres), BENCH_RSS=0 skips the idle RSS,
 * BENCH_PG_URL=postgres://user@host:port (a running PostgreSQL 15 to use instead of a throw-away one),
 * BENCH_SERVER_PROF=<folder> writes a V8 CPU profile of each measured server there (--cpu-prof).
 * Beside each ratio it prints the ceiling of this machine: the Fastify hello-world's req/s over
 * pgbench's (a server that did no work at all, not even a query, would reach that ratio).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { freePort, findPostgresBin, startThrowawayPostgres } from '../tests/helpers/postgres';
import { machineLine } from './support/machine';
import { SERVER_ENV, waitForServerQuiet } from './support/server';

const ROWS = 100_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const RSS = process.env.BENCH_RSS !== '0';
const IDLE_SETTLE_MS = 30_000;
const CLIENTS = 50;
const PAGES = [1, 500];

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function cannon(name: string, url: string, body?: string): Promise<Result> {
  const r = await autocannon({
    url,
    connections: CLIENTS,
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

type Server = { url: string; child: ChildProcess };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const prof = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'server/main.ts'], {
    env: { ...SERVER_ENV, ...process.env, CAPTCHA: 'off', PORT: String(port), MQTT_PORT: '0', SIMULATOR: 'off', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

async function call(url: string, event: string, param: unknown, token?: string): Promise<any> {
  const res = await fetch(`${url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event, param, token, protocolVersion: '1.0.3' }) });
  return res.json();
}

async function adminToken(server: Server): Promise<string> {
  const login = await call(server.url, 'login', { username: 'admin', password: 'demo1234', codeId: 'x', code: 'x' });
  return login.param.token as string;
}

const listBody = (pageNum: number, token: string) => JSON.stringify({ event: 'queryAllUser', param: { pageNum, pageSize: 10 }, token });

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

/** A first start (the demo seeded), the table filled, and a restart on it; with `rss`, the idle RSS after both starts. */
async function prepare(env: Record<string, string>, fill: () => Promise<void>, rss: boolean): Promise<{ first?: Rss; filled?: Rss; server: Server }> {
  let server = await startServer(env);
  await call(server.url, 'getUser', {}); // server ready and seeded
  const first = rss ? await idleRss(server) : undefined;
  await stopServer(server);
  await fill();
  server = await startServer(env);
  const filled = rss ? await idleRss(server) : undefined;
  return { first, filled, server };
}

/** The measured runs on a started server: per page a warm-up, then the measured run (as the reference servers get). */
async function listRuns(label: string, server: Server, each?: (page: number, body: string) => Promise<void>): Promise<Map<number, Result>> {
  // A restart may still be doing start-up work (the demo maps' tiles in a worker): not measured.
  await waitForServerQuiet(server);
  const token = await adminToken(server);
  const probe = await call(server.url, 'queryAllUser', { pageNum: 1, pageSize: 10 }, token);
  if (probe.param.total < ROWS) throw new Error(`expected ${ROWS} rows, got ${probe.param.total}`);
  const out = new Map<number, Result>();
  for (const page of PAGES) {
    await cannon('warm-up', `${server.url}/api/interface`, listBody(page, token));
    out.set(page, await cannon(`${label} queryAllUser page ${page} (100k rows)`, `${server.url}/api/interface`, listBody(page, token)));
    await each?.(page, listBody(page, token));
  }
  return out;
}

interface Captured {
  sql: string;
  params: unknown[];
}

/**
 * The statements one list request sends in the steady state (session cached, total cached as it is
 * for 2 s under load), per page: a server started with the FC_SQL_LOG hook answers each page once
 * to warm up, then three times more with the log emptied before each.
 */
async function captureStatements(env: Record<string, string>): Promise<Map<number, Captured[]>> {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-sql-')), 'sql.jsonl');
  const server = await startServer({ ...env, FC_SQL_LOG: log });
  const out = new Map<number, Captured[]>();
  try {
    const token = await adminToken(server);
    for (const page of PAGES) {
      await call(server.url, 'queryAllUser', { pageNum: page, pageSize: 10 }, token);
      // The server's own timers (sweeps, the map worker) query too: a statement counts when each of
      // three requests sent it. Only reads are replayed (the list event writes nothing).
      let seen: Captured[] | null = null;
      for (let i = 0; i < 3; i++) {
        fs.writeFileSync(log, '');
        await call(server.url, 'queryAllUser', { pageNum: page, pageSize: 10 }, token);
        const now = fs
          .readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Captured)
          .filter((st) => /^\s*SELECT\b/i.test(st.sql));
        seen = seen === null ? now : now.filter((st) => seen!.some((o) => o.sql === st.sql));
      }
      out.set(page, seen!);
    }
  } finally {
    await stopServer(server);
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
  return out;
}

/** A parameter as pgbench passes it (text): arrays as PostgreSQL array literals, objects as JSON. */
function pgText(v: unknown): string {
  if (Array.isArray(v)) return `{${v.map((x) => (x === null ? 'NULL' : JSON.stringify(String(x)))).join(',')}}`;
  if (v instanceof Object) return JSON.stringify(v);
  return String(v);
}

/** pgbench (prepared protocol, CLIENTS clients, 2 threads) running the statements as one transaction each; p99 from its per-transaction log. */
function pgbench(name: string, url: string, statements: Captured[]): Result {
  const bin = fs.existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-pgbench-'));
  const defines: string[] = [];
  const script = statements
    .map((st, i) => {
      st.params.forEach((v, n) => defines.push('-D', `s${i}p${n + 1}=${pgText(v)}`));
      return `${st.sql.replace(/\s+/g, ' ').replace(/\$(\d+)/g, (_, n) => `:s${i}p${n}`)};`;
    })
    .join('\n');
  fs.writeFileSync(path.join(dir, 'list.sql'), `${script}\n`);
  const u = new URL(url);
  try {
    const out = execFileSync(
      bin,
      ['-h', u.hostname, '-p', u.port, '-U', u.username, '-n', '-M', 'prepared', '-c', String(CLIENTS), '-j', '2', '-T', String(DURATION), '-f', path.join(dir, 'list.sql'), '-l', '--log-prefix', path.join(dir, 'tx'), ...defines, u.pathname.slice(1)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
    const latencies: number[] = [];
    for (const f of fs.readdirSync(dir).filter((f) => f.startsWith('tx'))) {
      for (const l of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        const us = Number(l.split(' ')[2]);
        if (Number.isFinite(us) && l) latencies.push(us);
      }
    }
    latencies.sort((a, b) => a - b);
    const p99 = latencies.length ? Math.round(latencies[Math.floor(latencies.length * 0.99)]! / 100) / 10 : NaN;
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
    return { name, rps: Math.round(tps), p99, errors: failed };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Reference: Fastify + pg running the same statements prepared (bench/support/bare-pg-server.mjs,
 * a child process with a pool of the server's default size), for the same list request. What any
 * PostgreSQL-backed HTTP server pays here before doing anything of its own.
 */
async function barePg(page: number, url: string, statements: Captured[], body: string): Promise<Result> {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/support/bare-pg-server.mjs'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url, POOL: String(Math.min(50, Math.max(10, 10 * os.cpus().length))), STATEMENTS: JSON.stringify(statements) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  try {
    await cannon('warm-up', `http://127.0.0.1:${port}/api/interface`, body);
    return await cannon(`fastify + pg, same statements, page ${page}`, `http://127.0.0.1:${port}/api/interface`, body);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const line = (r: Result, goal?: string) => `${r.name.padEnd(44)} ${String(r.rps).padStart(7)} req/s   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors}${goal ? `   goal ${goal}` : ''}`;

async function benchPglite(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-'));
  try {
    const { first, filled, server } = await prepare({ DATA_DIR: dir }, async () => {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(path.join(dir, 'pglite'));
      await db.exec(FILL_SQL);
      await db.close();
    }, RSS);
    const runs = await listRuns('PGlite', server);
    await stopServer(server);
    for (const r of runs.values()) console.log(line(r, '≥ 400 req/s, p99 ≤ 300 ms') + `   ${r.rps >= 400 && r.p99 <= 300 ? 'MET' : 'NOT MET'}`);
    if (first && filled) {
      for (const [name, mb] of [['PGlite idle RSS, first start', first], ['PGlite idle RSS, restart on 100k rows', filled]] as const) {
        console.log(`${name.padEnd(44)} ${String(mb.idle).padStart(7)} MB    goal ≤ 500 MB   ${mb.idle <= 500 ? 'MET' : 'NOT MET'}   (${mb.quiet} MB as its start-up work ended)`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(hello: Result): Promise<void> {
  const own = process.env.BENCH_PG_URL ? null : await startThrowawayPostgres();
  const base = process.env.BENCH_PG_URL ?? own!.url('postgres');
  const dbName = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.replace(/\/[^/]*$/, '') + '/postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = base.replace(/\/[^/]*$/, '') + `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-pg-'));
  const env = { DATABASE_URL: url, DATA_DIR: dataDir };
  try {
    const { server: first } = await prepare(env, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(FILL_SQL);
      // VACUUM too: the visibility map set now, not by autovacuum in the middle of the runs (a deep
      // page's index-only scan reads the heap for every row skipped until it is).
      await c.query('VACUUM ANALYZE users');
      await c.end();
    }, false);
    await stopServer(first);
    const statements = await captureStatements(env);
    for (const [page, sts] of statements) console.log(`page ${page}: each request sends ${sts.length} statement(s): ${sts.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 110)).join(' | ')}`);
    const server = await startServer(env);
    // Interleaved: each page through the server, then pgbench of its statements at once.
    const bench = new Map<number, Result>();
    const bare = new Map<number, Result>();
    const runs = await listRuns('PostgreSQL', server, async (page, body) => {
      bench.set(page, pgbench(`pgbench, same statements, page ${page}`, url, statements.get(page)!));
      bare.set(page, await barePg(page, url, statements.get(page)!, body));
    });
    await stopServer(server);
    for (const page of PAGES) {
      const r = runs.get(page)!;
      const b = bench.get(page)!;
      console.log(line(r, '≥ 1,500 req/s, p99 ≤ 100 ms') + `   ${r.rps >= 1500 && r.p99 <= 100 ? 'MET' : 'NOT MET'}`);
      console.log(line(b));
      const ratio = r.rps / b.rps;
      console.log(`${`ratio page ${page}`.padEnd(44)} ${ratio.toFixed(2).padStart(7)}         p99 ${String(r.p99).padStart(5)} ms   goal ratio ≥ 0.5, p99 ≤ 50 ms   ${ratio >= 0.5 && r.p99 <= 50 ? 'MET' : 'NOT MET'}`);
      console.log(`${`ceiling page ${page} (hello-world / pgbench)`.padEnd(44)} ${(hello.rps / b.rps).toFixed(2).padStart(7)}         (no server doing any work reaches more on this machine)`);
      const f = bare.get(page)!;
      console.log(line(f));
      console.log(`${`  fastify + pg / pgbench; server / it`.padEnd(44)} ${(f.rps / b.rps).toFixed(2).padStart(7)}; ${(r.rps / f.rps).toFixed(2)}   (a bare PostgreSQL-backed server's ratio, and the share of it the server keeps)`);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    own?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`List-event throughput: autocannon, ${CLIENTS} connections, ${DURATION} s each, ${os.cpus().length} cores`);
  console.log(machineLine());
  const hello = await helloWorld();
  console.log(line(hello));
  if (ENGINES.includes('pglite')) await benchPglite();
  if (ENGINES.includes('postgres')) {
    if (findPostgresBin() || process.env.BENCH_PG_URL) await benchPostgres(hello);
    else console.log('PostgreSQL not installed: PostgreSQL figures skipped');
  }
  console.log(machineLine());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
