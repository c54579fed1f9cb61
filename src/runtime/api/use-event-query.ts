/** Reads one event's answer through refine's data layer (`useCustom` → DataProvider.custom). */
import { useCustom } from '@refinedev/core';
import type { AnswerOf, EventName, ParamOf } from '@common/events';

/** Options of `useEventQuery`. */
export interface EventQueryOptions {
  enabled?: boolean;
  /** Milliseconds an answer stays fresh (default 30 s). */
  staleTime?: number;
}

/** What `useEventQuery` gives: the answer once it arrived, and the query's state. */
export interface EventQuery<T> {
  data: T | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * Calls an event (cached by refine's query client) and returns its answer.
 * - A catalogue event (common/events): `useEventQuery('getMenuList')` checks the param and types the
 *   answer from its declaration.
 * - An event a schema names at run time (entity `x-api`, settings): give the answer's type,
 *   `useEventQuery<Row[]>(name, param)`; it is not checked.
 */
export function useEventQuery<N extends EventName>(event: N, param?: ParamOf<N>, options?: EventQueryOptions): EventQuery<AnswerOf<N>>;
export function useEventQuery<T>(event: string, param?: Record<string, unknown>, options?: EventQueryOptions): EventQuery<T>;
export function useEventQuery(event: string, param: object = {}, options: EventQueryOptions = {}): EventQuery<unknown> {
  const { query, result } = useCustom({
    url: event,
    method: 'post',
    config: { payload: param },
    queryOptions: { enabled: options.enabled ?? true, staleTime: options.staleTime ?? 30_000, retry: false },
    errorNotification: false,
  });
  return {
    data: result?.data,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    error: query.error as Error | null,
    refetch: query.refetch,
  };
}
