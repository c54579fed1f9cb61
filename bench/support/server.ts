/**
 * What the browser benches share: the real server started as `npm start` would run it (built
 * console, a throw-away DATA_DIR, a free port) and a login through the login page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from '../../tests/helpers/postgres';

/** What `npm start` sets for the server unless already set (scripts/start.mjs): glibc's malloc arenas capped at 2. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/** A running bench server. */
export interface BenchServer {
  base: string;
  dir: string;
  child: ChildProcess;
  /** Stops the server and removes its data. */
  stop(): void;
}

/** Starts server/main.ts with CAPTCHA off, its own port and data folder; `env` adds or overrides settings. */
export async function startBenchServer(name: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fc-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...SERVER_ENV, ...process.env, CAPTCHA: 'off', PORT: String(port), MQTT_PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    child,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the server has finished its start-up work: a fresh data folder makes it seed the
 * demo and cut the demo maps' tile pyramids in a worker, ~1.7 cores for several seconds on a
 * 2-core machine, which a user of a running server never meets. Quiet = under a fifth of a core
 * for two half-second samples in a row (read from /proc; elsewhere it returns at once).
 * Returns the time waited in ms.
 */
export async function waitForServerQuiet(server: Pick<BenchServer, 'child'>, maxMs = 60_000): Promise<number> {
  const stat = `/proc/${server.child.pid}/stat`;
  if (!fs.existsSync(stat)) return 0;
  const tick = 1000 / 100; // USER_HZ: clock ticks are 10 ms on Linux
  const cpuMs = () => {
    const f = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * tick;
  };
  const t0 = Date.now();
  let last = cpuMs();
  let quiet = 0;
  while (Date.now() - t0 < maxMs && quiet < 2) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMs();
    quiet = now - last < 100 ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - t0;
}

/** Logs a demo user in through the login page (password demo1234, any code with CAPTCHA off) and waits for the console. */
export async function loginThroughPage(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const field = (id: string) => page.getByTestId(id).locator('input').or(page.getByTestId(id)).first();
  await field('login-username').fill(username);
  await field('login-password').fill('demo1234');
  await field('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/home\//);
}
