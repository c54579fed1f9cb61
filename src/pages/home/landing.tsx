/**
 * Where `/home` leads (the role's home page, spec §6) and the record of the last page a user
 * opened (insertLastWebRoute, kept with the user on the server).
 */
import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { callEvent, useSession, type SessionInfo } from '@runtime';
import { buildMenuModel, entryOpenTo, landingPage, type MenuEntry, type MenuGroup } from './menu-model';

/** The menu a user sees: pages open to the role whose data it may read, for its company's robots. */
export function visibleMenu(session: SessionInfo, entries: readonly MenuEntry[]): MenuGroup[] {
  return buildMenuModel(entries, (path, entry) => entryOpenTo(session, path, entry), session.robotType, session.infraredTypes);
}

/** `/home` itself: goes to the role's home page (or the first page the user may open). */
export function HomeIndex({ entries, fallback }: { entries: readonly MenuEntry[]; fallback: string }) {
  const session = useSession();
  const to = useMemo(() => (session ? landingPage(visibleMenu(session, entries), session.homePage, fallback) : fallback), [session, entries, fallback]);
  return <Navigate to={to} replace />;
}

const RECORD_AFTER_MS = 1500;

/** Tells the server the page the user stays on (not every page passed through on the way). */
export function LastRouteRecorder() {
  const { pathname } = useLocation();
  const session = useSession();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!session || !pathname.startsWith('/home/') || pathname === sent.current || pathname.length > 200) return;
    const timer = setTimeout(() => {
      sent.current = pathname;
      callEvent('insertLastWebRoute', { route: pathname }).catch(() => undefined);
    }, RECORD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pathname, session]);
  return null;
}
