// Builds the server to plain JavaScript (build/server/main.mjs and its map worker) with esbuild,
// so `npm start` does not compile TypeScript while it starts. The features are found by folder
// here, at build time, as the server finds them from its sources (server/features/feature.ts).
// Packages stay in node_modules (not bundled). `node scripts/build-server.mjs` builds;
// `ensureServerBuild()` (scripts/ensure.mjs) builds only when a source is newer than the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_BUILD_DIR = path.join(root, 'build', 'server');

/** The feature folders, in name order (the rule of server/features/feature.ts featureFolders). */
function featureFolders() {
  const dir = path.join(root, 'server', 'features');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

export async function buildServer() {
  const folders = featureFolders();
  const entry = [
    "import { provideBundledFeatures } from './server/features/feature.ts';",
    ...folders.map((f, i) => `import * as f${i} from './server/features/${f}/index.ts';`),
    `provideBundledFeatures([${folders.map((f, i) => `{ folder: ${JSON.stringify(f)}, module: f${i} }`).join(', ')}]);`,
    // After the features are handed over: main starts the server when it is evaluated.
    "await import('./server/main.ts');",
  ].join('\n');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { __FC_BUNDLED__: 'true' },
    tsconfig: path.join(root, 'tsconfig.json'),
  };
  fs.rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  await build({ ...common, stdin: { contents: entry, resolveDir: root, sourcefile: 'server-entry.ts', loader: 'ts' }, outfile: path.join(SERVER_BUILD_DIR, 'main.mjs') });
  await build({ ...common, entryPoints: [path.join(root, 'server', 'features', 'maps', 'map-worker.ts')], outfile: path.join(SERVER_BUILD_DIR, 'map-worker.mjs') });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Server built to ${path.relative(root, SERVER_BUILD_DIR)}/ in ${Date.now() - t0} ms`);
}
