/** The number input of settings forms: antd InputNumber that falls back to the field's minimum when left empty (spec §5). */
import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** A number leaf of a settings form. */
export function SettingsNumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, schema, placeholder }: WidgetProps) {
  (window as unknown as { __nw: number }).__nw = ((window as unknown as { __nw: number }).__nw ?? 0) + 1;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value : null}
      min={min}
      max={max}
      precision={schema.type === 'integer' ? 0 : undefined}
      changeOnWheel={false}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      onFocus={(e) => onFocus(id, e.target.value)}
      onBlur={(e) => {
        // Emptied: the minimum (0 without one), as the spec's number inputs do.
        if (e.target.value.trim() === '') onChange(min ?? 0);
        onBlur(id, e.target.value);
      }}
    />
  );
}
