import { describe, expect, it } from 'vitest';
import { EVENTS } from './index';

/** Every module of this folder (tests aside), loaded as the bundlers see them. */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });

/** A value made by defineEvents: every entry carries its own name and its feature. */
function isCatalogue(value: unknown): value is Record<string, { name: string; feature: string }> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  return (
    entries.length > 0 &&
    entries.every(([key, e]) => !!e && typeof e === 'object' && (e as { name?: unknown }).name === key && typeof (e as { feature?: unknown }).feature === 'string' && 'param' in (e as object))
  );
}

describe('the event catalogue index', () => {
  const catalogues = Object.entries(modules).flatMap(([file, mod]) =>
    Object.entries(mod)
      .filter(([, v]) => isCatalogue(v))
      .map(([exportName, v]) => ({ where: `${file} ${exportName}`, catalogue: v as Record<string, { name: string }> })),
  ).filter((c) => c.catalogue !== (EVENTS as unknown));

  it('finds the feature catalogues of this folder', () => {
    expect(catalogues.length).toBeGreaterThan(10);
  });

  it('EVENTS (index.ts) holds every entry of every catalogue file: a new catalogue file must be added there', () => {
    const missing = catalogues.flatMap(({ where, catalogue }) =>
      Object.keys(catalogue)
        .filter((name) => (EVENTS as Record<string, unknown>)[name] !== catalogue[name])
        .map((name) => `${where}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('no event name is declared by two catalogues (the later would silently replace the earlier)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { where, catalogue } of catalogues) {
      for (const name of Object.keys(catalogue)) {
        const first = seen.get(name);
        if (first) twice.push(`${name}: ${first} and ${where}`);
        else seen.set(name, where);
      }
    }
    expect(twice).toEqual([]);
  });
});
