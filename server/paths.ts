/**
 * Where the server's own files are. The server runs from its TypeScript sources (tests, `tsx`) or
 * from the plain-JavaScript bundle `npm start` builds into build/server/ (scripts/build-server.mjs),
 * so a file beside a module is not beside it in both: every path is taken from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __FC_BUNDLED__: boolean | undefined;

/** True in the bundle built by scripts/build-server.mjs (esbuild defines it there). */
export const BUNDLED = typeof __FC_BUNDLED__ !== 'undefined' && __FC_BUNDLED__;

/** The repository's root: the nearest folder above this module holding package.json and schemas/. */
export const ROOT = ((): string => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; ) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'schemas'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('Fleet Console: the repository root (package.json beside schemas/) was not found above the server.');
    dir = up;
  }
})();

/** A path inside the repository. */
export const fromRoot = (...parts: string[]): string => path.join(ROOT, ...parts);
