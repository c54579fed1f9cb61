import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { Services } from '../services';

/** The realtime WebSocket at /ws?token=…; a bad token closes with 4403. */
export async function registerRealtime(app: FastifyInstance, svc: Services): Promise<void> {
  // One message at most 1 MB: consoles send small JSON, robots push video whose key frames can be hundreds of KB.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
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
