import { mergeSettings, type SettingsDoc } from '../../../common/settings';
import type { SchemaSet } from '../../schemas/loader';
import type { Db } from '../../store/db';

/** The settings schema holding a robot's alarm thresholds (robotSetting). */
const SETTINGS_ID = 'robot-setting';

type Group = Record<string, unknown>;

/** A robot's settings document (its stored values over the defaults), or null without the schema. */
export async function robotSettings(db: Db, schemas: SchemaSet, robotId: string): Promise<SettingsDoc | null> {
  const set = schemas.settings.get(SETTINGS_ID);
  if (!set) return null;
  const row = (await db.query<{ params: unknown }>('SELECT params FROM robot_settings WHERE robot_id = $1 AND schema_id = $2', [robotId, SETTINGS_ID]))[0];
  return row ? mergeSettings(set.schema as never, set.defaults, row.params) : set.defaults;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Judges a detection's readings against the robot's thresholds (robotSetting environment and gas
 * thresholds, spec §3 robot parameters): env readings get `exceeded` (the readings over their
 * limit) and `thresholds` (the limits applied); thermal gets `overThreshold`; body temperature
 * gets `tempStatus` (spec §3: normal 0, high 1). The robot's own judgement is replaced.
 */
export function judgeReadings(kind: string, data: Record<string, unknown>, settings: SettingsDoc | null): void {
  const env = (settings?.environmentThresholds ?? {}) as Group;
  const gas = (settings?.gasThresholds ?? {}) as Group;
  if (kind === 'env') {
    const limits: Record<string, { high?: number | null; low?: number | null }> = {
      temperature: { high: num(env.temperatureHigh), low: num(env.temperatureLow) },
      humidity: { high: num(env.humidityHigh), low: num(env.humidityLow) },
      smoke: { high: num(env.smokeThreshold) },
      pm25: { high: num(env.pm25Threshold) },
      methane: { high: num(gas.methaneWarning) },
      hydrogenFluoride: { high: num(gas.hydrogenFluorideWarning) },
    };
    const exceeded: string[] = [];
    for (const [name, { high, low }] of Object.entries(limits)) {
      const v = num(data[name]);
      if (v === null) continue;
      if ((high !== null && high !== undefined && v > high) || (low !== null && low !== undefined && v < low)) exceeded.push(name);
    }
    data.exceeded = exceeded;
    data.thresholds = Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, v.high ?? null]));
  } else if (kind === 'thermal') {
    const limit = num(env.highTemperatureThreshold);
    const max = num(data.maxTemp);
    if (limit !== null && max !== null) data.overThreshold = max > limit;
  } else if (kind === 'temperature') {
    const limit = num(env.bodyTemperatureThreshold);
    const body = num(data.bodyTemp);
    if (limit !== null && body !== null) data.tempStatus = body >= limit ? 1 : 0;
  }
}
