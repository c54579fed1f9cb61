/**
 * A robot's debug settings (schemas/settings/debug-setting.schema.json, per company in
 * company_settings and per robot in robot_settings, inherited: server/events/settings-inherit.ts):
 * its log level and the thresholds systemState and queryThresh judge it by. Read here once for
 * every reader, in a few queries for many robots.
 */
import { LOG_LEVELS } from '../../../common/debug-params';
import { mergeSettings } from '../../../common/settings';
import { resolveRobotSettings } from '../../events/settings-inherit';
import type { Services } from '../../services';

/** The settings schema of the debugSetting page. */
export const DEBUG_SETTING_ID = 'debug-setting';

/** What a robot is judged by when its settings say nothing. */
export const DEFAULT_THRESHOLDS = { cpuPercent: 90, memoryPercent: 90, diskPercent: 90, temperatureC: 75, latencyMs: 500 };
export type Thresholds = typeof DEFAULT_THRESHOLDS;

export type RobotDebugSettings = { logLevel: (typeof LOG_LEVELS)[number]; thresholds: Thresholds };

type SettingsDoc = { logs?: { robotLevel?: unknown }; thresholds?: Record<string, unknown> };

function settingsOf(doc: SettingsDoc): RobotDebugSettings {
  const t = doc.thresholds ?? {};
  const thresholds = { ...DEFAULT_THRESHOLDS };
  for (const k of Object.keys(thresholds) as (keyof Thresholds)[]) if (Number.isInteger(t[k])) thresholds[k] = t[k] as number;
  // robot-log-level enum: 1 error … 4 debug (spec §9: default error).
  return { logLevel: LOG_LEVELS[Number(doc.logs?.robotLevel) - 1] ?? 'error', thresholds };
}

/** The company-wide defaults of the debug settings (no robot's own values). */
export function defaultDebugSettings(svc: Services): RobotDebugSettings {
  const set = svc.schemas.settings.get(DEBUG_SETTING_ID);
  return settingsOf((set ? mergeSettings(set.schema as never, set.defaults, undefined) : {}) as SettingsDoc);
}

/** Each robot's debug settings: its own values, else its companies', else the schema's defaults (x-inherit). */
export async function robotDebugSettings(svc: Services, robotIds: readonly string[]): Promise<Map<string, RobotDebugSettings>> {
  const set = svc.schemas.settings.get(DEBUG_SETTING_ID);
  const resolved = set ? await resolveRobotSettings(svc.db, set, robotIds) : new Map<string, { params: unknown }>();
  return new Map(robotIds.map((id) => [id, settingsOf((resolved.get(id)?.params ?? (set ? mergeSettings(set.schema as never, set.defaults, undefined) : {})) as SettingsDoc)]));
}
