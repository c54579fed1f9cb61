// `npm run bench`: every benchmark in bench/ (each *.ts file, in name order), each printing its
// figures against its budget. `npm run bench -- video` runs only the files whose name contains "video".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const only = process.argv.slice(2);
const files = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort()
  .map((f) => `bench/${f}`);
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
