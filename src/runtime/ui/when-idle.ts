/**
 * Runs `work` when the browser is idle (at the latest after `timeout` ms), for what a page can do
 * after its first paint: mounting rarely used controls, asking for code a click will need. Returns
 * the cancel function (for an effect's clean-up). Where the browser has no requestIdleCallback, a short timer.
 */
export function whenIdle(work: () => void, timeout = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 50);
  return () => window.clearTimeout(id);
}
