/**
 * The simulator's occasional episodes (issue 4): the status codes of spec §4 a robot shows now and
 * then (mapping, interaction, SOS, lift rides, upgrades, faults …), short drops of its video and
 * interaction subsystems, a camera's error report, a minute offline, and collisions. Pure: which
 * episodes a robot of a kind can have, how long each step lasts and what it shows. The simulator
 * starts one only while the robot lives its own life (never over a commanded state) and only when
 * SIM_EPISODE_MINUTES is above 0.
 */
import { ALARM_CODE_RANGES } from '../../common/alarm-codes';
import { CAMERA_ERROR_CODE_BASE } from '../../common/constants';

/** Status codes of spec §4 the episodes show. */
export const EpisodeStatus = {
  error: 4,
  riot: 5,
  upgrade: 7,
  mapping: 9,
  initialising: 10,
  interaction: 11,
  sos: 12,
  strongAutonomous: 13,
  alarmPause: 14,
  following: 16,
  callingLift: 17,
  enteringLift: 18,
  inLift: 19,
  leavingLift: 20,
} as const;

/** Robot type numbers of spec §3. */
const T = { anbot: 1, apv: 2, fire: 3, static: 4, track: 5, anbotY: 6, cold: 7 } as const;
const MOBILE: readonly number[] = [T.anbot, T.apv, T.fire, T.anbotY, T.cold];
const SECURITY: readonly number[] = [T.anbot, T.anbotY];
const PEOPLE_FACING: readonly number[] = [T.anbot, T.static, T.anbotY];

/** One step of an episode: what the robot shows for how long. */
export interface EpisodeStep {
  seconds: number;
  /** Status shown instead of the robot's own (spec §4). */
  status?: number;
  /** Whether the robot keeps driving its loop during the step (mapping, following …); otherwise it stands. */
  moving?: boolean;
  videoOnline?: 0;
  interactOnline?: 0;
  /** The robot falls silent: no telemetry, no pose, no answers. */
  offline?: true;
  /** A fault code of spec §8 raised when the step begins and cleared when the episode ends. */
  code?: number;
  /** A camera's error report (VideoErrorReport) sent when the step begins. */
  cameraError?: { cameraId: number; code: number };
}

/** Kinds of episode. */
export type EpisodeKind =
  | 'mapping'
  | 'interaction'
  | 'sos'
  | 'strongAutonomous'
  | 'alarmPause'
  | 'following'
  | 'lift'
  | 'upgrade'
  | 'error'
  | 'riot'
  | 'videoDrop'
  | 'interactDrop'
  | 'cameraError'
  | 'offline'
  | 'collision';

/** What decides a robot's episodes: its kind and where it works. */
export interface EpisodeRobot {
  robotType: number;
  /** Its building has more than one floor (a lift ride is possible). */
  multiFloor: boolean;
}

/** An episode under way: its steps and the time spent in it. */
export interface Episode {
  kind: EpisodeKind | 'initialising';
  steps: EpisodeStep[];
  elapsed: number;
}

/** A random number in [0, 1) (Math.random, or a seeded one in tests). */
export type Rand = () => number;

interface EpisodeDef {
  /** Relative chance among the episodes a robot can have. */
  weight: number;
  /** Which robots can have it. */
  applies: (r: EpisodeRobot) => boolean;
  /** Whether the robot must be driving to have it (a collision). */
  whileMoving?: boolean;
}

const between = (rand: Rand, lo: number, hi: number) => Math.round(lo + rand() * (hi - lo));
const pick = <V>(rand: Rand, list: readonly V[]): V => list[Math.floor(rand() * list.length) % list.length]!;
const notTrack = (r: EpisodeRobot) => r.robotType !== T.track;
const mobile = (r: EpisodeRobot) => MOBILE.includes(r.robotType);

/** Which episodes exist, for whom, and how often relative to each other. */
export const EPISODES: Record<EpisodeKind, EpisodeDef> = {
  mapping: { weight: 1, applies: mobile },
  interaction: { weight: 4, applies: (r) => PEOPLE_FACING.includes(r.robotType) },
  sos: { weight: 1, applies: (r) => PEOPLE_FACING.includes(r.robotType) },
  strongAutonomous: { weight: 2, applies: mobile },
  alarmPause: { weight: 2, applies: notTrack },
  following: { weight: 2, applies: (r) => SECURITY.includes(r.robotType) },
  lift: { weight: 3, applies: (r) => mobile(r) && r.multiFloor },
  upgrade: { weight: 1, applies: () => true },
  error: { weight: 2, applies: notTrack },
  riot: { weight: 1, applies: (r) => SECURITY.includes(r.robotType) },
  videoDrop: { weight: 3, applies: () => true },
  interactDrop: { weight: 2, applies: notTrack }, // a rail robot has no interaction subsystem
  cameraError: { weight: 3, applies: () => true },
  offline: { weight: 1, applies: () => true },
  collision: { weight: 3, applies: mobile, whileMoving: true },
};

