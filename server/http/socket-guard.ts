import type { WebSocket } from 'ws';

/** Close code of a socket whose message the server could not handle (RFC 6455 "internal error"). */
export const BAD_MESSAGE_CLOSE = 1011;

/** Minimal logger surface. */
type Log = { warn: (o: unknown, m: string) => void };

/**
 * Listens to a socket's messages so that no message can take the process down: a handler that
 * throws (or whose promise rejects) closes that one socket with a reason, and the server goes on.
 * `early`: messages received before (while the socket's auth message was checked), handled first.
 */
export function onSocketMessage(socket: WebSocket, log: Log, what: string, handler: (data: Buffer, isBinary: boolean) => unknown, early: readonly { data: Buffer; isBinary: boolean }[] = []): void {
  const fail = (err: unknown) => {
    log.warn({ err: (err as Error)?.message ?? String(err) }, `${what}: a message could not be handled; its socket is closed`);
    if (socket.readyState === 0 || socket.readyState === 1) socket.close(BAD_MESSAGE_CLOSE, 'bad message');
  };
  const handle = (data: Buffer, isBinary: boolean) => {
    try {
      const done = handler(data, isBinary);
      if (done && typeof (done as Promise<void>).catch === 'function') (done as Promise<void>).catch(fail);
    } catch (err) {
      fail(err);
    }
  };
  socket.on('message', (data, isBinary) => handle(data as Buffer, isBinary));
  for (const m of early) handle(m.data, m.isBinary);
}

/** decodeURIComponent that answers null for a broken escape ("%E0%A4%A") instead of throwing. */
export function decodePathPart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
