/**
 * Filters of the generated lists (`x-list.filters`), one kind per property: text (contains),
 * number, enum (select), boolean, date range (a RangePicker sending `[fromISO, toISO]`), company
 * (the company tree) and robot (robots of the chosen company, else of the menu tree). A registry
 * keyed by kind: each entry says how the control looks and what value the list event receives.
 */
import { Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { Form, Input, Select } from 'antd';
import { lazyPage } from '../../app/lazy-page';
import type { CrudFilters, LogicalFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';
import { useSchemas } from '../schema-context';
import { pickLabel, type PropertySchema } from '../schema-types';
import { baseType, type FilterControlProps } from './filter-control-props';
import { useRefOptions } from '../ref-lookups';
import { useRobotOptions } from '../widgets/robot-options';

/** The kinds of list filter. */
export type FilterKind = 'text' | 'number' | 'enum' | 'boolean' | 'date-range' | 'company' | 'robot' | 'ref';

export type { FilterControlProps } from './filter-control-props';

/** One kind of filter. */
export interface FilterKindDef {
  /** The refine operator (the DataProvider sends the value under the property name either way). */
  operator: LogicalFilter['operator'];
  /** The value the list event receives from the control's value; undefined means "no filter". */
  toValue: (raw: unknown, property: PropertySchema) => unknown;
  Control: ComponentType<FilterControlProps>;
}

/** Whether a property holds a date or a date-time (the server filters those by range). */
export function isDateProperty(p: PropertySchema): boolean {
  return p.format === 'date' || p.format === 'date-time' || p['x-widget'] === 'datetime';
}

/** The filter kind of a property. */
export function filterKindOf(p: PropertySchema): FilterKind {
  const widget = p['x-widget'] ?? p.items?.['x-widget'];
  if (p['x-ref'] === 'company' || widget === 'company-picker') return 'company';
  if (p['x-ref'] === 'robot' || p.items?.['x-ref'] === 'robot' || widget === 'robot-picker') return 'robot';
  if (p['x-enum'] || p.items?.['x-enum']) return 'enum';
  if (p['x-ref']) return 'ref';
  if (isDateProperty(p)) return 'date-range';
  const type = baseType(p);
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  return 'text';
}

/**
 * A RangePicker value as the server's date range: `[from, to]`, either end '' when open. Dates
 * (`format: date`) go as YYYY-MM-DD; date-times as ISO instants from the start of the first day
 * to the end of the last, so the range includes both days whole.
 */
export function dateRangeValue(range: unknown, p: PropertySchema): [string, string] | undefined {
  if (!Array.isArray(range)) return undefined;
  const [from, to] = range as (Dayjs | null | undefined)[];
  if (!from && !to) return undefined;
  const dateOnly = p.format === 'date';
  const end = (d: Dayjs | null | undefined, edge: 'start' | 'end') => {
    if (!d || !dayjs.isDayjs(d) || !d.isValid()) return '';
    if (dateOnly) return d.format('YYYY-MM-DD');
    return (edge === 'start' ? d.startOf('day') : d.endOf('day')).toISOString();
  };
  return [end(from, 'start'), end(to, 'end')];
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v);

function TextFilter({ id, label, value, onChange }: FilterControlProps) {
  return <Input id={id} allowClear placeholder={label} style={{ width: 180 }} value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
}

function EnumFilter({ id, property, value, onChange }: FilterControlProps) {
  const { t, i18n } = useTranslation();
  const schemas = useSchemas();
  const enumId = property['x-enum'] ?? property.items?.['x-enum'];
  const e = enumId ? schemas.enumById(enumId) : undefined;
  const options = useMemo(() => (e?.values ?? []).map((v) => ({ value: v.value, label: pickLabel(v.labels, i18n.language as Lang, v.key) })), [e, i18n.language]);
  return (
    <Select id={id} allowClear showSearch optionFilterProp="label" style={{ minWidth: 160 }} placeholder={t('common.all')} options={options} value={value} onChange={(v) => onChange?.(v)} />
  );
}

function BooleanFilter({ id, value, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      allowClear
      style={{ minWidth: 120 }}
      placeholder={t('common.all')}
      options={[
        { value: true, label: t('filters.yes') },
        { value: false, label: t('filters.no') },
      ]}
      value={value}
      onChange={(v) => onChange?.(v)}
    />
  );
}

/**
 * The heavy controls (antd RangePicker ~32 KB gzip, the company TreeSelect ~45 KB,
 * InputNumber ~8 KB) are their own chunks (list-filter-controls.tsx), loaded when a list shows
 * such a filter (issue 23). Until then an empty box of the control's width stands in.
 */
const DateRangeFilter = lazyFilter(() => import('./list-filter-controls').then((m) => m.DateRangeFilter), 260);
const CompanyFilter = lazyFilter(() => import('./list-filter-controls').then((m) => m.CompanyFilter), 200);
const NumberFilter = lazyFilter(() => import('./list-filter-controls').then((m) => m.NumberFilter), 140);

function lazyFilter(load: () => Promise<ComponentType<FilterControlProps>>, width: number): ComponentType<FilterControlProps> {
  const Lazy = lazyPage<FilterControlProps>(async () => ({ default: await load() }));
  return function LazyFilter(props: FilterControlProps) {
    return (
      <Suspense fallback={<Input id={props.id} disabled placeholder={props.label} style={{ width }} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

function RobotFilter({ id, companyField, value, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // Watching a name the form does not have answers undefined: the menu tree is used then.
  const companyId = Form.useWatch(companyField ?? '__none__', form) as number | undefined;
  const { options, isLoading } = useRobotOptions(companyField ? companyId : undefined);
  // A robot of another company no longer matches once the company filter changes.
  useEffect(() => {
    if (value !== undefined && !isLoading && companyId !== undefined && !options.some((o) => o.value === value)) onChange?.(undefined);
  }, [companyId, isLoading, options]);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 200 }}
      loading={isLoading}
      placeholder={t('widgets.pickRobot')}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v)}
      popupMatchSelectWidth={false}
    />
  );
}

function RefFilter({ id, property, value, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  const { options, isLoading } = useRefOptions(property['x-ref']);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 160 }}
      loading={isLoading}
      placeholder={t('common.all')}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v)}
      popupMatchSelectWidth={false}
    />
  );
}

