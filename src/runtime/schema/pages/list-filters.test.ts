import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { listParams } from '../../api/data-provider';
import type { PropertySchema } from '../schema-types';
import { crudFiltersOf, dateRangeValue, filterKindOf, listFilters } from './list-filters';

const props: Record<string, PropertySchema> = {
  name: { type: 'string', format: 'general-text' },
  status: { type: 'integer', 'x-enum': 'log-status' },
  modules: { type: 'array', items: { type: 'string', 'x-enum': 'app-module' } },
  active: { type: 'boolean' },
  size: { type: 'integer' },
  at: { type: 'string', 'x-widget': 'datetime' },
  expiryDate: { type: 'string', format: 'date' },
  companyId: { type: 'integer', 'x-ref': 'company' },
  parentId: { type: ['integer', 'null'], 'x-widget': 'company-picker' },
  robotId: { type: 'string', 'x-ref': 'robot' },
};

describe('list filters by property kind', () => {
  it('chooses the kind from the property', () => {
    expect(Object.fromEntries(Object.entries(props).map(([k, p]) => [k, filterKindOf(p)]))).toEqual({
      name: 'text',
      status: 'enum',
      modules: 'enum',
      active: 'boolean',
      size: 'number',
      at: 'date-range',
      expiryDate: 'date-range',
      companyId: 'company',
      parentId: 'company',
      robotId: 'robot',
    });
  });

  it('sends a date-time range as [start of the first day, end of the last] ISO instants, either end open', () => {
    const from = dayjs('2026-11-01T15:30:00');
    const to = dayjs('2026-11-03T08:00:00');
    expect(dateRangeValue([from, to], props.at!)).toEqual([from.startOf('day').toISOString(), to.endOf('day').toISOString()]);
    expect(dateRangeValue([null, to], props.at!)).toEqual(['', to.endOf('day').toISOString()]);
    expect(dateRangeValue([null, null], props.at!)).toBeUndefined();
    expect(dateRangeValue(undefined, props.at!)).toBeUndefined();
  });

  it('sends a date range (format: date) as [YYYY-MM-DD, YYYY-MM-DD]', () => {
    expect(dateRangeValue([dayjs('2026-01-05T12:00:00'), dayjs('2026-02-01')], props.expiryDate!)).toEqual(['2026-01-05', '2026-02-01']);
  });

  it('gives the list event (and so the export) the filled filters only, under the property names', () => {
    const filters = listFilters(['name', 'status', 'active', 'at', 'companyId', 'robotId', 'size', 'notAProperty'], props);
    expect(filters.map((f) => f.name)).not.toContain('notAProperty');
    const from = dayjs('2026-11-01T10:00:00');
    const crud = crudFiltersOf(filters, { name: '  dock ', status: 2, active: false, at: [from, null], companyId: 7, robotId: undefined, size: null });
    expect(listParams(crud, [])).toEqual({ name: 'dock', status: 2, active: false, at: [from.startOf('day').toISOString(), ''], companyId: 7 });
  });
});
