import WebSocket from 'ws';

/**
 * Opens a console socket (/ws, /live/…, /live-mux) as the console does: no token in the URL, the
 * first message `{"type":"auth","token":"…"}` as soon as it opens (before any `open` listener added later).
 */
export function authedSocket(url: string, token: string, options?: WebSocket.ClientOptions): WebSocket {
  const ws = new WebSocket(url, options);
  ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  return ws;
}
