/**
 * `battery-level` (declared in plugin.json "widgets"): a read-only percentage bar for a number
 * field of 0–100, red under 20 %. A schema uses it with `"x-widget": "battery-level"`.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Progress } from 'antd';

// Under this level the bar turns red (the status panel's rule).
import { BATTERY_LOW_PERCENT } from './robot-status-model';

/** The level shown: the value rounded and kept within 0–100, or undefined when it is not a number. */
export function batteryLevel(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : undefined;
}

export function BatteryLevelWidget({ id, value, label }: WidgetProps) {
  const level = batteryLevel(value);
  return (
    <div id={id} data-testid="battery-level" data-value={level ?? ''}>
      <Progress
        percent={level ?? 0}
        aria-label={label}
        size="small"
        status={level !== undefined && level < BATTERY_LOW_PERCENT ? 'exception' : 'normal'}
        format={() => (level === undefined ? '—' : `${level}%`)}
      />
    </div>
  );
}
