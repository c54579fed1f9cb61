import type { RawData, WebSocket } from 'ws';
import { Security } from '../../common/constants';
import { SOCKET_UNAUTHORIZED } from '../../common/protocol';
import { revokes, type Revocation, type Session, type SessionStore } from '../auth/sessions';
import { BAD_MESSAGE_CLOSE } from './socket-guard';

/** A message that came after the auth message, while its token was being checked. */
export interface EarlyMessage {
  data: Buffer;
  isBinary: boolean;
}

/** Why a socket was refused: the close reason (always with `SOCKET_UNAUTHORIZED`). */
export const SocketAuthRefusal = {
  urlToken: 'token in URL refused: send {"type":"auth","token":"…"} first',
  timeout: 'no auth message',
  notFirst: 'auth message expected first',
  badToken: 'token invalid',
  ended: 'session ended',
} as const;

const toBuffer = (data: RawData): Buffer => (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data));

/** The token of an auth message, '' for an auth message without one, null for any other message. */
function authToken(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  let msg: unknown;
  try {
    msg = JSON.parse(toBuffer(data).toString());
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object' || (msg as { type?: unknown }).type !== 'auth') return null;
  const token = (msg as { token?: unknown }).token;
  return typeof token === 'string' ? token : '';
}

/**
 * Security point 7 (no tokens in URLs): a console socket (`/ws`, `/live/…`, `/live-mux`) names its
 * session in its first message, `{"type":"auth","token":"…"}`, sent within `Security.socketAuthMs`
 * of opening. Call at once when the socket opens (before any await). Resolves the session and
 * whatever the client sent after the auth message while its token was checked (hand it on in
 * order), or null once the socket is closed with 4403 and one of the `SocketAuthRefusal` reasons:
 * a token in the URL (`?token=` is no longer accepted: it ends up in logs), no auth message in
 * time, another message first, a bad token, or a session that ended while it was checked.
 */
export function authenticateSocket(socket: WebSocket, query: unknown, sessions: SessionStore, deadlineMs: number = Security.socketAuthMs): Promise<{ session: Session; early: EarlyMessage[] } | null> {
  return new Promise((resolve) => {
    const early: EarlyMessage[] = [];
    const ended: Revocation[] = [];
    let state: 'waiting' | 'checking' | 'done' = 'waiting';
    let offEnd: (() => void) | undefined;
    const finish = (result: { session: Session; early: EarlyMessage[] } | null) => {
      if (state === 'done') return;
      state = 'done';
      clearTimeout(timer);
      offEnd?.();
      socket.off('message', onMessage);
      socket.off('close', onClose);
      resolve(result);
    };
    const refuse = (reason: string, code: number = SOCKET_UNAUTHORIZED) => {
      if (socket.readyState === 0 || socket.readyState === 1) socket.close(code, reason);
      finish(null);
    };
    const onClose = () => finish(null);
    const onMessage = (data: RawData, isBinary: boolean) => {
      if (state === 'checking') return void early.push({ data: toBuffer(data), isBinary });
      if (state !== 'waiting') return;
      const token = authToken(data, isBinary);
      if (token === null) return refuse(SocketAuthRefusal.notFirst);
      state = 'checking';
      clearTimeout(timer);
      // A logout while the token is checked must not leave the socket open.
      offEnd = sessions.onEnd((r) => ended.push(r));
      sessions.resolve(token).then(
        (session) => {
          if (state !== 'checking') return;
          if (!session) return refuse(SocketAuthRefusal.badToken);
          if (ended.some((r) => revokes(r, session))) return refuse(SocketAuthRefusal.ended);
          finish({ session, early });
        },
        () => refuse('server error', BAD_MESSAGE_CLOSE),
      );
    };
    const urlToken = query && typeof query === 'object' ? (query as { token?: unknown }).token : undefined;
    const timer = urlToken === undefined ? setTimeout(() => refuse(SocketAuthRefusal.timeout), deadlineMs) : undefined;
    socket.on('message', onMessage);
    socket.on('close', onClose);
    if (urlToken !== undefined) refuse(SocketAuthRefusal.urlToken);
  });
}
