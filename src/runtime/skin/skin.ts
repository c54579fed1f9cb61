/** The skin (spec §1: kept in local storage, default light). */
import { useSyncExternalStore } from 'react';
import { persistedValue } from '../session/persisted-value';
import { takeEarlyAnswer } from '../api/early-answer';

/** Available skins. */
export type Skin = 'light' | 'dark';

const store = persistedValue<Skin>('fc.skin', 'local');
const read = (): Skin => (store.get() === 'dark' ? 'dark' : 'light');

/** The current skin. */
export function getSkin(): Skin {
  return read();
}

/** Changes and remembers the skin. */
export function setSkin(skin: Skin): void {
  store.set(skin);
}

/** React view of the skin. */
export function useSkin(): Skin {
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * Settles when index.html's stylesheet of antd's build-time styles for the remembered skin has loaded
 * or failed (vite.config.ts `antdStaticStyles`); at once where there is none (the dev server, tests).
 * antd reads the file's map once, on its first render, so the entry renders after this.
 */
export function skinStylesReady(): Promise<unknown> {
  return takeEarlyAnswer('__fcStyles') ?? Promise.resolve();
}
