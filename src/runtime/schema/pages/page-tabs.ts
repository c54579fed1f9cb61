/**
 * `x-tabs` of an entity page as data: which tabs a caller sees and the fixed filters a tab's list
 * sends. Pure, so the rules are tested without rendering a table.
 */
import type { CrudFilter } from '@refinedev/core';
import type { PageTab } from '@common/schema-format';
import type { EntitySchema } from '../schema-types';

/** The tabs of `x-tabs` a caller sees: this entity's own list, and each other entity's list the caller may read. */
export function visibleTabs(tabs: readonly PageTab[], entityOf: (id: string) => EntitySchema | undefined, can: (permission: string) => boolean): { tab: PageTab; entity?: EntitySchema }[] {
  return tabs.flatMap((tab) => {
    if (!tab.entity) return [{ tab }];
    const other = entityOf(tab.entity);
    const read = other?.['x-access']?.read;
    return other && (!read || can(read)) ? [{ tab, entity: other }] : [];
  });
}

/** The list call's fixed filters of a tab, as refine's permanent filters (the server applies them). */
export function permanentFilters(filter: PageTab['filter']): CrudFilter[] {
  return Object.entries(filter ?? {}).map(([field, value]) => ({ field, operator: 'eq', value }));
}
