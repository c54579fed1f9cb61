/**
 * The generated protocol documents and their browsable reference:
 * GET /api/openapi.json (main interface and REST routes, from the event catalogue) and
 * GET /api/reference/ (Swagger UI, bundled from swagger-ui-dist, never from a CDN), which the
 * console's "API reference" page frames for administrators. Both describe the protocol, not
 * data: they need no token, like the documents a robot vendor reads.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { buildOpenApi } from './openapi';

const require = createRequire(import.meta.url);

/**
 * WCAG 2 AA contrast over Swagger UI's own colours (issue 22, axe in the framed page): the version
 * badges' white text on a deeper grey / green (6.1:1, 5.3:1; Swagger's are 3.8:1 and 2.2:1) and the
 * document link in Swagger's own hover blue (5.5:1 on white; its #4990e2 is 3.3:1).
 */
const REFERENCE_CSS =
  'body{margin:0} .swagger-ui .topbar{display:none}' +
  ' .swagger-ui .info .title small{background:#5c6370} .swagger-ui .info .title small.version-stamp{background:#3d7a0a}' +
  ' .swagger-ui .info a{color:#1f69c0} .swagger-ui .info a:hover{color:#1a5aa6}';

/** The Swagger UI page: the bundle and its stylesheet from this server, the document from /api/openapi.json. */
const REFERENCE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fleet Console protocol</title>
<link rel="stylesheet" href="./swagger-ui.css">
<style>${REFERENCE_CSS}</style></head>
<body><div id="ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script src="./init.js"></script>
</body></html>`;
/**
 * Starts Swagger UI. Its servers <select> sits in an empty <label> beside a separate "Servers" title,
 * so it has no accessible name (axe "select-name", critical): each one rendered gets that title as its name.
 */
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: -1, filter: true, tryItOutEnabled: false, supportedSubmitMethods: [] });
new MutationObserver(function () {
  document.querySelectorAll('select#servers:not([aria-label])').forEach(function (s) { s.setAttribute('aria-label', 'Servers'); });
}).observe(document.getElementById('ui'), { childList: true, subtree: true });`;

/** Sends JSON, gzipped to clients that accept it. */
function sendJson(req: FastifyRequest, reply: FastifyReply, cached: { json: string; gzip?: Buffer }) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(cached.json);
  cached.gzip ??= zlib.gzipSync(cached.json);
  return reply.header('content-encoding', 'gzip').send(cached.gzip);
}

export function registerProtocolDocs(app: FastifyInstance, svc: Services): void {
  let openapi: { revision: number; json: string; gzip?: Buffer } | null = null;
  app.get('/api/openapi.json', async (req, reply) => {
    // Schema-driven operations come and go with schema reloads: the document follows the registry.
    if (openapi?.revision !== svc.events.revision) openapi = { revision: svc.events.revision, json: JSON.stringify(buildOpenApi(svc.events, { version: svc.config.version })) };
    return sendJson(req, reply, openapi);
  });

  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const files: Record<string, { type: string; body: () => Buffer | string }> = {
    '': { type: 'text/html; charset=utf-8', body: () => REFERENCE_HTML },
    'init.js': { type: 'text/javascript; charset=utf-8', body: () => INIT_JS },
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => fs.readFileSync(path.join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => fs.readFileSync(path.join(dist, 'swagger-ui-bundle.js')) },
  };
  const gzipped = new Map<string, Buffer>();
  app.get('/api/reference', async (_req, reply) => reply.redirect('/api/reference/'));
  app.get<{ Params: { file: string } }>('/api/reference/:file', async (req, reply) => {
    const file = files[req.params.file];
    if (!file) return reply.code(404).send({ error: 'Not found' });
    reply.type(file.type).header('cache-control', 'no-cache');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(file.body());
    let zipped = gzipped.get(req.params.file);
    if (!zipped) gzipped.set(req.params.file, (zipped = zlib.gzipSync(file.body())));
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(zipped);
  });
  app.get('/api/reference/', async (_req, reply) => reply.type(files['']!.type).header('cache-control', 'no-cache').send(REFERENCE_HTML));
}
