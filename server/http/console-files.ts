/**
 * The built console (STATIC_DIR): its files, with the single-page fallback for the history-style
 * routes. Registered by the full server (http/routes.ts) and by the start-up door (http/early.ts),
 * which serves the page while the rest of the server loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerAssetCache } from './asset-cache';

/** Paths the console's page never takes: the server's own (the not-found answer there is JSON). */
export const SERVER_PATHS = /^\/(api|robot|authority|uploads|live)\//;

/** A path the console's page answers (its history-style routes): a GET outside the server's paths, with no file extension. */
export function isConsoleRoute(method: string | undefined, url: string | undefined): boolean {
  const p = (url ?? '/').split('?')[0]!;
  return (method === 'GET' || method === 'HEAD') && !SERVER_PATHS.test(p) && !path.extname(p);
}

export async function registerConsoleFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const index = path.join(staticDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/', async (_req, reply) =>
      reply.type('text/html').send('<!doctype html><p>The console is not built. Run <code>npm start</code> (it builds it) or <code>npm run build</code>.</p>'),
    );
    return;
  }
  const { default: fastifyStatic } = await import('@fastify/static');
  const assets = path.join(staticDir, 'assets') + path.sep;
  registerAssetCache(app, assets);
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    // The build writes a .gz beside each larger file (vite.config.ts): sent to browsers that accept gzip.
    preCompressed: true,
    // Vite names every file under assets/ by its content (a new build, new names): the browser
    // keeps it without asking again. Other files keep the default revalidation.
    setHeaders: (reply, file) => {
      if (path.resolve(file).startsWith(assets)) reply.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const html = () => fs.readFileSync(index, 'utf8');
  app.setNotFoundHandler((req, reply) => {
    if (isConsoleRoute(req.method, req.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(html());
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
