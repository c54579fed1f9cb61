/**
 * How an `x-ref` value is shown: each referenced entity names the event that lists what
 * the caller may see and the fields holding id and label. A registry, so later entities
 * add an entry instead of a branch. Answers go through the DataProvider (`custom`) and
 * refine's query client, so every table and picker shares one cached call.
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useDataProvider } from '@refinedev/core';

/** One lookup: event answering an array, and its id / label / parent fields. */
export interface RefLookup {
  event: string;
  idField: string;
  labelField: string;
  parentField?: string;
}

/** Lookups by referenced entity id. */
export const REF_LOOKUPS: Record<string, RefLookup> = {
  company: { event: 'getCompanysByRoleId', idField: 'companyId', labelField: 'name', parentField: 'parentId' },
};

/** One option of a reference. */
export interface RefOption {
  value: number | string;
  label: string;
  parent?: number | string | null;
}

/** Options of one reference, with a lookup by id. */
export interface RefOptions {
  options: RefOption[];
  byId: Map<string, RefOption>;
  isLoading: boolean;
}

const EMPTY: RefOptions = { options: [], byId: new Map(), isLoading: false };

function toOptions(lookup: RefLookup, data: unknown): RefOptions {
  const rows = Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
  const options = rows.map((r) => ({
    value: r[lookup.idField] as number | string,
    label: String(r[lookup.labelField] ?? r[lookup.idField]),
    parent: lookup.parentField ? (r[lookup.parentField] as number | string | null) : undefined,
  }));
  return { options, byId: new Map(options.map((o) => [String(o.value), o])), isLoading: false };
}

/** Options of several references at once, keyed by referenced entity id. */
export function useRefOptionsMap(refs: readonly string[]): Record<string, RefOptions> {
  const dataProvider = useDataProvider();
  const known = refs.filter((r, i) => REF_LOOKUPS[r] && refs.indexOf(r) === i);
  const results = useQueries({
    queries: known.map((ref) => ({
      queryKey: ['fleet-console', 'ref', ref],
      staleTime: 30_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const provider = dataProvider();
        const answer = await provider.custom!({ url: REF_LOOKUPS[ref]!.event, method: 'post', payload: {}, meta: { queryContext: { signal } as never } });
        return answer.data as unknown;
      },
    })),
  });
  const key = results.map((r) => r.dataUpdatedAt).join(',') + known.join(',') + results.map((r) => r.isLoading).join(',');
  return useMemo(() => {
    const out: Record<string, RefOptions> = {};
    known.forEach((ref, i) => {
      const r = results[i]!;
      out[ref] = { ...toOptions(REF_LOOKUPS[ref]!, r.data), isLoading: r.isLoading };
    });
    return out;
  }, [key]);
}

/** Options of one reference (empty when the entity has no lookup). */
export function useRefOptions(ref: string | undefined): RefOptions {
  const map = useRefOptionsMap(ref ? [ref] : []);
  return (ref && map[ref]) || EMPTY;
}
