/**
 * The robot parameters of onlineDebug (issue 19): debug, walk and static parameters, one JSON
 * Schema each, written once. The server validates what a console sends against it (the events'
 * param schemas embed it), the simulator keeps and answers documents of it, and the console
 * renders it as an RJSF form (labels from `x-labels`). Limits are common values of the field
 * (the spec gives none); spec §9: default log level error.
 */
import type { Lang } from './protocol';

type Labels = Record<Lang, string>;

/** One leaf parameter. */
export interface DebugParamField {
  readonly type: 'integer' | 'number' | 'boolean' | 'string';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
  readonly default: number | boolean | string;
  readonly 'x-labels': Labels;
}

/** A parameter schema: an object of leaves. */
export interface DebugParamSchema {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly minProperties?: number;
  readonly properties: Readonly<Record<string, DebugParamField>>;
  readonly 'x-labels': Labels;
}

/** The log levels of robots and their nodes (spec §9: default error). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
/** Labels of the log levels, in order. */
export const LOG_LEVEL_LABELS: readonly Labels[] = [
  { en: 'Error', zh: '错误', ja: 'エラー' },
  { en: 'Warning', zh: '警告', ja: '警告' },
  { en: 'Info', zh: '信息', ja: '情報' },
  { en: 'Debug', zh: '调试', ja: 'デバッグ' },
];

const schema = (labels: Labels, properties: Record<string, DebugParamField>): DebugParamSchema => ({ type: 'object', additionalProperties: false, properties, 'x-labels': labels });

export const DEBUG_PARAM_SCHEMAS = {
  debug: schema(
    { en: 'Debug parameters', zh: '调试参数', ja: 'デバッグパラメーター' },
    {
      logLevel: { type: 'string', enum: LOG_LEVELS, default: 'error', 'x-labels': { en: 'Log level', zh: '日志级别', ja: 'ログレベル' } },
      diagnosticsInterval: { type: 'integer', minimum: 1, maximum: 60, default: 5, 'x-labels': { en: 'Diagnostics interval (s)', zh: '诊断间隔(秒)', ja: '診断間隔(秒)' } },
      recordBag: { type: 'boolean', default: false, 'x-labels': { en: 'Record sensor data', zh: '录制传感器数据', ja: 'センサーデータを記録' } },
      verboseNavigation: { type: 'boolean', default: false, 'x-labels': { en: 'Verbose navigation log', zh: '导航详细日志', ja: 'ナビゲーション詳細ログ' } },
      logRetentionDays: { type: 'integer', minimum: 1, maximum: 90, default: 7, 'x-labels': { en: 'Keep logs (days)', zh: '日志保留(天)', ja: 'ログ保存(日)' } },
    },
  ),
  walk: schema(
    { en: 'Walk parameters', zh: '行走参数', ja: '走行パラメーター' },
    {
      maxLinearSpeed: { type: 'number', minimum: 0.1, maximum: 2, default: 0.8, 'x-labels': { en: 'Maximum speed (m/s)', zh: '最大线速度(m/s)', ja: '最高速度(m/s)' } },
      maxAngularSpeed: { type: 'number', minimum: 0.1, maximum: 2, default: 1, 'x-labels': { en: 'Maximum turn rate (rad/s)', zh: '最大角速度(rad/s)', ja: '最大旋回速度(rad/s)' } },
      acceleration: { type: 'number', minimum: 0.1, maximum: 2, default: 0.5, 'x-labels': { en: 'Acceleration (m/s²)', zh: '加速度(m/s²)', ja: '加速度(m/s²)' } },
      obstacleDistance: { type: 'number', minimum: 0.2, maximum: 3, default: 0.6, 'x-labels': { en: 'Obstacle stop distance (m)', zh: '避障停止距离(m)', ja: '障害物停止距離(m)' } },
      inflationRadius: { type: 'number', minimum: 0.1, maximum: 1.5, default: 0.35, 'x-labels': { en: 'Inflation radius (m)', zh: '膨胀半径(m)', ja: '膨張半径(m)' } },
    },
  ),
  static: schema(
    { en: 'Static parameters', zh: '静态参数', ja: '固定パラメーター' },
    {
      robotWidth: { type: 'integer', minimum: 200, maximum: 1500, default: 626, 'x-labels': { en: 'Robot width (mm)', zh: '机器人宽度(mm)', ja: 'ロボット幅(mm)' } },
      wheelDiameter: { type: 'integer', minimum: 50, maximum: 600, default: 200, 'x-labels': { en: 'Wheel diameter (mm)', zh: '轮径(mm)', ja: '車輪径(mm)' } },
      laserOffsetX: { type: 'integer', minimum: -1000, maximum: 1000, default: 250, 'x-labels': { en: 'Laser offset X (mm)', zh: '激光偏移X(mm)', ja: 'レーザーオフセットX(mm)' } },
      laserOffsetY: { type: 'integer', minimum: -1000, maximum: 1000, default: 0, 'x-labels': { en: 'Laser offset Y (mm)', zh: '激光偏移Y(mm)', ja: 'レーザーオフセットY(mm)' } },
      cameraHeight: { type: 'integer', minimum: 100, maximum: 3000, default: 1200, 'x-labels': { en: 'Camera height (mm)', zh: '摄像头高度(mm)', ja: 'カメラ高さ(mm)' } },
    },
  ),
} as const satisfies Record<string, DebugParamSchema>;

/** A parameter group of onlineDebug. */
export type DebugParamKind = keyof typeof DEBUG_PARAM_SCHEMAS;
export const DEBUG_PARAM_KINDS = Object.keys(DEBUG_PARAM_SCHEMAS) as DebugParamKind[];

/** A parameter document (name → value). */
export type DebugParams = Record<string, number | boolean | string>;

/** The defaults of a group. */
export function debugParamDefaults(kind: DebugParamKind): DebugParams {
  return Object.fromEntries(Object.entries(DEBUG_PARAM_SCHEMAS[kind].properties).map(([k, f]) => [k, f.default]));
}

/** The diagnostic actions of fDebug. */
export const DIAGNOSTIC_ACTIONS = ['selfCheck', 'clearFaults', 'restartNavigation', 'restartVideo', 'syncClock'] as const;
export type DiagnosticAction = (typeof DIAGNOSTIC_ACTIONS)[number];

/** remotePoweroffReboot: 0 power off, 1 reboot. */
export const PowerOperation = { powerOff: 0, reboot: 1 } as const;

/** Terminal: the longest command line and how long a session may stay idle (robot and console). */
export const TERMINAL_MAX_LINE = 200;
export const TERMINAL_IDLE_MS = 10 * 60_000;
