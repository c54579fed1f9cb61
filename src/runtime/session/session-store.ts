/** The logged-in session (the `login` answer), persisted in both storages. */
import { useSyncExternalStore } from 'react';
import type { Lang } from '@common/protocol';
import { persistedValue } from './persisted-value';

/** Session info of the `login` / `getUser` answer (docs/protocol.md). */
export interface SessionInfo {
  token: string;
  userId: number;
  roleId: number;
  name: string;
  companyId: number;
  companyName: string;
  companyLogo?: string;
  companyDns?: string;
  layer: number;
  maxLayer: number;
  lastloginT?: string | number | null;
  robotType: number[];
  /** Infrared kinds of the company tree's robots (spec §3: 0 none, 1 high temperature, 2 body temperature). */
  infraredTypes?: number[];
  menuItemList: string[];
  lang?: Lang;
}

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
