/**
 * Prevent re-click (spec §9: 300 ms): an action started by a button or a form's submit runs once
 * while it is in flight and is not started again within 300 ms of its start, so a double click on
 * Create sends one request. The generated forms and dialogs wrap their submit in it; plugins may too.
 */
import { useCallback, useRef } from 'react';
import { Timeouts } from '@common/constants';

/** Wraps an action: calls while it runs, or within `ms` of its last start, are dropped. */
export function guardReclick<A extends unknown[]>(action: (...args: A) => unknown, ms: number = Timeouts.preventReclickMs, now: () => number = Date.now): (...args: A) => Promise<void> {
  let busy = false;
  let last = -Infinity;
  return async (...args: A) => {
    const t = now();
    if (busy || t - last < ms) return;
    busy = true;
    last = t;
    try {
      await action(...args);
    } finally {
      busy = false;
    }
  };
}

/** `guardReclick` as a hook: the latest `action` runs, the guard lives as long as the component. */
export function usePreventReclick<A extends unknown[]>(action: (...args: A) => unknown, ms: number = Timeouts.preventReclickMs): (...args: A) => Promise<void> {
  const latest = useRef(action);
  latest.current = action;
  const guard = useRef<((...args: A) => Promise<void>) | null>(null);
  guard.current ??= guardReclick((...args: A) => latest.current(...args), ms);
  return useCallback((...args: A) => guard.current!(...args), []);
}
