import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The realtime link survives a server restart: this test runs its own server (it stops and
 * starts it) on E2E_PORT + 1, with the built console, the database and the simulator.
 */
const port = Number(process.env.E2E_PORT ?? 8191) + 1;
const base = `http://127.0.0.1:${port}`;
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-e2e-reconnect-'));
let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MQTT_PORT: '0', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('realtime link: the server stops, the console shows reconnecting, the server returns and the page recovers without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await startServer();
  await page.goto(`${base}/`);
  await page.getByTestId('login-username').fill('operator');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//);
  await page.goto(`${base}/home/telecontrol`);
  await page.getByTestId('robot-tree').getByText('PatrolA1').click();
  const link = page.getByTestId('link-state');
  await expect(link).toHaveAttribute('data-status', 'connected');
  // The robot stands in emergency stop in this server's simulator.
  await page.getByTestId('emergency-button').click();
  await expect(page.getByTestId('robot-status-label')).toHaveAttribute('data-status-key', '6');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await stopServer();
  await expect(link).toHaveAttribute('data-status', 'reconnecting');
  const restartedAt = Date.now();

  await startServer();
  // Reconnect every 10 s, at most 4 times: the link comes back by itself.
  await expect(link).toHaveAttribute('data-status', 'connected', { timeout: 60_000 });
  // A fresh snapshot and live status from the restarted simulator (no emergency stop there).
  await expect(page.getByTestId('robot-status-label')).not.toHaveAttribute('data-status-key', '6', { timeout: 20_000 });
  await expect(page.getByTestId('robot-online')).toHaveAttribute('data-online', '1');
  await expect
    .poll(async () => Date.parse((await page.getByTestId('robot-updated-at').textContent())!.replace(' ', 'T')), { timeout: 20_000 })
    .toBeGreaterThan(restartedAt - 1000);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
