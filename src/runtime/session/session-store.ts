/** The logged-in session (the `login` answer), persisted in both storages. */
import { useSyncExternalStore } from 'react';
import type { Lang } from '@common/protocol';
import type { SessionUser } from '@common/events/session';
import { persistedValue } from './persisted-value';

/** Session info of the `login` / `getUser` answer (common/events/session.ts) with its token, as stored. */
export type SessionInfo = SessionUser & { token: string; lang?: Lang };

const store = persistedValue<SessionInfo>('fc.session');

/** The current session, if logged in. */
export function getSession(): SessionInfo | undefined {
  const s = store.get();
  return s && typeof s.token === 'string' && s.token ? s : undefined;
}

/** The current token, if logged in. */
export function getToken(): string | undefined {
  return getSession()?.token;
}

/** Stores a session (after login, getUser or a language change). */
export function setSession(session: SessionInfo): void {
  store.set(session);
}

/** Forgets the stored session (both storages). */
export function clearSession(): void {
  store.clear();
}

/** Listens to session changes. */
export function subscribeSession(listener: () => void): () => void {
  return store.subscribe(listener);
}

/** React view of the current session. */
export function useSession(): SessionInfo | undefined {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
