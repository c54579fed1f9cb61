/** The console's realtime link: browser WebSocket, address from /config.json, session token in the first message. */
import { useSyncExternalStore } from 'react';
import { getConfig, realtimeUrl } from '../api/config';
import { getToken } from '../session/session-store';
import { expireSession } from '../session/expire';
import { RealtimeLink, type LinkState, type SocketFactory } from './realtime-link';

/** Opens a browser WebSocket reporting to the link's handlers. */
export const browserSocketFactory: SocketFactory = (url, handlers) => {
  const ws = new WebSocket(url);
  ws.onopen = () => handlers.onOpen();
  ws.onmessage = (event) => handlers.onMessage(typeof event.data === 'string' ? event.data : '');
  ws.onclose = (event) => handlers.onClose(event.code);
  return {
    send: (data) => ws.send(data),
    close: () => {
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
    },
  };
};

/** The console's single realtime link. */
export const realtimeLink = new RealtimeLink({
  url: () => realtimeUrl(getConfig(), window.location),
  // In the first message, never in the URL (docs/protocol.md §6).
  token: getToken,
  createSocket: browserSocketFactory,
  onUnauthorized: expireSession,
});

const getLinkState = () => realtimeLink.getState();
const subscribeLinkState = (l: () => void) => realtimeLink.onStateChange(l);

/** React view of the link: connected / reconnecting / failed. */
export function useLinkState(): LinkState {
  return useSyncExternalStore(subscribeLinkState, getLinkState, getLinkState);
}
