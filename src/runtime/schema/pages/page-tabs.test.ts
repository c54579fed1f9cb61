import { describe, expect, it } from 'vitest';
import type { EntitySchema } from '../schema-types';
import { permanentFilters, visibleTabs } from './page-tabs';

const alarm = { $id: 'alarm', type: 'object', properties: {}, 'x-access': { read: 'alarm:read' } } as unknown as EntitySchema;
const open = { $id: 'note', type: 'object', properties: {} } as unknown as EntitySchema;
const tabs = [
  { key: 'rules', labels: { en: 'Rules' } },
  { key: 'raised', entity: 'alarm', filter: { kind: 'behaviour' }, labels: { en: 'Raised alarms' } },
  { key: 'notes', entity: 'note', labels: { en: 'Notes' } },
  { key: 'gone', entity: 'missing', labels: { en: 'Gone' } },
];
const entityOf = (id: string) => ({ alarm, note: open })[id];

describe('x-tabs of a generated page', () => {
  it('shows the own list, and another entity’s list to those who may read it (x-access.read)', () => {
    expect(visibleTabs(tabs, entityOf, () => true).map(({ tab, entity }) => [tab.key, entity?.$id])).toEqual([
      ['rules', undefined],
      ['raised', 'alarm'],
      ['notes', 'note'],
    ]);
    const withoutAlarmRead = visibleTabs(tabs, entityOf, (p) => p !== 'alarm:read');
    expect(withoutAlarmRead.map(({ tab }) => tab.key)).toEqual(['rules', 'notes']);
  });

  it('turns a tab’s filter into refine permanent filters the list call sends', () => {
    expect(permanentFilters({ kind: 'behaviour', level: 3 })).toEqual([
      { field: 'kind', operator: 'eq', value: 'behaviour' },
      { field: 'level', operator: 'eq', value: 3 },
    ]);
    expect(permanentFilters(undefined)).toEqual([]);
  });
});
