/**
 * `battery-level` (declared in plugin.json "widgets"): a read-only percentage bar for a number
 * field of 0–100, red when low by the runtime's one battery-low rule (useBatteryLow: below the alarm
 * settings' batteryLowPercent). A schema uses it with `"x-widget": "battery-level"`.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Progress } from 'antd';
import { useBatteryLow } from '@runtime';

/** The level shown: the value rounded and kept within 0–100, or undefined when it is not a number. */
export function batteryLevel(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : undefined;
}

export function BatteryLevelWidget({ id, value, label }: WidgetProps) {
  const level = batteryLevel(value);
  const batteryLow = useBatteryLow();
  return (
    <div id={id} data-testid="battery-level" data-value={level ?? ''}>
      <Progress
        percent={level ?? 0}
        aria-label={label}
        size="small"
        status={batteryLow.isLow(level) ? 'exception' : 'normal'}
        format={() => (level === undefined ? '—' : `${level}%`)}
      />
    </div>
  );
}
