/** The skin (spec §1: kept in local storage, default light). */
import { useSyncExternalStore } from 'react';
import { persistedValue } from '../session/persisted-value';

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
