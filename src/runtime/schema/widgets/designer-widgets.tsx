/**
 * Widgets of the form designer's field types (`radio`, `checkboxes`, `time`, `date`, `rate`,
 * `color`, `switch`, `slider`, `cascader`). Each reads its settings from the property's
 * `x-field.options` (rate max, slider step, date type and format…), so a design shows the same
 * in the designer's preview and in the generated screens.
 */
import { Cascader, Checkbox, ColorPicker, DatePicker, Radio, Rate, Slider, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';

type Options = Record<string, unknown>;

function fieldOptions(schema: WidgetProps['schema']): Options {
  const xf = (schema as Record<string, unknown>)['x-field'] as { options?: Options } | undefined;
  return xf?.options ?? {};
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The designer's date format (yyyy-MM-dd, element style) as a dayjs format. */
export function dayjsFormat(format: unknown, fallback: string): string {
  return typeof format === 'string' && format ? format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD') : fallback;
}

/** `radio`: the enum values as radio buttons. */
export function RadioWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  return (
    <Radio.Group id={id} value={value ?? undefined} disabled={disabled || readonly} onChange={(e) => onChange(e.target.value)}>
      {(options.enumOptions ?? []).map((o) => (
        <Radio key={String(o.value)} value={o.value}>
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** `checkboxes`: the item enum values as check boxes (an array value). */
export function CheckboxesWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  return (
    <span id={id}>
      <Checkbox.Group
      value={Array.isArray(value) ? value : []}
      disabled={disabled || readonly}
      options={(options.enumOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }))}
      onChange={(v) => onChange(v.length ? v : undefined)}
      />
    </span>
  );
}

/** `time`: HH:mm:ss (or the field's format), a range when the field says isRange. */
export function TimeWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const o = fieldOptions(schema);
  const format = dayjsFormat(o.format, 'HH:mm:ss');
  const parse = (v: unknown) => (typeof v === 'string' && v ? dayjs(v, format) : null);
  if (o.isRange === true || schema.type === 'array') {
    const pair = Array.isArray(value) ? value : [];
    return (
      <TimePicker.RangePicker
        id={id}
        format={format}
        style={{ width: '100%' }}
        disabled={disabled || readonly}
        value={[parse(pair[0]), parse(pair[1])]}
        onChange={(v) => onChange(v && v[0] && v[1] ? [v[0].format(format), v[1].format(format)] : undefined)}
      />
    );
  }
  return (
    <TimePicker
      id={id}
      format={format}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      placeholder={placeholder}
      value={parse(value)}
      onChange={(d) => onChange(d ? d.format(format) : undefined)}
    />
  );
}

const PICKER: Record<string, 'year' | 'month' | 'date'> = { year: 'year', month: 'month' };

/** `date`: the field's date type (year, month, date, dates, datetime, datetimerange, daterange) and format. */
export function DateWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const o = fieldOptions(schema);
  const kind = typeof o.type === 'string' ? o.type : 'date';
  const withTime = kind === 'datetime' || kind === 'datetimerange';
  const format = dayjsFormat(o.format, withTime ? 'YYYY-MM-DD HH:mm:ss' : kind === 'year' ? 'YYYY' : kind === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD');
  const parse = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v, format) : null);
  const off = disabled || readonly;
  if (kind === 'daterange' || kind === 'datetimerange') {
    const pair = Array.isArray(value) ? value : [];
    return (
      <DatePicker.RangePicker
        id={id}
        showTime={withTime}
        format={format}
        style={{ width: '100%' }}
        disabled={off}
        value={[parse(pair[0]), parse(pair[1])]}
        onChange={(v) => onChange(v && v[0] && v[1] ? [v[0].format(format), v[1].format(format)] : undefined)}
      />
    );
  }
  if (kind === 'dates') {
    return (
      <DatePicker
        id={id}
        multiple
        format={format}
        style={{ width: '100%' }}
        disabled={off}
        value={(Array.isArray(value) ? value : []).map(parse).filter((d): d is Dayjs => Boolean(d))}
        onChange={(v: Dayjs[] | null) => onChange(v?.length ? v.map((d) => d.format(format)) : undefined)}
      />
    );
  }
  return (
    <DatePicker
      id={id}
      picker={PICKER[kind] ?? 'date'}
      showTime={withTime}
      format={format}
      style={{ width: '100%' }}
      disabled={off}
      placeholder={placeholder}
      value={parse(value)}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(format) : undefined)}
    />
  );
}

/** `rate`: stars up to the field's max (spec default 5). */
export function RateWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const o = fieldOptions(schema);
  return (
    <Rate
      id={id}
      count={num(o.max, num(schema.maximum, 5))}
      allowHalf={o.allowHalf === true}
      disabled={disabled || readonly}
      value={typeof value === 'number' ? value : 0}
      onChange={(v) => onChange(v)}
    />
  );
}

/** `color`: a colour picker storing a hex string (with alpha when the field shows it). */
export function ColorWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const alpha = fieldOptions(schema).showAlpha === true;
  return (
    <span id={id}>
      <ColorPicker
      showText
      disabledAlpha={!alpha}
      disabled={disabled || readonly}
      value={typeof value === 'string' && value ? value : undefined}
      onChangeComplete={(c) => onChange(alpha ? c.toHexString() : c.toHexString().slice(0, 7))}
      />
    </span>
  );
}

/** `switch`: a boolean. */
export function SwitchWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return <Switch id={id} checked={value === true} disabled={disabled || readonly} onChange={(v) => onChange(v)} />;
}

/** `slider`: min–max with the field's step (spec default 0–100 step 1), a pair when range. */
export function SliderWidget({ id, value, onChange, disabled, readonly, schema }: WidgetProps) {
  const o = fieldOptions(schema);
  const min = num(o.min, 0);
  const max = num(o.max, 100);
  const step = num(o.step, 1) || 1;
  if (o.range === true || schema.type === 'array') {
    const pair = Array.isArray(value) && value.length === 2 ? (value as [number, number]) : [min, min];
    return <Slider id={id} range min={min} max={max} step={step} disabled={disabled || readonly} value={pair as [number, number]} onChange={(v) => onChange(v)} />;
  }
  return <Slider id={id} min={min} max={max} step={step} disabled={disabled || readonly} value={typeof value === 'number' ? value : min} onChange={(v) => onChange(v)} />;
}

interface CascaderOption {
  value: string;
  label?: string;
  children?: CascaderOption[];
}

/** `cascader`: a path through the field's option tree (value, label, children). */
export function CascaderWidget({ id, value, onChange, disabled, readonly, placeholder, schema }: WidgetProps) {
  const tree = fieldOptions(schema).options;
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={Array.isArray(tree) ? (tree as CascaderOption[]) : []}
      value={Array.isArray(value) ? (value as string[]) : undefined}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(v) => onChange(Array.isArray(v) && v.length ? v.map(String) : undefined)}
    />
  );
}
