/**
 * Answers index.html asked for before the scripts loaded (its inline scripts: `window.__fcSchemas`
 * on console addresses, `window.__fcConfig` on every page, `window.__fcStyles` where it links antd's
 * build-time styles; issue 23). Each is taken once: the runtime's first use of it takes it, every
 * later one asks the server (or, for the styles, has nothing to wait for).
 */
interface EarlyAnswers {
  __fcSchemas: Promise<Response | null>;
  __fcConfig: Promise<Response | null>;
  /** Settles (null) when the stylesheet has loaded or failed. */
  __fcStyles: Promise<null>;
}

/** Which early answer. */
export type EarlyRequest = keyof EarlyAnswers;

/** The early answer under `name`, taken once (null when its request failed; undefined when none was made). */
export function takeEarlyAnswer<K extends EarlyRequest>(name: K): EarlyAnswers[K] | undefined {
  const w = globalThis as Partial<EarlyAnswers>;
  const early = w[name];
  delete w[name];
  return early;
}