/** The filter kinds by name. */
export const FILTER_KINDS: Record<FilterKind, FilterKindDef> = {
  text: { operator: 'contains', toValue: (v) => (typeof v === 'string' ? emptyToUndefined(v.trim()) : undefined), Control: TextFilter },
  number: { operator: 'eq', toValue: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined), Control: NumberFilter },
  enum: { operator: 'eq', toValue: emptyToUndefined, Control: EnumFilter },
  boolean: { operator: 'eq', toValue: (v) => (typeof v === 'boolean' ? v : undefined), Control: BooleanFilter },
  'date-range': { operator: 'between', toValue: dateRangeValue, Control: DateRangeFilter },
  company: { operator: 'eq', toValue: emptyToUndefined, Control: CompanyFilter },
  robot: { operator: 'eq', toValue: emptyToUndefined, Control: RobotFilter },
  ref: { operator: 'eq', toValue: emptyToUndefined, Control: RefFilter },
};

/** One filter of a list: the property, its kind and its definition. */
export interface ListFilter {
  name: string;
  property: PropertySchema;
  kind: FilterKind;
}

/** The filters of a list, from the names in `x-list.filters` that are properties of the entity. */
export function listFilters(names: readonly string[], properties: Record<string, PropertySchema>): ListFilter[] {
  return names.filter((n) => properties[n]).map((name) => ({ name, property: properties[name]!, kind: filterKindOf(properties[name]!) }));
}

/** The refine filters of the search form's values (what the list event and the export receive). */
export function crudFiltersOf(filters: readonly ListFilter[], values: Record<string, unknown>): CrudFilters {
  return filters.map((f) => ({ field: f.name, operator: FILTER_KINDS[f.kind].operator, value: FILTER_KINDS[f.kind].toValue(values[f.name], f.property) }));
}

/** The form items of a list's filters (inside the search Form). */
export function FilterItems({ filters, lang }: { filters: readonly ListFilter[]; lang: Lang }) {
  const companyField = filters.find((f) => f.kind === 'company')?.name;
  return (
    <>
      {filters.map((f) => {
        const label = pickLabel(f.property['x-labels'], lang, f.name);
        const { Control } = FILTER_KINDS[f.kind];
        return (
          <Form.Item key={f.name} name={f.name} label={label}>
            <Control name={f.name} property={f.property} label={label} companyField={companyField} />
          </Form.Item>
        );
      })}
    </>
  );
}
