/**
 * The console's `can` answered in the render that asks (issue 23). refine's useCan goes through a
 * query, so a page's buttons and columns it decides arrive one render later: on a generated list that
 * re-rendered every row to add the actions column. The console's decisions need nothing from the
 * server (the session and the schemas), so ConsoleRefine provides them here, the same decideCan its
 * AccessControlProvider answers refine with. The server checks every call again.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { CanParams, CanReturnType } from '@refinedev/core';
import { useSession } from '../session/session-store';

const CanNowContext = createContext<((params: CanParams) => CanReturnType) | undefined>(undefined);

/** Provides the console's synchronous `can` to useCanNow. */
export function CanNowProvider({ decide, children }: { decide: (params: CanParams) => CanReturnType; children: ReactNode }) {
  return <CanNowContext.Provider value={decide}>{children}</CanNowContext.Provider>;
}

/** Like refine's useCan, answered at once (`data` undefined outside ConsoleRefine); re-renders when the session changes. */
export function useCanNow(params: CanParams): { data: CanReturnType | undefined } {
  const decide = useContext(CanNowContext);
  useSession();
  return { data: decide?.(params) };
}
