/**
 * Bench: gzip size of the JavaScript a browser loads for the login route and for the app shell
 * (/home, which opens telecontrol), measured by loading the built console in Chromium and
 * gzipping every script it fetched. Budgets (issue 2): login ≤ 200 KB, shell ≤ 450 KB.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from '../tests/helpers/chromium';
import { freePort } from '../tests/helpers/postgres';

const BUDGET = { login: 200, shell: 450 };

async function main(): Promise<void> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-bundle-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, CAPTCHA: 'off', PORT: String(port), MQTT_PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve()));
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === base && u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    const gz = (files: Iterable<string>) =>
      Math.round([...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join('dist', f)), { level: 9 }).length, 0) / 1024);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const login = gz(scripts);
    const loginFiles = scripts.size;
    await page.getByTestId('login-username').locator('input').or(page.getByTestId('login-username')).first().fill('admin');
    await page.getByTestId('login-password').locator('input').or(page.getByTestId('login-password')).first().fill('demo1234');
    await page.getByTestId('login-code').locator('input').or(page.getByTestId('login-code')).first().fill('abcd');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home\//);
    await page.waitForLoadState('networkidle');
    const shell = gz(scripts);
    const row = (name: string, kb: number, budget: number, n: number) =>
      console.log(`${name.padEnd(34)} ${String(kb).padStart(5)} KB gzip (${n} files)   budget ≤ ${budget} KB   ${kb <= budget ? 'MET' : 'NOT MET'}`);
    row('login route JS', login, BUDGET.login, loginFiles);
    row('app shell JS (/home → telecontrol)', shell, BUDGET.shell, scripts.size);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
