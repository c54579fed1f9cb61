import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Services } from '../services';
import { originAllowed } from './security';
import { authenticateSocket } from './socket-auth';

/**
 * The realtime WebSocket at /ws: its first message is `{"type":"auth","token":"…"}`
 * (socket-auth.ts); a missing or bad token closes it with 4403.
 */
export async function registerRealtime(app: FastifyInstance, svc: Services): Promise<void> {
  // One message at most 1 MB: consoles send small JSON, robots push video whose key frames can be hundreds of KB.
  // Every socket (/ws, /live, /live-mux, /ingest): a browser's Origin must be the console's own or
  // in ALLOWED_ORIGINS (issue 18); a refused upgrade is answered 403 and its connection closed.
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024, verifyClient: (info, next) => (originAllowed(info.req.headers, svc.config.allowedOrigins) ? next(true) : next(false, 403, 'Origin not allowed')) },
  });
  app.get('/ws', { websocket: true }, async (socket, req) => {
    // Messages that follow the auth message while its token is checked are handed over with it.
    const auth = await authenticateSocket(socket, req.query, svc.sessions);
    if (!auth) return;
    svc.hub.attach(socket, auth.session, auth.early.map((m) => m.data.toString()));
  });
}
