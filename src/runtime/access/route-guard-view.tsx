/** Router guard of spec §6: not logged in → `/`; blocked → `/404`; a URL token is adopted first. */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spin } from 'antd';
import { useSession } from '../session/session-store';
import { loadSessionFromToken } from '../session/session-actions';
import { isAbortedError } from '../api/errors';
import { decideRoute } from './route-guard';

/** Props of the route guard. */
export interface RouteGuardProps {
  children: ReactNode;
  /** Whether a path names a page of the console (others go to /404 before any login check). */
  isKnownPath?: (path: string) => boolean;
}

/** Renders children when the current path may be opened. */
export function RouteGuard({ children, isKnownPath }: RouteGuardProps) {
  const location = useLocation();
  const session = useSession();
  const queryToken = new URLSearchParams(location.search).get('token');
  const decision = decideRoute(session, location.pathname, queryToken, isKnownPath);
  const [failedToken, setFailedToken] = useState<string>();
  const adopting = decision.kind === 'adopt-token' && decision.token !== failedToken ? decision.token : undefined;

  useEffect(() => {
    if (!adopting) return;
    let live = true;
    loadSessionFromToken(adopting).catch((error: unknown) => {
      if (!isAbortedError(error)) console.warn('URL token refused', error);
      if (live) setFailedToken(adopting);
    });
    return () => {
      live = false;
    };
  }, [adopting]);

  if (decision.kind === 'adopt-token') {
    if (adopting) {
      return (
        <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
          <Spin size="large" />
        </div>
      );
    }
    return session ? <>{children}</> : <Navigate to="/" replace />;
  }
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
