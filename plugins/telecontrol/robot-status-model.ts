/** The status a panel shows, merged from the `reqRobotStatus` answer and realtime pushes. */

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
  /** Milliseconds since the epoch of the newest information. */
  updatedAt?: number;
}

/** Pushes that carry status fields. */
export const STATUS_PUSHES = ['snapshot', 'status', 'gps', 'interactionState', 'mapChange', 'nameChange'] as const;

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

/** Applies one answer or push to the current view (newer information wins). */
export function mergeRobotStatus(current: RobotStatusView, event: string, payload: Record<string, unknown> | undefined, now: number = Date.now()): RobotStatusView {
  if (!payload || !(STATUS_PUSHES as readonly string[]).includes(event)) return current;
  const next: RobotStatusView = { ...current };
  for (const f of FIELDS) if (payload[f] !== undefined) (next as Record<string, unknown>)[f] = payload[f];
  next.updatedAt = toMillis(payload.updatedAt) ?? toMillis(payload.t) ?? now;
  return next;
}
