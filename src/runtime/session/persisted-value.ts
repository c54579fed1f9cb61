/**
 * A JSON value kept in sessionStorage and localStorage at once (spec §3: session and
 * selection are "kept in session and local storage"), with change listeners for React.
 * Reads prefer sessionStorage (this tab) and fall back to localStorage (a new tab).
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

  const readRaw = (): string | null => {
    for (const s of storages(which)) {
      try {
        const raw = s.getItem(key);
        if (raw !== null) return raw;
      } catch {
        /* unavailable */
      }
    }
    return memory;
  };
  const notify = () => listeners.forEach((l) => l());

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
      for (const s of storages(which)) {
        try {
          s.setItem(key, raw);
        } catch {
          /* quota or unavailable */
        }
      }
      notify();
    },
    clear() {
      memory = null;
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
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
