// Shared by `npm start` and `npm test`: install dependencies when missing or stale,
// build the console when its sources are newer than dist/.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const hashOf = (file) => crypto.createHash('sha256').update(fs.readFileSync(path.join(root, file))).digest('hex');

/** Runs `npm ci` when node_modules is missing or was installed from another package-lock.json. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.fleet-console-lock-hash');
  const want = hashOf('package-lock.json');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
  fs.writeFileSync(marker, want);
}

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

/** Builds the console with Vite when any browser source is newer than the last build. */
export function ensureBuild() {
  const stamp = path.join(root, 'dist', '.build-stamp');
  const sources = ['src', 'plugins', 'common', 'index.html', 'vite.config.ts', 'scripts/antd-styles.ts', 'package-lock.json'];
  const newest = Math.max(...sources.map((s) => {
    const p = path.join(root, s);
    return fs.existsSync(p) ? (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) : 0;
  }));
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newest) return;
  console.log('Building the console (vite build)…');
  run('npx vite build --logLevel warn');
  fs.writeFileSync(stamp, new Date().toISOString());
}

/** Builds the server to plain JavaScript (scripts/build-server.mjs) when a server source is newer than the bundle. */
export async function ensureServerBuild() {
  const stamp = path.join(root, 'build', 'server', '.build-stamp');
  const sources = ['server', 'common', 'schemas', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];
  const newest = Math.max(...sources.map((s) => {
    const p = path.join(root, s);
    return fs.existsSync(p) ? (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) : 0;
  }));
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= newest) return;
  console.log('Building the server (esbuild)…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  fs.writeFileSync(stamp, new Date().toISOString());
}
