/**
 * How an `x-ref` value is shown: each referenced entity names the event that lists what
 * the caller may see and the fields holding id and label. A registry, so later entities
 * add an entry instead of a branch.
 */
import { useMemo } from 'react';
import { useEventQuery } from '../api/use-event-query';

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

/** The options of a referenced entity (empty when the entity has no lookup). */
export function useRefOptions(ref: string | undefined): { options: RefOption[]; byId: Map<string, RefOption>; isLoading: boolean } {
  const lookup = ref ? REF_LOOKUPS[ref] : undefined;
  const { data, isLoading } = useEventQuery<Record<string, unknown>[]>(lookup?.event ?? '', {}, { enabled: Boolean(lookup) });
  return useMemo(() => {
    const rows = Array.isArray(data) ? data : [];
    const options: RefOption[] = lookup
      ? rows.map((r) => ({
          value: r[lookup.idField] as number | string,
          label: String(r[lookup.labelField] ?? r[lookup.idField]),
          parent: lookup.parentField ? (r[lookup.parentField] as number | string | null) : undefined,
        }))
      : [];
    return { options, byId: new Map(options.map((o) => [String(o.value), o])), isLoading: Boolean(lookup) && isLoading };
  }, [data, lookup, isLoading]);
}
