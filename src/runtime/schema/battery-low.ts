/**
 * The console's one battery-low rule: a robot's battery is low when it is below the alarm settings'
 * `batteryLowPercent` — the company's configured value when the page has it, else the alarm-setting
 * schema's default. The status panel, the battery-level widget, the overview KPIs and the data output
 * all judge through here.
 */
import { useSchemas } from './schema-context';
import type { SchemaRegistry } from './schema-registry';

/** The entity whose `batteryLowPercent` holds the threshold. */
export const ALARM_SETTING_ENTITY = 'alarm-setting';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The threshold (%): the company's configured value when given, else the alarm-setting schema default; undefined when neither exists. */
export function batteryLowThreshold(schemas: Pick<SchemaRegistry, 'entity'> | undefined, configured?: number | null): number | undefined {
  if (finite(configured)) return configured;
  const d = schemas?.entity(ALARM_SETTING_ENTITY)?.properties.batteryLowPercent?.default;
  return finite(d) ? d : undefined;
}

/** Whether a battery level (%) is low: below the threshold (never without a level or a threshold). */
export function isBatteryLow(battery: number | null | undefined, threshold: number | undefined): boolean {
  return finite(battery) && finite(threshold) && battery < threshold;
}

/** The battery-low rule bound to the loaded schemas (and the company's configured threshold, when the page has it). */
export function useBatteryLow(configured?: number | null): { threshold: number | undefined; isLow: (battery: number | null | undefined) => boolean } {
  const threshold = batteryLowThreshold(useSchemas(), configured);
  return { threshold, isLow: (battery) => isBatteryLow(battery, threshold) };
}
