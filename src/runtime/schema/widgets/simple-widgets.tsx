/** Small widgets: `datetime`, `textarea`, `password`, `role-picker`, `ref-picker`, `robot-picker`, and an enum select with label search. */
import { useMemo } from 'react';
import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useRobotOptions } from './robot-options';
import { useRefOptions } from '../ref-lookups';
import { pageOptions, PAGE_REF } from '../../i18n/page-names';
import { useSchemas } from '../schema-context';
import type { Lang } from '@common/protocol';
import { Lengths } from '@common/constants';
import { DATE_PATTERNS, datePattern } from '../../i18n/format';

/** Display format of date-times in English (each language's: src/runtime/i18n/format.ts). */
export const DATETIME_FORMAT = DATE_PATTERNS.en.dateTime;

/** `datetime`: a date-time picker storing an ISO string. */
export function DatetimeWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { i18n } = useTranslation();
  const parsed = value ? dayjs(value as string) : null;
  return (
    <DatePicker
      id={id}
      showTime
      style={{ width: '100%' }}
      format={datePattern(i18n.language)}
      value={parsed && parsed.isValid() ? parsed : null}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(d) => onChange(d ? d.toISOString() : undefined)}
    />
  );
}

/** `textarea`: multi-line text with a counter. */
export function TextareaWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  return (
    <Input.TextArea
      id={id}
      rows={3}
      value={(value as string) ?? ''}
      maxLength={schema.maxLength}
      showCount={schema.maxLength !== undefined}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}

/** `password`: a masked input that never autofills the current user's password. */
export function PasswordWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  return (
    <Input.Password
      id={id}
      value={(value as string) ?? ''}
      autoComplete="new-password"
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
    />
  );
}

/** `role-picker`: the roles the caller may see (built-in and custom, from roleManage's list) as a select. */
export function RolePickerWidget({ id, value, onChange, disabled, readonly, placeholder }: WidgetProps) {
  const { options, isLoading } = useRefOptions('role');
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      value={value ?? undefined}
      options={options}
      loading={isLoading}
      showSearch
      optionFilterProp="label"
      disabled={disabled || readonly}
      placeholder={placeholder}
      allowClear
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** `ref-picker`: a record of the entity the property's `x-ref` names (its lookup gives the options); several for an array. */
export function RefPickerWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const multiple = schema.type === 'array';
  const ref = (schema['x-ref'] ?? (schema.items as { 'x-ref'?: string } | undefined)?.['x-ref']) as string | undefined;
  const isPage = ref === PAGE_REF;
  const refOptions = useRefOptions(isPage ? undefined : ref);
  // x-ref "page": the console's pages by name (a role's home page), not records of an entity.
  const { i18n } = useTranslation();
  const schemas = useSchemas();
  const pages = useMemo(
    () => (isPage ? pageOptions(i18n.language as Lang, schemas.entities, typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined) : []),
    [isPage, i18n.language, schemas.entities, schema.pattern],
  );
  const { options, isLoading }: { options: { value: string | number; label: string }[]; isLoading: boolean } = isPage ? { options: pages, isLoading: false } : refOptions;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? (multiple ? [] : undefined)}
      options={options}
      disabled={disabled || readonly}
      placeholder={placeholder}
      allowClear
      // A cleared single choice is null when the schema allows it (the server keeps "no value" apart from "unchanged").
      onChange={(v) => onChange(multiple ? (v ?? []) : (v ?? (Array.isArray(schema.type) && schema.type.includes('null') ? null : undefined)))}
    />
  );
}

/** `robot-picker`: robots of the caller's menu tree (getMenuList). */
export function RobotPickerWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  // An array field (group members, ad robots) picks several robots.
  const multiple = schema.type === 'array';
  const { t } = useTranslation();
  const { options, isLoading } = useRobotOptions();
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? (multiple ? [] : undefined)}
      options={options}
      disabled={disabled || readonly}
      placeholder={placeholder || t('widgets.pickRobot')}
      allowClear
      onChange={(v) => onChange(multiple ? (v ?? []) : (v ?? undefined))}
    />
  );
}

/** Replaces RJSF's SelectWidget: searches option labels (antd 5 needs `optionFilterProp`). */
export function EnumSelectWidget({ id, value, onChange, disabled, readonly, placeholder, options, multiple }: WidgetProps) {
  const enumOptions = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const selectOptions = enumOptions.map((o, i) => ({ value: i, label: o.label }));
  const indexOf = (v: unknown) => enumOptions.findIndex((o) => o.value === v);
  const selected = multiple
    ? (Array.isArray(value) ? value : []).map(indexOf).filter((i) => i >= 0)
    : value === undefined || value === null
      ? undefined
      : indexOf(value) >= 0
        ? indexOf(value)
        : undefined;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      optionFilterProp="label"
      allowClear
      value={selected as never}
      options={selectOptions}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(v: number | number[] | undefined) => {
        if (Array.isArray(v)) onChange(v.map((i) => enumOptions[i]?.value));
        else onChange(v === undefined ? undefined : enumOptions[v]?.value);
      }}
    />
  );
}

/**
 * The generated forms' one-line text input (RJSF `TextWidget`): a text field stops at its
 * `maxLength`, else at the spec's default of 16 characters (spec §5/§9 "text inputs default to max
 * length 16"), instead of keeping more and showing an error. Numbers and other types are unchanged.
 */
export function BoundedTextWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  const max = textMaxLength(props.schema);
  if (max === undefined) return <BaseInputTemplate {...props} />;
  const onChangeOverride = ({ target }: { target: { value: string } }) => props.onChange(target.value === '' ? props.options.emptyValue : target.value.slice(0, max));
  return <BaseInputTemplate {...props} onChangeOverride={onChangeOverride} />;
}

/** The length a one-line text field stops at: its maxLength, else Lengths.textDefaultMax (16) for a plain string. */
export function textMaxLength(schema: WidgetProps['schema']): number | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type !== 'string') return undefined;
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  return schema.format ? undefined : Lengths.textDefaultMax;
}
