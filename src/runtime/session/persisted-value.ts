/**
 * A JSON value kept in sessionStorage and localStorage at once (spec §3: session and
 * selection are "kept in session and local storage"), with change listeners for React.
 * Reads prefer sessionStorage (this tab) and fall back to localStorage (a new tab).
 *
 * Other tabs: a change another tab makes to localStorage reaches this one as a `storage` event;
 * while anything listens, the value then tells its listeners when what it reads has changed. So a
 * value kept in localStorage only (skin, language, list columns) follows the other tabs at once,
 * while one kept in both storages (session, robot selection) stays this tab's own: its copy in
 * sessionStorage wins, and a change elsewhere only shows where this tab has none.
 */

type Listener = () => void;

/** A persisted value with a snapshot for `useSyncExternalStore`. */
export interface PersistedValue<T> {
  get(): T | undefined;
  set(value: T): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

function storages(which: 'both' | 'local'): Storage[] {
  const out: Storage[] = [];
  try {
    if (which === 'both' && typeof sessionStorage !== 'undefined') out.push(sessionStorage);
    if (typeof localStorage !== 'undefined') out.push(localStorage);
  } catch {
    // Storage can be unavailable (privacy mode): keep the value in memory only.
  }
  return out;
}

/** Creates a value persisted under `key` (in both storages, or localStorage only). */
export function persistedValue<T>(key: string, which: 'both' | 'local' = 'both'): PersistedValue<T> {
  const listeners = new Set<Listener>();
  let cache: { raw: string | null; value: T | undefined } | undefined;
  let memory: string | null = null;

  /** Whether the last value set could be written into no storage (full or blocked). */
  let memoryOnly = false;

  // The copy in memory stands in only for a value no storage took (else a value removed by
  // another tab would come back from it).
  const readRaw = (): string | null => {
    let readable = false;
    for (const s of storages(which)) {
      try {
        const raw = s.getItem(key);
        readable = true;
        if (raw !== null) return raw;
      } catch {
        /* unavailable */
      }
    }
    return readable && !memoryOnly ? null : memory;
  };
  const notify = () => listeners.forEach((l) => l());

  // Another tab wrote the key (or cleared the storage): tell the listeners if what this tab reads changed.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== key) return;
    if (e.storageArea && !storages(which).includes(e.storageArea)) return;
    if (!cache || readRaw() !== cache.raw) notify();
  };
  const target = (): Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined =>
    typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;

  return {
    get() {
      const raw = readRaw();
      if (cache && cache.raw === raw) return cache.value;
      let value: T | undefined;
      try {
        value = raw === null ? undefined : (JSON.parse(raw) as T);
      } catch {
        value = undefined;
      }
      cache = { raw, value };
      return value;
    },
    set(value) {
      const raw = JSON.stringify(value);
      memory = raw;
      let written = false;
      for (const s of storages(which)) {
        try {
          s.setItem(key, raw);
          written = true;
        } catch {
          /* quota or unavailable */
        }
      }
      memoryOnly = !written;
      notify();
    },
    clear() {
      memory = null;
      memoryOnly = false;
      for (const s of storages(which)) {
        try {
          s.removeItem(key);
        } catch {
          /* unavailable */
        }
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) target()?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) target()?.removeEventListener('storage', onStorage);
      };
    },
  };
}
