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
  // The entry hands over the features as a loader and starts main, which opens the port first
  // (server/http/early.ts) and only then loads the rest: with splitting, what main imports
  // lazily (the server, each feature and the packages they import) is its own chunk, read once
  // the port answers.
  const entry = [
    "import { provideBundledFeatures } from '../server/features/feature.ts';",
    'provideBundledFeatures(async () => {',
    '  const found = [];',
    // One at a time, in name order: a feature's module may declare hooks when it loads.
    ...folders.map((f) => `  found.push({ folder: ${JSON.stringify(f)}, module: await import('../server/features/${f}/index.ts') });`),
    '  return found;',
    '});',
    "await import('../server/main.ts');",
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
  fs.mkdirSync(SERVER_BUILD_DIR, { recursive: true });
  const entryFile = path.join(root, 'build', 'server-entry.ts');
  fs.writeFileSync(entryFile, entry);
  try {
    await build({ ...common, entryPoints: { main: entryFile }, splitting: true, outdir: SERVER_BUILD_DIR, outExtension: { '.js': '.mjs' }, chunkNames: 'chunks/[name]-[hash]' });
  } finally {
    fs.rmSync(entryFile, { force: true });
  }
  await build({ ...common, entryPoints: [path.join(root, 'server', 'features', 'maps', 'map-worker.ts')], outfile: path.join(SERVER_BUILD_DIR, 'map-worker.mjs') });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const t0 = Date.now();
  await buildServer();
  console.log(`Server built to ${path.relative(root, SERVER_BUILD_DIR)}/ in ${Date.now() - t0} ms`);
}
