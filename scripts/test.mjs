// `npm test`: set up what is needed, then run every gate in order; stops at the first failure.
// A stage may hold gates that run side by side (their lines prefixed with the gate's name); today
// each stage holds one gate: the two API gates side by side took no less time on this 2-core
// machine and doubled the load their time-outs meet.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();

const hasPostgres = fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;
const hasChromium = fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
const hasClusterParts = hasPostgres && fs.existsSync('/usr/sbin/mosquitto') && fs.existsSync('/usr/sbin/haproxy');

/** Stages run in order; the gates of one stage run side by side. */
const stages = [
  [['typecheck', 'npx tsc -p tsconfig.json --noEmit']],
  [['lint', 'npx eslint . --max-warnings 0']],
  [['dependency rules', 'npx depcruise src plugins server common --config .dependency-cruiser.cjs']],
  [['unit', 'npx vitest run --project unit']],
  [['api (PGlite)', 'npx vitest run --project api', { FC_TEST_DB: 'pglite' }]],
  ...(hasPostgres ? [[['api (PostgreSQL)', 'npx vitest run --project api', { FC_TEST_DB: 'postgres' }]]] : []),
  ...(hasClusterParts ? [[['cluster (PostgreSQL, Mosquitto, HAProxy)', 'npx vitest run --project cluster']]] : []),
  ...(hasChromium ? [[['e2e (Chromium)', 'npx playwright test -c tests/e2e/playwright.config.ts']]] : []),
];
const gates = stages.flat();
if (!hasPostgres) console.warn('! PostgreSQL is not installed: the API suite runs on PGlite only (apt-get install -y postgresql).');
if (!hasClusterParts) console.warn('! Mosquitto or HAProxy is not installed: the cluster suite is skipped (apt-get install -y mosquitto haproxy).');
if (!hasChromium) console.warn('! Chromium is not installed: end-to-end tests skipped (apt-get install -y chromium).');

/** Runs one gate; alone its output goes straight through, beside others each line is prefixed. */
function runGate([name, cmd, env], prefixed) {
  console.log(`\n=== ${name}: ${cmd}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, { shell: true, stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...(env ?? {}) } });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('close', (code) => resolve({ name, ok: code === 0, s: ((Date.now() - t0) / 1000).toFixed(1) }));
  });
}

const results = [];
for (const stage of stages) {
  const done = await Promise.all(stage.map((gate) => runGate(gate, stage.length > 1)));
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}
console.log('\nGates:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`);
const failed = results.filter((r) => !r.ok).length + (gates.length - results.length);
console.log(`${results.filter((r) => r.ok).length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
