/**
 * Answers index.html asked for before the scripts loaded (its inline script: `window.__fcSchemas`
 * on console addresses, `window.__fcConfig` on every page; issue 23). Each is taken once: the
 * runtime's first request of that address uses it, every later one asks the server.
 */
export type EarlyRequest = '__fcSchemas' | '__fcConfig';

/** The early answer under `name`, taken once (null when its request failed; undefined when none was made). */
export function takeEarlyAnswer(name: EarlyRequest): Promise<Response | null> | undefined {
  const w = globalThis as Partial<Record<EarlyRequest, Promise<Response | null>>>;
  const early = w[name];
  delete w[name];
  return early;
}
