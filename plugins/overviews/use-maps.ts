/** Maps of the caller's company tree with their frame and picture (queryMonitoringMaps). */
import { useEffect, useState } from 'react';
import { callEvent, isAbortedError } from '@runtime';
import type { OverviewMap } from '@common/events/monitoring';

/** Loads the maps (all visible, or the given ids); `withPicture` adds the PNG. */
export function useMaps(mapIds: number[] | undefined, withPicture: boolean): { maps: OverviewMap[] | null; error?: string; reload: () => void } {
  const [maps, setMaps] = useState<OverviewMap[] | null>(null);
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const key = mapIds ? mapIds.join(',') : '*';
  useEffect(() => {
    const abort = new AbortController();
    setError(undefined);
    callEvent('queryMonitoringMaps', { ...(mapIds ? { mapIds } : {}), withPicture }, { signal: abort.signal })
      .then((list) => setMaps(list ?? []))
      .catch((err: unknown) => !isAbortedError(err) && setError((err as Error).message));
    return () => abort.abort();
  }, [key, withPicture, round]);
  return { maps, error, reload: () => setRound((r) => r + 1) };
}
