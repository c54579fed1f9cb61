// `npm run bench`: every benchmark in bench/, each printing its figures against its budget.
import { spawnSync } from 'node:child_process';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
for (const file of ['bench/bundle-size.ts', 'bench/list-throughput.ts', 'bench/video-wall.ts', 'bench/map-processing.ts', 'bench/map-editor.ts']) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
