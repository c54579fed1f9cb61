import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Services } from '../services';
import { originAllowed } from './security';

/** The realtime WebSocket at /ws?token=…; a bad token closes with 4403. */
export async function registerRealtime(app: FastifyInstance, svc: Services): Promise<void> {
  // One message at most 1 MB: consoles send small JSON, robots push video whose key frames can be hundreds of KB.
  // Every socket (/ws, /live, /live-mux, /ingest): a browser's Origin must be the console's own or
  // in ALLOWED_ORIGINS (issue 18); a refused upgrade is answered 403 and its connection closed.
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024, verifyClient: (info, next) => (originAllowed(info.req.headers, svc.config.allowedOrigins) ? next(true) : next(false, 403, 'Origin not allowed')) },
  });
  app.get('/ws', { websocket: true }, async (socket, req) => {
    // Messages may arrive while the token is being checked: hold them, then hand them over.
    const early: string[] = [];
    const hold = (raw: Buffer) => early.push(raw.toString());
    socket.on('message', hold);
    const token = (req.query as { token?: string }).token;
    const session = await svc.sessions.resolve(token);
    socket.off('message', hold);
    if (!session) {
      socket.close(4403, 'token invalid');
      return;
    }
    svc.hub.attach(socket, session, early);
  });
}
