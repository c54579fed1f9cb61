import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import mqtt from 'mqtt';

/**
 * The realtime link survives a server restart: this test runs its own server (it stops and
 * starts it) on E2E_PORT + 1, with the built console, the database and the simulator.
 */
const port = Number(process.env.E2E_PORT ?? 8191) + 1;
const base = `http://127.0.0.1:${port}`;
const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-e2e-reconnect-'));
let server: ChildProcess | undefined;
let mqttUrl = '';
/** The server's own MQTT account (issue 18: nobody connects anonymously); this test speaks for a robot with it. */
const SERVER_MQTT_PASSWORD = 'e2e-server-account';

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MQTT_PORT: '0', DATA_DIR: dataDir, CAPTCHA: 'off', LOGIN_ATTEMPTS_PER_MINUTE: '1000', LOG_LEVEL: 'error', SIM_EPISODE_MINUTES: '0', MQTT_PASSWORD: SERVER_MQTT_PASSWORD },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /embedded broker at (mqtt:\/\/\S+)\)/.exec(d.toString());
      if (m) mqttUrl = m[1]!;
      if (d.toString().includes('listening on')) resolve();
    });
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

async function loginOperator(page: Page): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByTestId('login-username').fill('operator');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-code').fill('abcd');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home\//);
}

test('realtime link: the server stops, the console shows reconnecting, the server returns and the page recovers without a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await startServer();
  await loginOperator(page);
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

test('video pushes: a camera heartbeat above 1 stops the player, the camera’s error report restarts it', async ({ page }) => {
  test.setTimeout(120_000);
  if (!server) await startServer();
  await loginOperator(page);
  await page.goto(`${base}/home/telecontrol`);
  await page.getByTestId('robot-tree').getByText('PatrolA2').click();
  const video = page.getByTestId('video-player').locator('video');
  const playing = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(playing, { timeout: 30_000 }).toBeGreaterThan(0.5);
  // The robot (here: this test speaking its MQTT topics) reports its front camera broken, then recovered.
  const robot = await mqtt.connectAsync(mqttUrl, { clientId: 'e2e-robot-01WR000002', username: 'fleet-console', password: SERVER_MQTT_PASSWORD });
  try {
    robot.publish('fleet/robots/01WR000002/video', JSON.stringify({ kind: 'heart', cameras: [{ cameraId: 0, status: 3 }] }));
    await expect(page.getByTestId('camera-stream-stopped')).toHaveText('The camera reported a video fault: the player was stopped');
    await expect(page.getByTestId('video-player')).toHaveAttribute('data-state', 'nodata');
    robot.publish('fleet/robots/01WR000002/video', JSON.stringify({ kind: 'error', cameraId: 0, code: 4402 }));
    await expect(page.getByTestId('camera-stream-stopped')).toHaveCount(0);
    await expect(page.getByTestId('video-player')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  } finally {
    await robot.endAsync(true);
  }
});
