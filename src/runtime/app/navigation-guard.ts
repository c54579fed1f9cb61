/**
 * A navigation guard on the plain BrowserRouter (the console runs without react-router's data
 * router, whose code would weigh on the login route; issue 23). While `shouldBlock()` holds, an
 * in-app navigation to another path (menu, link, navigate()) and the browser's Back and Forward
 * first ask `confirm()`; the navigation goes on when it answers true.
 *
 * - In-app: the router's navigator (the browser history object of BrowserRouter) has its
 *   push/replace wrapped while the guard is mounted.
 * - Back/Forward: installBackGuard() (called before the router renders) puts a popstate listener
 *   ahead of the router's; a blocked step is hidden from the router and undone with history.go()
 *   (the router's history keeps its entry index in history.state.idx), then redone on a yes.
 */
import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router';

interface RouterHistory {
  push?: (to: To, state?: unknown, options?: unknown) => void;
  replace?: (to: To, state?: unknown, options?: unknown) => void;
}

function pathnameOf(to: To): string {
  if (typeof to === 'string') return new URL(to, window.location.href).pathname;
  return to.pathname ?? window.location.pathname;
}

function historyIdx(): number | undefined {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

interface BackGuard {
  block: () => boolean;
  ask: () => Promise<boolean>;
  here: () => { idx?: number; pathname: string };
}
let backGuards: BackGuard[] = [];
let installed = false;

/**
 * Installs the Back/Forward half of useNavigationGuard: a popstate listener that must run before
 * the router's, so it is added before the router renders (listeners on window run in the order
 * they were added). A blocked step is hidden from the router and undone with history.go(), then
 * redone when the question is answered yes.
 */
export function installBackGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  let undoing = false;
  window.addEventListener('popstate', (event) => {
    if (undoing) {
      undoing = false;
      event.stopImmediatePropagation();
      return;
    }
    const guard = backGuards[backGuards.length - 1];
    if (!guard?.block()) return;
    const from = guard.here();
    const nextIdx = historyIdx();
    if (window.location.pathname === from.pathname || from.idx === undefined || nextIdx === undefined) return;
    const delta = from.idx - nextIdx;
    if (delta === 0) return;
    event.stopImmediatePropagation();
    undoing = true;
    window.history.go(delta);
    void guard.ask().then((ok) => {
      if (ok) window.history.go(-delta);
    });
  });
}

/**
 * Asks `confirm()` before the console leaves the current path while `shouldBlock()` holds. * Back/Forward are held only when installBackGuard() ran before the router rendered.
 */
export function useNavigationGuard(shouldBlock: () => boolean, confirm: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const block = useRef(shouldBlock);
  block.current = shouldBlock;
  const ask = useRef(confirm);
  ask.current = confirm;
  // The router's entry index and path where the page is now (updated on every location change).
  const here = useRef({ idx: historyIdx(), pathname: location.pathname });
  useEffect(() => {
    here.current = { idx: historyIdx(), pathname: location.pathname };
  }, [location]);

  // In-app navigation: push and replace ask first.
  useEffect(() => {
    const history = navigator as unknown as RouterHistory;
    const { push, replace } = history;
    if (!push || !replace) return;
    const guarded =
      (go: NonNullable<RouterHistory['push']>) =>
      (to: To, state?: unknown, options?: unknown): void => {
        if (!block.current() || pathnameOf(to) === window.location.pathname) return go.call(history, to, state, options);
        void ask.current().then((ok) => ok && go.call(history, to, state, options));
      };
    history.push = guarded(push);
    history.replace = guarded(replace);
    return () => {
      history.push = push;
      history.replace = replace;
    };
  }, [navigator]);

  // Back and Forward: the popstate listener installed before the router's asks this guard.
  useEffect(() => {
    const guard: BackGuard = { block: () => block.current(), ask: () => ask.current(), here: () => here.current };
    backGuards.push(guard);
    return () => {
      backGuards = backGuards.filter((g) => g !== guard);
    };
  }, []);
}
