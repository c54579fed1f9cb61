/**
 * A robot's collision behaviour (spec §4 "Collision mode", §9 "Safe collision mode"): pure state,
 * no timers and no MQTT, so the simulator drives it with its clock and tests drive it by hand.
 *
 * - normal mode: a collision stops the robot until it is cleared (a reset action);
 * - safe mode: a collision stops it for the safe-mode stop time, then it resumes on its own; the
 *   n-th consecutive collision (each within the window of the one before) is a fault that needs
 *   manual recovery (the reset action clears it).
 */
import { Collision } from '../../common/constants';
import { alarmCodeOf } from '../../common/alarm-codes';

/** Spec §8 codes raised: a collision, and the fault of repeated collisions. */
export const COLLISION_CODES = { collision: alarmCodeOf('collision'), fault: alarmCodeOf('repeatedCollisions') } as const;

/** How a robot is set to behave (robotSetting › collision; defaults of spec §9). */
export interface CollisionConfig {
  mode: 'normal' | 'safe';
  safeStopMs: number;
  faultAfter: number;
  windowMs: number;
}

/** Where a robot stands with collisions. */
export interface CollisionState {
  config: CollisionConfig;
  /** clear: driving; stopped: after a collision (until `resumeAt` in safe mode, until cleared in normal mode); fault: manual recovery needed. */
  phase: 'clear' | 'stopped' | 'fault';
  resumeAt: number | null;
  /** Consecutive collisions so far and when the last one happened. */
  consecutive: number;
  lastAt: number | null;
}

/** What a transition asks the robot to report: alarm codes raised and cleared (spec §8). */
export interface CollisionEffects {
  raise: number[];
  clear: number[];
}

const NONE: CollisionEffects = { raise: [], clear: [] };

/** A robot's collision configuration from its robotSetting document (`collision` group); safe mode with the spec's numbers when absent. */
export function collisionConfig(settings: Record<string, unknown> | null | undefined): CollisionConfig {
  const g = (settings?.collision ?? {}) as Record<string, unknown>;
  const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);
  return {
    mode: g.collisionMode === Collision.modeNormal ? 'normal' : 'safe',
    safeStopMs: int(g.safeModeStopSeconds, Collision.safeModeStopMs / 1000) * 1000,
    faultAfter: Math.round(int(g.faultAfterCollisions, Collision.faultAfterConsecutive)),
    windowMs: int(g.collisionWindowSeconds, Collision.consecutiveWindowMs / 1000) * 1000,
  };
}

/** A robot that has not collided. */
export function initialCollision(config: CollisionConfig): CollisionState {
  return { config, phase: 'clear', resumeAt: null, consecutive: 0, lastAt: null };
}

/** Whether the robot must stand still (and refuse to drive) because of collisions. */
export function collisionHolds(s: CollisionState): boolean {
  return s.phase !== 'clear';
}

/** The robot hits something at `now`. */
export function collide(s: CollisionState, now: number): { state: CollisionState; effects: CollisionEffects } {
  if (s.phase === 'fault') return { state: s, effects: NONE };
  const consecutive = s.lastAt !== null && now - s.lastAt <= s.config.windowMs ? s.consecutive + 1 : 1;
  const raise = [COLLISION_CODES.collision];
  if (s.config.mode === 'safe' && consecutive >= s.config.faultAfter) {
    return { state: { ...s, phase: 'fault', resumeAt: null, consecutive, lastAt: now }, effects: { raise: [...raise, COLLISION_CODES.fault], clear: [] } };
  }
  const resumeAt = s.config.mode === 'safe' ? now + s.config.safeStopMs : null;
  return { state: { ...s, phase: 'stopped', resumeAt, consecutive, lastAt: now }, effects: { raise, clear: [] } };
}

/** Time passes: a safe-mode stop ends by itself (the collision alarm clears; the count of consecutive collisions stays). */
export function tickCollision(s: CollisionState, now: number): { state: CollisionState; effects: CollisionEffects } {
  if (s.phase !== 'stopped' || s.resumeAt === null || now < s.resumeAt) return { state: s, effects: NONE };
  return { state: { ...s, phase: 'clear', resumeAt: null }, effects: { raise: [], clear: [COLLISION_CODES.collision] } };
}

/** The reset action (manual recovery): any stop or fault ends, the count starts again. */
export function clearCollision(s: CollisionState): { state: CollisionState; effects: CollisionEffects } {
  if (s.phase === 'clear' && s.consecutive === 0) return { state: s, effects: NONE };
  const clear = s.phase === 'fault' ? [COLLISION_CODES.collision, COLLISION_CODES.fault] : s.phase === 'stopped' ? [COLLISION_CODES.collision] : [];
  return { state: { ...s, phase: 'clear', resumeAt: null, consecutive: 0, lastAt: null }, effects: { raise: [], clear } };
}

/** New settings arrive (setParams): a change of mode applies from the next collision. */
export function reconfigureCollision(s: CollisionState, config: CollisionConfig): CollisionState {
  return { ...s, config };
}
