import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from '../helpers/chromium';

const port = Number(process.env.E2E_PORT ?? 8191);
const dataDir = path.join(os.tmpdir(), `fc-e2e-${process.pid}`);
// Workers inherit the environment: the low-code test drops a schema into this server's data folder.
process.env.FC_E2E_DATA_DIR ??= dataDir;

/** End-to-end tests: the real server (built console, PGlite, broker, simulator) driven by Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: on a loaded shared machine (CI once ran at half its usual speed) a live check can miss its window.
  // A retried pass is listed as "flaky" in the output, so a test that needs it is still seen and mended.
  retries: 1,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'fc-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${process.env.FC_E2E_DATA_DIR} && node --import tsx server/main.ts`,
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    // Ready, not only listening: the port opens first and answers /config.json while the server starts (server/http/early.ts).
    url: `http://127.0.0.1:${port}/readyz`,
    env: {
      PORT: String(port),
      MQTT_PORT: '0',
      DATA_DIR: process.env.FC_E2E_DATA_DIR,
      CAPTCHA: 'off',
      // Every browser of the suite logs in from 127.0.0.1: more than the default 20 a minute.
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      LOG_LEVEL: 'error',
      // Issue 7: no random alarm pop-ups in the way of other specs; report mail goes to the SMTP server alarms.spec.ts runs on port + 1.
      SIM_ALARM_MINUTES: '0',
      // Issue 4: no random simulator episodes (statuses, subsystem drops, offline robots, collisions) under the specs.
      SIM_EPISODE_MINUTES: '0',
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      // Every answer of a catalogue event is checked against its declared schema (a mismatch is a server error).
      CHECK_ANSWERS: 'on',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
