/**
 * A logout in one tab ends the same session in the browser's other tabs at once: they go to the
 * login page instead of showing a console whose token the server has already revoked until their
 * next call fails. Tabs holding another session (a tab logged in on its own keeps its session in
 * its sessionStorage) go on. BroadcastChannel within one origin; without it, nothing is shared.
 */
import { navigateTo } from '../app/navigation';
import { clearSession, getSession } from './session-store';

const CHANNEL = 'fc.session';

interface LoggedOut {
  type: 'loggedOut';
  token: string;
}

function channel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
}

let watching: BroadcastChannel | undefined;

/**
 * Tells the other tabs that the session with `token` ends (before the server is told, so they leave
 * it before the server refuses it). Sent on this tab's own channel when it watches: a channel does
 * not hear its own messages.
 */
export function announceLogout(token: string): void {
  const c = watching ?? channel();
  if (!c) return;
  c.postMessage({ type: 'loggedOut', token } satisfies LoggedOut);
  if (c !== watching) c.close();
}

/** Listens for logouts in other tabs (once per page); returns the remover. */
export function watchLogoutElsewhere(): () => void {
  if (!watching) {
    watching = channel();
    if (watching) {
      watching.onmessage = (e: MessageEvent<Partial<LoggedOut>>) => {
        if (e.data?.type !== 'loggedOut' || !e.data.token || getSession()?.token !== e.data.token) return;
        clearSession();
        if (window.location.pathname !== '/') navigateTo('/', { replace: true });
      };
    }
  }
  return () => {
    watching?.close();
    watching = undefined;
  };
}
