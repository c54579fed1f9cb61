import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Every text answer of 1 KB or more is compressed for browsers that accept it (issue 23): the
 * event answers on /api/interface (the login page's verification code, list pages), /config.json,
 * the protocol documents, exports in text formats. Brotli at its fast level 4 (the package's
 * default) or gzip; answers already compressed (the built console's .gz copies, /api/schemas)
 * keep their encoding, and binary types (video, images, xlsx) are left alone. Must be registered
 * before the routes: the package hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // The console's index.html is the not-found handler's answer (history routes), which the
  // package's per-route hook does not reach: gzip it here (a few KB, once per page load).
  // A callback hook, not an async one: it runs on every answer (no promise for the ones it leaves alone).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < 1024) return done(null, payload);
    // The type first: the event answers (JSON) stop here with one header read.
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html') || reply.getHeader('content-encoding')) return done(null, payload);
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return done(null, payload);
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').removeHeader('content-length');
    done(null, zlib.gzipSync(payload));
  });
}
