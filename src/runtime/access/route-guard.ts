/** Route guards of spec §6 as a pure decision, shared by the router guard and its tests. */
import { canOpenRoute, canOpenRouteAnonymously, type AccessSubject } from '@common/access';

/** What the router should do with a path. */
export type RouteDecision =
  | { kind: 'allow' }
  /** Load the session from the URL query token first, then decide again. */
  | { kind: 'adopt-token'; token: string }
  | { kind: 'redirect'; to: '/' | '/404' };

/**
 * Decides whether a path may be opened: unknown paths → `/404` (spec §2, whoever asks);
 * not logged in → `/`; blocked for the role → `/404`.
 */
export function decideRoute(
  subject: (AccessSubject & { token?: string }) | undefined,
  path: string,
  queryToken?: string | null,
  isKnownPath: (path: string) => boolean = () => true,
): RouteDecision {
  if (!isKnownPath(path)) return { kind: 'redirect', to: '/404' };
  const hasQueryToken = Boolean(queryToken);
  if (queryToken && canOpenRouteAnonymously(path, true) && !canOpenRouteAnonymously(path, false) && subject?.token !== queryToken) {
    return { kind: 'adopt-token', token: queryToken };
  }
  if (!subject) return canOpenRouteAnonymously(path, hasQueryToken) ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
  return canOpenRoute(subject, path) ? { kind: 'allow' } : { kind: 'redirect', to: '/404' };
}
