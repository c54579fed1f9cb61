/** What happens when the server says the token is invalid (statusCode or code 403). */
import { navigateTo } from '../app/navigation';
import { clearSession, getSession } from './session-store';

const EXPIRED_KEY = 'fc.loginExpired';

/** Clears the session and returns to the login page, which then says "Login expired, please log in again" (spec §8). */
export function expireSession(): void {
  // A refusal that comes after the session was already left (a logout in another tab) expired nothing.
  const held = Boolean(getSession());
  clearSession();
  try {
    if (held) sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    /* storage unavailable: the login page just shows no notice */
  }
  if (typeof window === 'undefined' || window.location.pathname !== '/') navigateTo('/', { replace: true });
}

/** Whether the last session ended because its token expired or was revoked; reading it forgets it (one notice). */
export function takeLoginExpired(): boolean {
  try {
    const expired = sessionStorage.getItem(EXPIRED_KEY) === '1';
    sessionStorage.removeItem(EXPIRED_KEY);
    return expired;
  } catch {
    return false;
  }
}
