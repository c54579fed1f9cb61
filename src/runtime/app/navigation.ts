/**
 * Navigation outside React components (the API clients on an expired token). The app
 * registers the router's navigate function; before that a full page load is used.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

/** Registers the router's navigate function (returns an unregister function). */
export function setNavigator(navigate: Navigate): () => void {
  navigator = navigate;
  return () => {
    if (navigator === navigate) navigator = undefined;
  };
}

/** Goes to a path through the router when one is registered. */
export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(path, options);
  else if (typeof window !== 'undefined') window.location.assign(path);
}

type Preload = (path: string) => void;
let preloader: Preload | undefined;

/** Registers how a page's code is fetched ahead (the composition root knows the routes). */
export function setPagePreloader(preload: Preload): () => void {
  preloader = preload;
  return () => {
    if (preloader === preload) preloader = undefined;
  };
}

/**
 * Fetches the code of the page at `path` now (after the current task), so opening it later does
 * not wait for its chunk (e.g. map management preloads the map editor while its list loads).
 */
export function preloadPage(path: string): void {
  setTimeout(() => preloader?.(path), 0);
}

type LeaveGuard = () => boolean | Promise<boolean>;
let leaveGuard: LeaveGuard | undefined;

/**
 * Registers the page's question before the console navigates away (an editor with unsaved
 * changes asks "Leave without saving?"); returns an unregister function. The shell's menu asks
 * this guard; a page that must also hold the browser's Back button uses useNavigationGuard
 * (app/navigation-guard.ts), as the call panel does.
 */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = undefined;
  };
}

/** Whether the console may leave the current page (true when no page registered a guard). */
export async function confirmLeave(): Promise<boolean> {
  return leaveGuard ? await leaveGuard() : true;
}
