import fs from 'node:fs';
import path from 'node:path';

/**
 * The real ROS maps of the workplace (read in place, never copied into the repository): MAP_FIXTURES,
 * else `../shared/fixtures/maps` beside the checkout. Throws, naming
 * where it looked, when none is there: the tests that need them fail rather than pass unchecked.
 */
export function mapFixturesDir(repoRoot: string): string {
  const candidates = [process.env.MAP_FIXTURES, path.resolve(repoRoot, '../shared/fixtures/maps')].filter((d): d is string => Boolean(d));
  const found = candidates.find((d) => fs.existsSync(path.join(d, 'tb3-world', 'map.pgm')));
  if (!found) throw new Error(`Map fixtures not found (looked in ${candidates.join(', ')}): set MAP_FIXTURES to the folder of the real ROS maps.`);
  return found;
}
