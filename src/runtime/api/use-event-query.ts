/** Reads one event's answer through refine's data layer (`useCustom` → DataProvider.custom). */
import { useCustom } from '@refinedev/core';

/** Options of `useEventQuery`. */
export interface EventQueryOptions {
  enabled?: boolean;
  /** Milliseconds an answer stays fresh (default 30 s). */
  staleTime?: number;
}

/** Calls an event (cached by refine's query client) and returns its answer. */
export function useEventQuery<T>(event: string, param: Record<string, unknown> = {}, options: EventQueryOptions = {}) {
  const { query, result } = useCustom({
    url: event,
    method: 'post',
    config: { payload: param },
    queryOptions: { enabled: options.enabled ?? true, staleTime: options.staleTime ?? 30_000, retry: false },
    errorNotification: false,
  });
  return {
    data: result?.data as T | undefined,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error as Error | null,
    refetch: query.refetch,
  };
}
