import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Content types of the files a build writes under assets/. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

interface Asset {
  plain: Buffer;
  /** The build's gzip copy (`<name>.gz`, vite.config.ts), if it wrote one. */
  gzip: Buffer | null;
  type: string;
}

/** Just a file name: no folders, no dot files, not the .gz copies themselves. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * Serves the console's content-named files under assets/ from memory. Vite names each by its
 * content, so a name never changes its bytes: each file is read once (with its gzip copy) on its
 * first request and then answered without touching the disk. A console load asks for about forty
 * of them; through @fastify/static each cost ~10 ms of the server's time (stat, open, stream),
 * from memory well under one. Anything not found here (a missing file, a .gz asked by name, a
 * folder) falls through to @fastify/static, which answers as before.
 */
export function registerAssetCache(app: FastifyInstance, assetsDir: string, maxBytes = 64 * 1024 * 1024): void {
  const cache = new Map<string, Asset>();
  let cachedBytes = 0;
  const loading = new Map<string, Promise<Asset | null>>();

  const read = async (name: string): Promise<Asset | null> => {
    const file = path.join(assetsDir, name);
    const plain = await fs.readFile(file).catch(() => null);
    if (!plain) return null;
    const gzip = await fs.readFile(`${file}.gz`).catch(() => null);
    const asset: Asset = { plain, gzip, type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream' };
    const size = plain.length + (gzip?.length ?? 0);
    if (cachedBytes + size <= maxBytes) {
      cache.set(name, asset);
      cachedBytes += size;
    }
    return asset;
  };
  const load = (name: string): Promise<Asset | null> => {
    let p = loading.get(name);
    if (!p) {
      p = read(name).finally(() => loading.delete(name));
      loading.set(name, p);
    }
    return p;
  };

  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith('/assets/')) return;
    const name = req.url.slice('/assets/'.length).split('?')[0]!;
    if (!NAME.test(name) || name.endsWith('.gz')) return;
    const asset = cache.get(name) ?? (await load(name));
    if (!asset) return;
    const gzip = asset.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? asset.gzip : null;
    reply.header('cache-control', 'public, max-age=31536000, immutable').type(asset.type);
    if (asset.gzip) reply.header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ?? asset.plain);
  });
}
