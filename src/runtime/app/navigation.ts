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
