/**
 * One legend of robot states for every screen (robot tree, overviews, maps): five groups of the
 * spec §4 status codes, each with one colour, so a robot reads the same everywhere.
 */

/** The state groups, in legend order. */
export const ROBOT_STATE_GROUPS = ['alert', 'working', 'charging', 'idle', 'offline'] as const;
/** One state group. */
export type RobotStateGroup = (typeof ROBOT_STATE_GROUPS)[number];

/** Colour of each group (contrast ≥ 3:1 on white and on dark backgrounds for the dot with its white ring). */
export const ROBOT_STATE_COLOURS: Record<RobotStateGroup, string> = {
  alert: '#dc2626',
  working: '#2563eb',
  charging: '#16a34a',
  idle: '#0d9488',
  offline: '#6b7280',
};

/** Error, riot, emergency stop, SOS, alarm pause. */
const ALERT = new Set([4, 5, 6, 12, 14]);
/** Charging, manual charging. */
const CHARGING = new Set([3, 22]);
/** Idle, initialising. */
const IDLE = new Set([0, 10]);

/** The group of a robot from its online flag, status code (spec §4) and emergency button. */
export function robotStateGroup(online: number | boolean | null | undefined, status: number | null | undefined, emergencyButton?: number | boolean | null): RobotStateGroup {
  if (!online) return 'offline';
  if (emergencyButton || (status !== null && status !== undefined && ALERT.has(status))) return 'alert';
  if (status !== null && status !== undefined && CHARGING.has(status)) return 'charging';
  if (status === null || status === undefined || IDLE.has(status)) return 'idle';
  return 'working';
}

/** The colour of a robot's state. */
export function robotStateColour(online: number | boolean | null | undefined, status: number | null | undefined, emergencyButton?: number | boolean | null): string {
  return ROBOT_STATE_COLOURS[robotStateGroup(online, status, emergencyButton)];
}
