/**
 * Map processing bench (issue 5): the largest fixture map (read from shared/fixtures, never
 * copied) parsed, rendered and cut to layer 10. Spec §9 estimates about 48 minutes; goal ≤ 30 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseMapYaml, parsePgm } from '../server/maps/pgm';
import { cutTilePyramid, renderMapImages } from '../server/maps/tiles';
import { mapFixturesDir } from '../tests/helpers/map-fixtures';

const FIXTURES = mapFixturesDir(path.resolve(import.meta.dirname, '..'));
const GOAL_S = 30;

const dirs = fs.readdirSync(FIXTURES).filter((d) => fs.statSync(path.join(FIXTURES, d)).isDirectory());
const largest = dirs
  .map((d) => ({ d, pgm: fs.readdirSync(path.join(FIXTURES, d)).find((f) => f.endsWith('.pgm'))! }))
  .map((x) => ({ ...x, size: fs.statSync(path.join(FIXTURES, x.d, x.pgm)).size }))
  .sort((a, b) => b.size - a.size)[0]!;
const yamlFile = fs.readdirSync(path.join(FIXTURES, largest.d)).find((f) => f.endsWith('.yaml'))!;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-map-bench-'));
try {
  const t0 = performance.now();
  const yaml = parseMapYaml(fs.readFileSync(path.join(FIXTURES, largest.d, yamlFile), 'utf8'));
  const grid = parsePgm(fs.readFileSync(path.join(FIXTURES, largest.d, largest.pgm)), yaml);
  const t1 = performance.now();
  const images = renderMapImages(grid);
  const t2 = performance.now();
  const manifest = await cutTilePyramid(grid, 10, out);
  const t3 = performance.now();
  const total = (t3 - t0) / 1000;
  console.log(`map: ${largest.d} (${grid.width} × ${grid.height} px, ${(largest.size / 1e6).toFixed(1)} MB pgm)`);
  console.log(`parse ${((t1 - t0) / 1000).toFixed(2)} s · images ${((t2 - t1) / 1000).toFixed(2)} s (${(images.grey.length / 1024).toFixed(0)} KB png) · tiles to layer 10 ${((t3 - t2) / 1000).toFixed(2)} s`);
  console.log(`tiles: ${manifest.totalTiles.toLocaleString('en')} in ${manifest.levels.length} levels, ${manifest.uniqueTiles.toLocaleString('en')} distinct pictures written`);
  console.log(`total ${total.toFixed(2)} s (spec estimate ~2,880 s) — goal ≤ ${GOAL_S} s: ${total <= GOAL_S ? 'OK' : 'OVER BUDGET'}`);
  if (total > GOAL_S) process.exitCode = 1;
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
