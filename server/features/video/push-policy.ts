/**
 * Spec §9 data-saving modes: when a robot pushes its cameras although nobody watches.
 *
 * - 1 always push: every camera whose push-video flag is on pushes while the robot and its video
 *   are online, so a console opens it at once;
 * - 2 push only when viewed (the default): a camera pushes while someone watches it (live-relay.ts);
 * - 3 push during patrol: as 1 while the robot navigates (status 2), as 2 otherwise.
 *
 * The mode is the robot's own (robotSetting → Data and network, 1-3) unless it is 0 "as the company's
 * setting" (the default), then its company's (companySetting), else 2. Streams held without viewers go to the cluster's
 * leader, one push per camera for the whole cluster; a console on another replica starts its own
 * push as in mode 2. The leader looks again every few seconds, so a changed mode, a patrol that
 * starts or ends, or a robot that comes back applies within that time on every replica's data.
 */
import { tableVersionOf } from '../../entities/crud';
import type { RobotSnapshot } from '../../fleet/state';
import type { Services } from '../../services';
import { CAMERA_NAMES } from '../../../common/camera';
import type { Sink } from './live-relay';

export const DataSavingMode = { always: 1, whenViewed: 2, duringPatrol: 3 } as const;
/** The mode of a robot neither it nor its company chose (data-saving on: robots often use mobile data). */
export const DEFAULT_DATA_SAVING_MODE = DataSavingMode.whenViewed;
/** Robot status of spec §4 while it navigates a patrol. */
const NAVIGATING = 2;

/** The cameras a robot pushes without a viewer in a mode (pure). */
export function heldCameras(mode: number, robot: Pick<RobotSnapshot, 'online' | 'videoOnline' | 'status' | 'pushVideo'>): number[] {
  if (robot.online !== 1 || robot.videoOnline !== 1) return [];
  const holds = mode === DataSavingMode.always || (mode === DataSavingMode.duringPatrol && robot.status === NAVIGATING);
  return holds ? CAMERA_NAMES.map((_, i) => i).filter((i) => robot.pushVideo?.[i] !== 0) : [];
}

/** What a held stream needs of the live relays. */
export interface HoldTarget {
  watch(robotId: string, cameraId: number, camera: string, sink: Sink): () => void;
}

/** How often the leader looks again, and how long a camera that would not push is left alone. */
const LOOK_MS = 2_000;
const RETRY_MS = 30_000;
/** The modes are read again when a replica writes robot_settings or company_params, and at least this often (a write outside the bumped paths). */
const MODES_MAX_AGE_MS = 30_000;

/** Holds the streams the modes ask for, on the leader only. */
export class PushHolds {
  private readonly held = new Map<string, () => void>();
  /** Cameras whose push ended by itself (refused, offline): not asked again before this time. */
  private readonly resting = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  /** The modes last read, with the table versions they were read at. */
  private cachedModes: { modeOf: (robot: RobotSnapshot) => number; versions: string; at: number } | null = null;

  constructor(
    private readonly svc: Services,
    private readonly relays: HoldTarget,
    private readonly lookMs = LOOK_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.look(), this.lookMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const release of this.held.values()) release();
    this.held.clear();
  }

  /** The streams held now (`robotId/cameraId`), for tests and diagnostics. */
  get streams(): string[] {
    return [...this.held.keys()].sort();
  }

  /** The modes, read from the database only when their tables changed (or the last read is old). */
  private async modes(): Promise<(robot: RobotSnapshot) => number> {
    const versions = `${tableVersionOf('robot_settings')}/${tableVersionOf('company_params')}`;
    const now = Date.now();
    const hit = this.cachedModes;
    if (hit && hit.versions === versions && now - hit.at < MODES_MAX_AGE_MS) return hit.modeOf;
    const modeOf = await this.readModes();
    this.cachedModes = { modeOf, versions, at: now };
    return modeOf;
  }

  /** Each robot's mode: its saved robot setting, else its company's setting, else the default. */
  private async readModes(): Promise<(robot: RobotSnapshot) => number> {
    const [own, company] = await Promise.all([
      this.svc.db.query<{ robotId: string; mode: string | null }>(`SELECT robot_id AS "robotId", params->'network'->>'dataSavingMode' AS mode FROM robot_settings WHERE schema_id = 'robot-setting'`),
      this.svc.db.query<{ companyId: number; mode: number | null }>('SELECT "companyId", "dataSavingMode" AS mode FROM company_params'),
    ]);
    // A robot's 0 (or a document saved before the field existed) follows its company.
    const byRobot = new Map(own.filter((r) => r.mode !== null && Number(r.mode) > 0).map((r) => [r.robotId, Number(r.mode)]));
    const byCompany = new Map(company.filter((r) => r.mode !== null).map((r) => [Number(r.companyId), Number(r.mode)]));
    return (robot) => byRobot.get(robot.robotId) ?? byCompany.get(robot.companyId) ?? DEFAULT_DATA_SAVING_MODE;
  }

  /** Starts the holds the modes ask for and releases the others. */
  async look(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (!this.svc.cluster.isLeader()) return this.releaseAll();
      const modeOf = await this.modes();
      const wanted = new Set<string>();
      for (const robot of this.svc.fleet.all()) {
        for (const cameraId of heldCameras(modeOf(robot), robot)) wanted.add(`${robot.robotId}/${cameraId}`);
      }
      for (const [id, release] of this.held) {
        if (wanted.has(id)) continue;
        this.held.delete(id);
        release();
      }
      const now = Date.now();
      for (const id of wanted) {
        if (this.held.has(id) || (this.resting.get(id) ?? 0) > now) continue;
        this.resting.delete(id);
        const [robotId, camera] = [id.slice(0, id.lastIndexOf('/')), Number(id.slice(id.lastIndexOf('/') + 1))];
        const release = this.relays.watch(robotId, camera, CAMERA_NAMES[camera]!, {
          send: () => undefined,
          full: () => false,
          end: () => {
            // The push ended without us (refused, video offline): rest, then ask again if still wanted.
            if (this.held.get(id) !== release) return;
            this.held.delete(id);
            this.resting.set(id, Date.now() + RETRY_MS);
          },
        });
        this.held.set(id, release);
      }
    } catch {
      // The database is away for a moment: look again next time.
    } finally {
      this.busy = false;
    }
  }

  private releaseAll(): void {
    for (const release of this.held.values()) release();
    this.held.clear();
  }
}
