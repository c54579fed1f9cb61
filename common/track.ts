/**
 * Track-mounted inspection robots (spec §3, §4, §5, §7): the numbers and names both the console
 * and the server use. No React, no Node.
 */

/** Spec §4: track status idle 0, running 1, paused 2, error 9. */
export const TrackStatus = { idle: 0, running: 1, paused: 2, error: 9 } as const;
/** Label keys of the track statuses. */
export const TRACK_STATUS_KEYS: Record<number, string> = { 0: 'idle', 1: 'running', 2: 'paused', 9: 'error' };

/** Spec §4: a track task waits, is inspecting, paused, terminated (killed) or finished. */
export const TrackTaskStatus = { waiting: 0, inspecting: 1, paused: 2, terminated: 3, finished: 4 } as const;
/** Label keys of the task statuses. */
export const TRACK_TASK_STATUS_KEYS: Record<number, string> = { 0: 'waiting', 1: 'inspecting', 2: 'paused', 3: 'terminated', 4: 'finished' };

/** Spec §3: task type preset (runs on its schedule) or instant (runs when started). */
export const TrackTaskType = { preset: 0, instant: 1 } as const;
/** Spec §3: period weekly, every other week or daily. */
export const TRACK_PERIODS = ['daily', 'weekly', 'biweekly'] as const;
/** Spec §3: policy interruption allowed 0 or forbidden 1. */
export const TrackPolicy = { interruptionAllowed: 0, interruptionForbidden: 1 } as const;

/** Actions performed at an inspection point. */
export const TRACK_ACTIONS = ['photo', 'temperature', 'humidity', 'gas', 'noise', 'infrared'] as const;
/** An action at an inspection point. */
export type TrackAction = (typeof TRACK_ACTIONS)[number];

/** Check items a warning rule can watch (`/checkItems`), with the action that measures them and the unit. */
export const TRACK_CHECK_ITEMS: { key: string; action: TrackAction; unit: string }[] = [
  { key: 'temperature', action: 'temperature', unit: '°C' },
  { key: 'humidity', action: 'humidity', unit: '%' },
  { key: 'gas', action: 'gas', unit: 'ppm' },
  { key: 'noise', action: 'noise', unit: 'dB' },
  { key: 'infrared', action: 'infrared', unit: '°C' },
];

/** Conditions of a warning rule. */
export const TRACK_CONDITIONS = ['>', '>=', '<', '<=', '=', '!='] as const;
/** and / or relation between a rule's two conditions. */
export const TRACK_RELATIONS = ['and', 'or'] as const;

/** Whether a reading meets a condition. */
export function meets(reading: number, condition: string, value: number): boolean {
  switch (condition) {
    case '>':
      return reading > value;
    case '>=':
      return reading >= value;
    case '<':
      return reading < value;
    case '<=':
      return reading <= value;
    case '=':
      return reading === value;
    case '!=':
      return reading !== value;
    default:
      return false;
  }
}

/** Remote-control commands of `POST /robot/track/remoteControl/{id}`. */
export const TRACK_REMOTE_COMMANDS = ['forward', 'backward', 'stop', 'goTo', 'pitch', 'rotate', 'lift', 'reset'] as const;
/** A remote-control command. */
export type TrackRemoteCommand = (typeof TRACK_REMOTE_COMMANDS)[number];
/** Remote commands that move the robot along the rail: they interrupt a running task (spec §3 policy). */
export const TRACK_MOVING_COMMANDS: readonly string[] = ['forward', 'backward', 'goTo', 'reset', 'stop'];
/** Limits of the rail robot's head and lift (PTZ pitch, rotate in degrees, lift in mm). */
export const TRACK_LIMITS = { pitchMin: -90, pitchMax: 90, rotateMin: 0, rotateMax: 360, liftMin: 0, liftMax: 2000 } as const;
/** Default rail length in metres when no track map says otherwise. */
export const DEFAULT_RAIL_LENGTH_M = 50;

/** Robot → server track topic: state every tick, a point's readings, a run's end. */
export const TrackTopics = {
  track: (robotId: string) => `fleet/robots/${robotId}/track`,
  wildcard: 'fleet/robots/+/track',
} as const;

// The rail robot's live state and the track topic's messages: TrackState and TrackMessage of common/events/track.ts.

/** What the scheduler needs of a task. */
export interface ScheduledTask {
  type: number;
  enabled: boolean;
  /** Null for an instant task (it runs when started). */
  runTime: string | null;
  period: string | null;
  weekDays: number[];
  lastRunAt: string | Date | null;
}

const DAY_MS = 86_400_000;

/**
 * Whether a preset, enabled task is due at `now` (local time): its run time has come today, it has
 * not run today, and today is one of its week days (weekly), at most every other week (biweekly).
 */
export function taskDue(task: ScheduledTask, now: Date): boolean {
  if (!task.enabled || task.type !== TrackTaskType.preset || !task.runTime) return false;
  const clock = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}:${String(now.getSeconds()).padStart(2, '0')}`;
  if (clock < task.runTime) return false;
  const last = task.lastRunAt ? new Date(task.lastRunAt).getTime() : 0;
  const todayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (last >= todayStart) return false;
  if (task.period === 'daily') return true;
  const days = task.weekDays.length ? task.weekDays : [1];
  if (!days.includes(now.getDay())) return false;
  return task.period !== 'biweekly' || last <= now.getTime() - 13 * DAY_MS;
}
