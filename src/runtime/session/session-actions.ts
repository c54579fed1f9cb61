/** Login, logout and session loading through the event client. */
import { callEvent } from '../api/clients';
import { applyLang, getLang, hasChosenLang } from '../i18n/i18n';
import type { VerificationCode } from '@common/events/session';
import { clearSession, getSession, setSession, type SessionInfo } from './session-store';
import { announceLogout } from './logout-elsewhere';

/** The `reqVerificationCode` answer. */
export type { VerificationCode } from '@common/events/session';

/** Asks the server for a new verification code image. */
export function requestVerificationCode(signal?: AbortSignal): Promise<VerificationCode> {
  return callEvent('reqVerificationCode', {}, { signal });
}

async function adopt(info: SessionInfo): Promise<SessionInfo> {
  // A language picked explicitly in this browser wins over the account's stored language.
  const lang = hasChosenLang() ? getLang() : (info.lang ?? getLang());
  const session: SessionInfo = { ...info, lang };
  setSession(session);
  await applyLang(lang);
  return session;
}

/** Logs in and stores the session (rejects with the server's statusInfo). */
export async function login(username: string, password: string, codeId: string, code: string): Promise<SessionInfo> {
  const info = await callEvent('login', { username, password, codeId, code });
  return adopt(info);
}

/** Logs out on the server (best effort), forgets the session and ends it in the browser's other tabs too. */
export async function logout(): Promise<void> {
  const token = getSession()?.token;
  if (token) announceLogout(token);
  try {
    if (token) await callEvent('logOut', {});
  } catch {
    // The token may already be invalid; the local session is cleared either way.
  } finally {
    clearSession();
  }
}

/** Loads the session for a token given in the URL query (spec §6: dashboard and telecontrol). */
export async function loadSessionFromToken(token: string): Promise<SessionInfo> {
  const info = await callEvent('getUser', {}, { token });
  return adopt({ ...info, token });
}

/** Refreshes the stored session from `getUser` (keeps the token). */
export async function refreshSession(): Promise<SessionInfo | undefined> {
  const current = getSession();
  if (!current) return undefined;
  const info = await callEvent('getUser', {});
  return adopt({ ...current, ...info, token: current.token, lang: current.lang });
}
