/** The status a panel shows, merged from the `reqRobotStatus` answer and realtime pushes. */
import type { RobotTelemetry } from '@common/protocol';

/** Environment readings of a robot with environment detection (RobotTelemetry.env). */
export type EnvReadings = Partial<NonNullable<RobotTelemetry['env']>>;

/** The readings in display order with their units (°C, %RH, ppm, µg/m³, ppm, ppm). */
export const ENV_READINGS = [
  { key: 'temperature', unit: '°C', digits: 1 },
  { key: 'humidity', unit: '%RH', digits: 1 },
  { key: 'smoke', unit: 'ppm', digits: 0 },
  { key: 'pm25', unit: 'µg/m³', digits: 0 },
  { key: 'methane', unit: 'ppm', digits: 1 },
  { key: 'hydrogenFluoride', unit: 'ppm', digits: 2 },
] as const satisfies readonly { key: keyof EnvReadings; unit: string; digits: number }[];

/** The robot snapshot (reqRobotStatus / `snapshot` push) with the fields the panel uses. */
export interface RobotStatusView {
  robotId?: string;
  robotName?: string;
  robotType?: number;
  status?: number;
  online?: number;
  videoOnline?: number;
  interactOnline?: number;
  battery?: number;
  emergencyButtonStatus?: number;
  /** Call state (spec §3): idle 0, waiting 1, on call 2. */
  interactionState?: number;
  x?: number;
  y?: number;
  theta?: number;
  latitude?: number;
  longitude?: number;
  mapId?: number | null;
  /** Environment readings, when the robot sends them (only finite numbers are kept). */
  env?: EnvReadings;
  /** Per-camera push-video flag (pushVideoFlag / pushVideo pushes); a camera not yet reported pushes. */
  pushVideo?: Partial<Record<number, 0 | 1>>;
  /** Per-camera definition (videoParamNew push: index, sharpness). */
  definitions?: Partial<Record<number, number>>;
  /** Milliseconds since the epoch of the newest information. */
  updatedAt?: number;
}

/** Pushes that carry status fields. */
export const STATUS_PUSHES = ['snapshot', 'status', 'gps', 'interactionState', 'mapChange', 'nameChange'] as const;
/** Pushes that carry a camera's push flag or definition. */
export const CAMERA_PUSHES = ['pushVideoFlag', 'pushVideo', 'videoParamNew'] as const;

function toMillis(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const n = Date.parse(value);
    return Number.isNaN(n) ? undefined : n;
  }
  return undefined;
}

const FIELDS: (keyof RobotStatusView)[] = [
  'robotId', 'robotName', 'robotType', 'status', 'online', 'videoOnline', 'interactOnline', 'battery',
  'emergencyButtonStatus', 'interactionState', 'x', 'y', 'theta', 'latitude', 'longitude', 'mapId',
];

/** The readings of a payload's `env`, read defensively: an object with at least one finite reading, else undefined. */
export function envOf(value: unknown): EnvReadings | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: EnvReadings = {};
  for (const { key } of ENV_READINGS) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

const cameraOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 4 ? v : undefined);

function mergeCamera(current: RobotStatusView, event: string, payload: Record<string, unknown>): RobotStatusView {
  if (event === 'videoParamNew') {
    const camera = cameraOf(payload.index);
    const sharpness = payload.sharpness;
    if (camera === undefined || typeof sharpness !== 'number' || !Number.isInteger(sharpness)) return current;
    return { ...current, definitions: { ...current.definitions, [camera]: sharpness } };
  }
  const camera = cameraOf(payload.cameraId);
  if (camera === undefined || (payload.isPushVideo !== 0 && payload.isPushVideo !== 1)) return current;
  return { ...current, pushVideo: { ...current.pushVideo, [camera]: payload.isPushVideo } };
}

/** Applies one answer or push to the current view (newer information wins). */
export function mergeRobotStatus(current: RobotStatusView, event: string, payload: Record<string, unknown> | undefined, now: number = Date.now()): RobotStatusView {
  if (!payload || typeof payload !== 'object') return current;
  if ((CAMERA_PUSHES as readonly string[]).includes(event)) return mergeCamera(current, event, payload);
  if (!(STATUS_PUSHES as readonly string[]).includes(event)) return current;
  const next: RobotStatusView = { ...current };
  for (const f of FIELDS) if (payload[f] !== undefined) (next as Record<string, unknown>)[f] = payload[f];
  // A status without env keeps the last readings; a robot that sends env with nothing usable clears them.
  if ('env' in payload) next.env = envOf(payload.env);
  // The server's snapshot and status carry the cameras' push flags it knows (a console opened later sees them).
  if (payload.pushVideo && typeof payload.pushVideo === 'object') {
    const flags = { ...current.pushVideo };
    for (const [k, v] of Object.entries(payload.pushVideo as Record<string, unknown>)) {
      const camera = cameraOf(Number(k));
      if (camera !== undefined && (v === 0 || v === 1)) flags[camera] = v;
    }
    next.pushVideo = flags;
  }
  next.updatedAt = toMillis(payload.updatedAt) ?? toMillis(payload.t) ?? now;
  return next;
}

/** Whether a camera pushes video: only an explicit 0 (pushVideoFlag / pushVideo) says it does not. */
export function cameraPushes(view: RobotStatusView, cameraId: number): boolean {
  return view.pushVideo?.[cameraId] !== 0;
}

/** What a camera's lens answered last (cameraZoom / cameraFocus answer all four, a pan only pan and tilt). */
export interface LensReadout {
  zoom?: number;
  focus?: number;
  pan?: number;
  tilt?: number;
}

const LENS_FIELDS = ['zoom', 'focus', 'pan', 'tilt'] as const;

/**
 * Merges a PTZ or lens answer into the last read-out: the values it carries (finite numbers) win,
 * the others are kept, so that a pan, which answers only pan and tilt, leaves the zoom and focus known.
 * Returns `current` itself when the answer carries none.
 */
export function mergeLens(current: LensReadout | undefined, data: Record<string, unknown> | undefined): LensReadout | undefined {
  if (!data || typeof data !== 'object') return current;
  const next: LensReadout = { ...current };
  let changed = false;
  for (const f of LENS_FIELDS) {
    const v = data[f];
    if (typeof v === 'number' && Number.isFinite(v) && next[f] !== v) {
      next[f] = v;
      changed = true;
    }
  }
  return changed ? next : current;
}
