import fs from 'node:fs';
import path from 'node:path';

/**
 * The real ROS maps of the workplace (read in place, never copied into the repository): MAP_FIXTURES,
 * else `../shared/fixtures/maps` beside the checkout, else /work/shared/fixtures/maps. null when
 * none is there (a checkout elsewhere): the tests that need them are skipped with a warning.
 */
export function mapFixturesDir(repoRoot: string): string | null {
  const candidates = [process.env.MAP_FIXTURES, path.resolve(repoRoot, '../shared/fixtures/maps'), '/work/shared/fixtures/maps'].filter((d): d is string => Boolean(d));
  const found = candidates.find((d) => fs.existsSync(path.join(d, 'tb3-world', 'map.pgm')));
  if (!found) console.warn(`Map fixtures not found (looked in ${candidates.join(', ')}): the tests that upload real maps are skipped. Set MAP_FIXTURES.`);
  return found ?? null;
}
