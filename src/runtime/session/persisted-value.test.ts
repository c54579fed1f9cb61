/**
 * Persisted values follow other tabs (a `storage` event): a value kept in localStorage only (skin,
 * language, list columns) takes another tab's change at once; one kept in both storages stays this
 * tab's own while this tab has its copy. The browser's storages and window are stood in for by small
 * in-memory ones (the unit project runs in Node), the events are dispatched as the browser does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { persistedValue } from './persisted-value';
import { followChosenLang, i18n } from '../i18n/i18n';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const g = globalThis as unknown as { window?: EventTarget; localStorage?: Storage; sessionStorage?: Storage };
let local: MemoryStorage;
let session: MemoryStorage;

/** What the browser does in this tab when another tab writes `key` into `area`. */
function otherTabWrites(area: Storage, key: string, value: string | null) {
  if (value === null) area.removeItem(key);
  else area.setItem(key, value);
  const event = Object.assign(new Event('storage'), { key, newValue: value, storageArea: area });
  g.window!.dispatchEvent(event);
}

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  g.window = new EventTarget();
  g.localStorage = local;
  g.sessionStorage = session;
});
afterEach(() => {
  delete g.window;
  delete g.localStorage;
  delete g.sessionStorage;
});

describe('a persisted value and the other tabs', () => {
  it('a value in localStorage takes another tab’s change and tells its listeners', () => {
    const value = persistedValue<string>('fc.test.local', 'local');
    value.set('light');
    let calls = 0;
    const stop = value.subscribe(() => calls++);
    expect(value.get()).toBe('light');
    otherTabWrites(local, 'fc.test.local', '"dark"');
    expect(calls).toBe(1);
    expect(value.get()).toBe('dark');
    // Removed in the other tab: gone here too.
    otherTabWrites(local, 'fc.test.local', null);
    expect(calls).toBe(2);
    expect(value.get()).toBeUndefined();
    stop();
  });

  it('ignores other keys, the same value written again and events after the last listener left', () => {
    const value = persistedValue<string>('fc.test.quiet', 'local');
    value.set('a');
    let calls = 0;
    const stop = value.subscribe(() => calls++);
    value.get();
    otherTabWrites(local, 'fc.test.other', '"b"');
    otherTabWrites(local, 'fc.test.quiet', '"a"');
    expect(calls).toBe(0);
    stop();
    otherTabWrites(local, 'fc.test.quiet', '"c"');
    expect(calls).toBe(0);
    // Read without listeners, it is still the stored value.
    expect(value.get()).toBe('c');
  });

  it('a value in both storages stays this tab’s own while this tab has its copy', () => {
    const mine = persistedValue<{ robotId: string }>('fc.test.both');
    mine.set({ robotId: 'R1' });
    let calls = 0;
    const stop = mine.subscribe(() => calls++);
    mine.get();
    otherTabWrites(local, 'fc.test.both', JSON.stringify({ robotId: 'R2' }));
    expect(calls).toBe(0);
    expect(mine.get()).toEqual({ robotId: 'R1' });
    // A tab without its own copy reads localStorage and follows.
    session.removeItem('fc.test.both');
    otherTabWrites(local, 'fc.test.both', JSON.stringify({ robotId: 'R3' }));
    expect(calls).toBe(1);
    expect(mine.get()).toEqual({ robotId: 'R3' });
    stop();
  });

  it('a value no storage takes (full) is kept in memory for this tab', () => {
    local.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const value = persistedValue<string>('fc.test.full', 'local');
    value.set('kept');
    expect(local.getItem('fc.test.full')).toBeNull();
    expect(value.get()).toBe('kept');
    value.clear();
    expect(value.get()).toBeUndefined();
  });

  it('the storage cleared in another tab (key null) is a change too', () => {
    const value = persistedValue<number>('fc.test.cleared', 'local');
    value.set(3);
    let calls = 0;
    const stop = value.subscribe(() => calls++);
    value.get();
    local.clear();
    g.window!.dispatchEvent(Object.assign(new Event('storage'), { key: null, newValue: null, storageArea: local }));
    expect(calls).toBe(1);
    expect(value.get()).toBeUndefined();
    stop();
  });
});

describe('the language follows the other tabs', () => {
  it('a language chosen in another tab switches this tab’s texts and its session', async () => {
    const before = i18n.language;
    const other = before === 'ja' ? 'zh' : 'ja';
    session.setItem('fc.session', JSON.stringify({ token: 't', userId: 1, lang: before }));
    const stop = followChosenLang();
    try {
      otherTabWrites(local, 'fc.lang', JSON.stringify(other));
      await expect.poll(() => i18n.language).toBe(other);
      expect(i18n.t('shell.skin')).toBe(other === 'ja' ? 'ダークスキン' : '深色皮肤');
      expect(JSON.parse(session.getItem('fc.session')!).lang).toBe(other);
      // Something that is not a language is not followed.
      otherTabWrites(local, 'fc.lang', JSON.stringify('xx'));
      await new Promise((r) => setTimeout(r, 20));
      expect(i18n.language).toBe(other);
    } finally {
      stop();
      await i18n.changeLanguage(before);
    }
  });
});
