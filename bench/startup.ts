/**
 * Bench: start-up (issue 23). A restart on an existing data folder, from spawning the process to
 * the first `/config.json` answer, for the server `npm start` runs (build/server/main.mjs, plain
 * JavaScript built by scripts/build-server.mjs) — printed beside, in the same run:
 *   - a bare Node HTTP server's start (the floor: what a process costs here);
 *   - the same server loaded from its TypeScript sources through tsx (what `npm start` ran before).
 * The data folder is made once by a first start (seeding, the demo maps' tiles), not timed.
 * Embedded database, broker and simulator as in `npm start`. Three interleaved runs each, medians.
 * Budget (issue 23): ≤ 1000 ms. Since the start-up door (server/http/early.ts) the port answers the
 * page and /config.json while the rest loads: the bench also prints when the first event is answered.
 * Also prints the idle RSS 20 s after the last restart (goal ≤ 400 MB).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machineLine } from './support/machine';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 3;
const BUDGET_MS = 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bench-startup-'));
const port = 18000 + (process.pid % 1000);

const BARE = `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1')`;

/**
 * Spawns `args`, times the first 200 on /config.json, then (`event`) the first answer of an event
 * (the login page's verification code: the database and the features up); returns ms (and RSS
 * after `idleMs` when asked).
 */
async function timedStart(args: string[], idleMs = 0, event = false): Promise<{ ms: number; eventMs?: number; rssMb?: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), MQTT_PORT: String(port + 1), DATA_DIR: dataDir, LOG_LEVEL: 'error', MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/config.json`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - t0;
    let eventMs: number | undefined;
    if (event) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event":"reqVerificationCode","param":{}}' });
      if (((await answer.json()) as { statusCode: number }).statusCode !== 200) throw new Error('the first event was not answered');
      eventMs = performance.now() - t0;
    }
    if (!idleMs) return { ms, eventMs };
    await new Promise((r) => setTimeout(r, idleMs));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return { ms, eventMs, rssMb: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' });
console.log(machineLine());
// The first start makes the data folder (not timed).
await timedStart(['build/server/main.mjs']);
const bundle: number[] = [];
const firstEvent: number[] = [];
const sources: number[] = [];
const bare: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push((await timedStart(['-e', BARE])).ms);
  sources.push((await timedStart(['--import', 'tsx', 'server/main.ts'])).ms);
  const run = await timedStart(['build/server/main.mjs'], 0, true);
  bundle.push(run.ms);
  firstEvent.push(run.eventMs!);
}
const idle = await timedStart(['build/server/main.mjs'], 20_000);
const b = median(bundle);
console.log(`restart to first /config.json (npm start's build)   ${b.toFixed(0).padStart(6)} ms   budget ≤ ${BUDGET_MS} ms   ${b <= BUDGET_MS ? 'MET' : 'NOT MET'}`);
console.log(`  the port opens first (server/http/early.ts); the first event answered (database and features up) ${median(firstEvent).toFixed(0)} ms`);
console.log(`  reference: the same from TypeScript sources (tsx)  ${median(sources).toFixed(0).padStart(6)} ms`);
console.log(`  reference: a bare Node HTTP server                ${median(bare).toFixed(0).padStart(6)} ms   (ratio ${(b / median(bare)).toFixed(1)}×)`);
console.log(`idle RSS 20 s after a restart                        ${String(idle.rssMb).padStart(6)} MB   goal ≤ 400 MB   ${idle.rssMb! <= 400 ? 'MET' : 'NOT MET'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
