// `npm test`: set up what is needed, then run every gate in order; stops at the first failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();

const hasPostgres = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;
const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const hasClusterParts = hasPostgres && fs.existsSync('/usr/sbin/mosquitto') && fs.existsSync('/usr/sbin/haproxy');

const gates = [
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit'],
  ['lint', 'npx eslint . --max-warnings 0'],
  ['dependency rules', 'npx depcruise src plugins server common --config .dependency-cruiser.cjs'],
  ['unit', 'npx vitest run --project unit'],
  ['api (PGlite)', 'npx vitest run --project api', { FC_TEST_DB: 'pglite' }],
  ...(hasPostgres ? [['api (PostgreSQL)', 'npx vitest run --project api', { FC_TEST_DB: 'postgres' }]] : []),
  ...(hasClusterParts ? [['cluster (PostgreSQL, Mosquitto, HAProxy)', 'npx vitest run --project cluster']] : []),
  ...(hasChromium ? [['e2e (Chromium)', 'npx playwright test -c tests/e2e/playwright.config.ts']] : []),
];
if (!hasPostgres) console.warn('! PostgreSQL is not installed: the API suite runs on PGlite only (apt-get install -y postgresql).');
if (!hasClusterParts) console.warn('! Mosquitto or HAProxy is not installed: the cluster suite is skipped (apt-get install -y mosquitto haproxy).');
if (!hasChromium) console.warn('! Chromium is not installed: end-to-end tests skipped (apt-get install -y chromium).');

const results = [];
for (const [name, cmd, env] of gates) {
  console.log(`\n=== ${name}: ${cmd}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, { shell: true, stdio: 'inherit', env: { ...process.env, ...(env ?? {}) } });
  results.push({ name, ok: r.status === 0, s: ((Date.now() - t0) / 1000).toFixed(1) });
  if (r.status !== 0) break;
}
console.log('\nGates:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length + (gates.length - results.length);
console.log(`${results.filter((r) => r.ok).length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
