/**
 * The start-up door (issue 23). `npm start` listens at once, before the database opens and the
 * features load (about three seconds on a restart). While the server starts, the door answers
 * what needs none of it: the console's page and files, `/config.json` without a session and
 * `/readyz` ("starting", 503). Every other request and socket is held, not refused, and handed to
 * the full server the moment it is ready, in the order it came. A browser opened during start-up
 * loads the console's code meanwhile; its first event waits for the server instead of failing.
 *
 * The full server (app.ts) runs on its own unlistened `http.Server`; the door's server, which owns
 * the port, passes it each request and upgrade. Tests start the full server without a door.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify from 'fastify';
import type { ServerConfig } from '../config';
import { registerSecurity } from './security';
import { registerCompression } from './compression';
import { startupConfig } from './startup-config';
import { isConsoleRoute, registerConsoleFiles } from './console-files';

export interface StartupDoor {
  /** The listening server that owns the port. */
  server: http.Server;
  port: number;
  /** The full server's own (unlistened) server: from now on it gets every request, the held ones first. */
  handOver(inner: http.Server): void;
  /** Closes the port; requests still held get 503 (the server did not start). */
  close(): Promise<void>;
}

/** What the door answers itself: the console's files and page, and the start-up configuration without a session. */
function doorAnswers(req: http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const p = (req.url ?? '/').split('?')[0]!;
  if (p === '/config.json') return !req.headers.authorization;
  if (p === '/readyz' || p.startsWith('/assets/')) return true;
  // The console's history-style routes (the page itself), when a browser navigates to one.
  return isConsoleRoute(req.method, req.url) && String(req.headers.accept ?? '').includes('text/html');
}

export async function openStartupDoor(config: ServerConfig): Promise<StartupDoor> {
  let answer!: http.RequestListener;
  const early = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    serverFactory: (handler) => {
      answer = handler;
      return http.createServer();
    },
  });
  await registerSecurity(early, config);
  await registerCompression(early);
  early.get('/config.json', async (req) => startupConfig(config, req, null));
  early.get('/readyz', async (_req, reply) => reply.code(503).header('cache-control', 'no-store').send({ status: 'starting' }));
  await registerConsoleFiles(early, config.staticDir);
  await early.ready();

  let inner: http.Server | null = null;
  let held: { pass: () => void; refuse: () => void }[] = [];
  const server = http.createServer((req, res) => {
    if (inner) inner.emit('request', req, res);
    else if (doorAnswers(req)) answer(req, res);
    else held.push({ pass: () => inner!.emit('request', req, res), refuse: () => res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end('{"error":"The server did not start"}') });
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (inner) inner.emit('upgrade', req, socket, head);
    else held.push({ pass: () => inner!.emit('upgrade', req, socket, head), refuse: () => socket.destroy() });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  return {
    server,
    port: typeof addr === 'object' && addr ? addr.port : config.port,
    handOver(next) {
      inner = next;
      const waiting = held;
      held = [];
      for (const h of waiting) h.pass();
    },
    async close() {
      const waiting = held;
      held = [];
      for (const h of waiting) h.refuse();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await early.close();
    },
  };
}
