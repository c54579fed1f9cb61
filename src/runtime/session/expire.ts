/** What happens when the server says the token is invalid (statusCode or code 403). */
import { navigateTo } from '../app/navigation';
import { clearSession } from './session-store';

/** Clears the session and returns to the login page. */
export function expireSession(): void {
  clearSession();
  if (typeof window === 'undefined' || window.location.pathname !== '/') navigateTo('/', { replace: true });
}
