/**
 * Bench: gzip size of the JavaScript a browser loads for the login route and for the app shell
 * (/home, which opens telecontrol), measured by loading the built console in Chromium and
 * gzipping every script it fetched. Budgets (issue 2): login ≤ 200 KB, shell ≤ 450 KB.
 * `FC_BUNDLE_DETAIL=25` also lists the 25 largest files the shell loaded (those of the login route marked).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from '../tests/helpers/chromium';
import { loginThroughPage, startBenchServer } from './support/server';

const BUDGET = { login: 200, shell: 450 };
/** The built console the server serves (STATIC_DIR, as the server reads it; default dist/). */
const STATIC = path.resolve(process.env.STATIC_DIR ?? 'dist');

async function main(): Promise<void> {
  const server = await startBenchServer('bundle');
  const base = server.base;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === base && u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    const gz = (files: Iterable<string>) =>
      Math.round([...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(STATIC, f)), { level: 9 }).length, 0) / 1024);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const login = gz(scripts);
    const loginFiles = scripts.size;
    const loginSet = new Set(scripts);
    await loginThroughPage(page, base, 'admin');
    await page.waitForLoadState('networkidle');
    const shell = gz(scripts);
    const row = (name: string, kb: number, budget: number, n: number) =>
      console.log(`${name.padEnd(34)} ${String(kb).padStart(5)} KB gzip (${n} files)   budget ≤ ${budget} KB   ${kb <= budget ? 'MET' : 'NOT MET'}`);
    row('login route JS', login, BUDGET.login, loginFiles);
    row('app shell JS (/home → telecontrol)', shell, BUDGET.shell, scripts.size);
    if (process.env.FC_BUNDLE_DETAIL) {
      const sized = [...scripts].map((f) => ({ f, kb: gz([f]) })).sort((a, b) => b.kb - a.kb);
      for (const { f, kb } of sized.slice(0, Number(process.env.FC_BUNDLE_DETAIL) || 25)) console.log(`  ${String(kb).padStart(4)} KB  ${loginSet.has(f) ? 'login' : 'shell'}  ${f}`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