/** Fault codes of spec §8 (201-211, 401-410, 501-504) an error episode reports. */
export const EPISODE_FAULT_CODES: readonly number[] = ALARM_CODE_RANGES.fault.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i));

/** The episodes a robot can have now (a collision only while it drives; at most one robot offline). */
export function episodeKindsFor(r: EpisodeRobot, now: { moving: boolean; offlineAllowed: boolean }): EpisodeKind[] {
  return (Object.keys(EPISODES) as EpisodeKind[]).filter((k) => {
    const def = EPISODES[k];
    if (!def.applies(r)) return false;
    if (k === 'offline' && !now.offlineAllowed) return false;
    return !def.whileMoving || now.moving;
  });
}

/** Picks one of the kinds by weight (null when there is none). */
export function pickEpisode(kinds: readonly EpisodeKind[], rand: Rand): EpisodeKind | null {
  const total = kinds.reduce((n, k) => n + EPISODES[k].weight, 0);
  if (total <= 0) return null;
  let x = rand() * total;
  for (const k of kinds) {
    x -= EPISODES[k].weight;
    if (x < 0) return k;
  }
  return kinds[kinds.length - 1] ?? null;
}

/** The steps of an episode of that kind, with believable durations in seconds. Collisions are not steps: see collision.ts. */
export function episodeSteps(kind: EpisodeKind, rand: Rand, cameras = 5): EpisodeStep[] {
  const S = EpisodeStatus;
  switch (kind) {
    case 'mapping':
      return [{ status: S.mapping, seconds: between(rand, 90, 240), moving: true }];
    case 'interaction':
      return [{ status: S.interaction, seconds: between(rand, 20, 90) }];
    case 'sos':
      return [{ status: S.sos, seconds: between(rand, 8, 20) }];
    case 'strongAutonomous':
      return [{ status: S.strongAutonomous, seconds: between(rand, 40, 120), moving: true }];
    case 'alarmPause':
      return [{ status: S.alarmPause, seconds: between(rand, 15, 45) }];
    case 'following':
      return [{ status: S.following, seconds: between(rand, 30, 90), moving: true }];
    case 'lift':
      return [
        { status: S.callingLift, seconds: between(rand, 10, 40) },
        { status: S.enteringLift, seconds: between(rand, 4, 8) },
        { status: S.inLift, seconds: between(rand, 10, 25) },
        { status: S.leavingLift, seconds: between(rand, 4, 8) },
      ];
    case 'upgrade':
      return [{ status: S.upgrade, seconds: between(rand, 20, 45), interactOnline: 0 }];
    case 'error':
      return [{ status: S.error, seconds: between(rand, 45, 150), code: pick(rand, EPISODE_FAULT_CODES) }];
    case 'riot':
      return [{ status: S.riot, seconds: between(rand, 15, 40) }];
    case 'videoDrop':
      return [{ seconds: between(rand, 10, 40), videoOnline: 0 }];
    case 'interactDrop':
      return [{ seconds: between(rand, 10, 40), interactOnline: 0 }];
    case 'cameraError': {
      const cameraId = Math.floor(rand() * cameras) % cameras;
      return [{ seconds: 1, cameraError: { cameraId, code: CAMERA_ERROR_CODE_BASE + cameraId } }];
    }
    case 'offline':
      return [{ seconds: between(rand, 50, 70), offline: true }];
    case 'collision':
      return [];
  }
}

/** Spec §4 status 10: what every robot shows for a few seconds when the simulator starts it. */
export function initialisingSteps(rand: Rand): EpisodeStep[] {
  return [{ status: EpisodeStatus.initialising, seconds: between(rand, 3, 8) }];
}

/** Starts an episode. */
export function startEpisode(kind: Episode['kind'], steps: EpisodeStep[]): Episode {
  return { kind, steps, elapsed: 0 };
}

/** The step under way (null once the episode is over). */
export function currentStep(e: Episode): EpisodeStep | null {
  let t = e.elapsed;
  for (const s of e.steps) {
    if (t < s.seconds) return s;
    t -= s.seconds;
  }
  return null;
}

/** Time passes: the episode moves on; `entered` is the step begun in this tick (to raise its code or send its report). */
export function advanceEpisode(e: Episode, dt: number): { episode: Episode | null; entered: EpisodeStep | null } {
  const before = currentStep(e);
  const next = { ...e, elapsed: e.elapsed + dt };
  const now = currentStep(next);
  return { episode: now ? next : null, entered: now && now !== before ? now : null };
}

/** The fault codes an episode raised (cleared when it ends or is cut short). */
export function episodeCodes(e: Episode): number[] {
  return e.steps.flatMap((s) => (s.code !== undefined ? [s.code] : []));
}
