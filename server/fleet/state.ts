import type { PushEvent, RobotPose, RobotTelemetry, RobotVideoReport } from '../../common/protocol';
import type { Db } from '../store/db';
import { bumpTable } from '../entities/crud';

/** What the server knows of one robot right now (the reqRobotStatus answer and the realtime snapshot). */
export interface RobotSnapshot {
  robotId: string;
  robotName: string;
  robotType: number;
  companyId: number;
  mapId: number | null;
  regionName: string | null;
  status: number;
  online: 0 | 1;
  videoOnline: 0 | 1;
  interactOnline: 0 | 1;
  battery: number | null;
  emergencyButtonStatus: 0 | 1;
  interactionState: number;
  /** Issue 4: the latest environment readings of a robot with environment-detection modules (absent otherwise). */
  env?: RobotTelemetry['env'];
  /** Issue 4: each camera's push-video flag as last reported or commanded (absent: not reported, it pushes). */
  pushVideo?: Partial<Record<number, 0 | 1>>;
  x: number | null;
  y: number | null;
  theta: number | null;
  latitude: number | null;
  longitude: number | null;
  updatedAt: number | null;
}

type Listener = (robotId: string, event: PushEvent, data: unknown) => void;

/** Live state of the fleet, fed by the MQTT gateway; robots go offline when telemetry stops. */
export class FleetState {
  private readonly robots = new Map<string, RobotSnapshot>();
  private readonly listeners = new Set<Listener>();
  /** The map each robot has in the database, to tell an administrator's change from the robot's own. */
  private readonly dbMapIds = new Map<string, number | null>();
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly offlineAfterMs = 5_000,
  ) {}

  /** Loads (or reloads) the robot registry from the database, keeping live values. */
  async load(): Promise<void> {
    const rows = await this.db.query<{ robotId: string; robotName: string; robotType: number; companyId: number; mapId: number | null; regionName: string | null }>(
      'SELECT "robotId", "robotName", "robotType", "companyId", "mapId", "regionName" FROM robots',
    );
    const seen = new Set<string>();
    for (const r of rows) {
      seen.add(r.robotId);
      const prev = this.robots.get(r.robotId);
      const dbMapChanged = prev !== undefined && this.dbMapIds.get(r.robotId) !== r.mapId;
      this.dbMapIds.set(r.robotId, r.mapId);
      const mapId = dbMapChanged ? r.mapId : (prev?.mapId ?? r.mapId);
      this.robots.set(r.robotId, {
        ...(prev ?? blank(r.robotId)),
        robotName: r.robotName,
        robotType: r.robotType,
        companyId: r.companyId,
        mapId,
        regionName: r.regionName,
      });
      if (prev && prev.robotName !== r.robotName) this.emit(r.robotId, 'nameChange', { robotName: r.robotName });
      if (prev && prev.mapId !== mapId) this.emit(r.robotId, 'mapChange', { mapId });
    }
    for (const id of this.robots.keys()) {
      if (seen.has(id)) continue;
      this.robots.delete(id);
      this.dbMapIds.delete(id);
    }
  }

  /** Starts marking robots offline whose telemetry stopped. */
  start(): void {
    this.sweep ??= setInterval(() => {
      const now = Date.now();
      for (const r of this.robots.values()) {
        if (r.online && r.updatedAt !== null && now - r.updatedAt > this.offlineAfterMs) {
          r.online = 0;
          r.videoOnline = 0;
          r.interactOnline = 0;
          this.emit(r.robotId, 'status', this.statusOf(r));
          void this.persist(r);
        }
      }
    }, 1_000);
    this.sweep.unref();
  }

  stop(): void {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
  }

  get(robotId: string): RobotSnapshot | undefined {
    return this.robots.get(robotId);
  }

  all(): RobotSnapshot[] {
    return [...this.robots.values()];
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Applies a telemetry message from a robot. Unknown robots are ignored. */
  applyTelemetry(t: RobotTelemetry): void {
    const r = this.robots.get(t.robotId);
    if (!r) return;
    const changed = r.status !== t.status || r.online !== t.online;
    const callChanged = r.interactionState !== t.interactionState;
    Object.assign(r, {
      status: t.status,
      online: t.online,
      videoOnline: t.videoOnline,
      interactOnline: t.interactOnline,
      battery: t.battery,
      emergencyButtonStatus: t.emergencyButtonStatus,
      interactionState: t.interactionState,
      updatedAt: Date.now(),
    });
    if (t.env && typeof t.env === 'object') r.env = t.env;
    // `t`: when the robot sent it (its own clock), beside `updatedAt`, when the server took it.
    this.emit(r.robotId, 'status', { ...this.statusOf(r), t: t.t });
    if (callChanged) this.emit(r.robotId, 'interactionState', { interactionState: r.interactionState });
    if (changed) void this.persist(r);
  }

  /** Applies a pose message from a robot. */
  applyPose(p: RobotPose): void {
    const r = this.robots.get(p.robotId);
    if (!r) return;
    const mapChanged = p.mapId !== null && p.mapId !== undefined && p.mapId !== r.mapId;
    Object.assign(r, { x: p.x, y: p.y, theta: p.theta, latitude: p.latitude, longitude: p.longitude, mapId: p.mapId ?? r.mapId });
    if (mapChanged) this.emit(r.robotId, 'mapChange', { mapId: r.mapId });
    this.emit(r.robotId, 'gps', { x: p.x, y: p.y, theta: p.theta, latitude: p.latitude, longitude: p.longitude, mapId: r.mapId });
  }

  /** Relays a robot's video report: camera heartbeat, a camera's error code, push started or stopped. */
  applyVideo(robotId: string, v: RobotVideoReport): void {
    if (!this.robots.has(robotId)) return;
    const camera = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 4;
    if (v.kind === 'heart' && Array.isArray(v.cameras)) {
      const cameras = v.cameras.filter((c) => camera(c?.cameraId) && Number.isInteger(c.status)).map((c) => ({ cameraId: c.cameraId, status: c.status }));
      this.emit(robotId, 'VideoHeart', { cameras });
    } else if (v.kind === 'error' && camera(v.cameraId) && Number.isInteger(v.code)) {
      this.emit(robotId, 'VideoErrorReport', { cameraId: v.cameraId, code: v.code });
    } else if (v.kind === 'push' && camera(v.cameraId)) {
      this.setPushFlag(robotId, v.cameraId, v.isPushVideo ? 1 : 0);
      this.emit(robotId, 'pushVideo', { cameraId: v.cameraId, isPushVideo: v.isPushVideo ? 1 : 0 });
    }
  }

  /** Remembers a camera's push-video flag, so a console opened later shows it (snapshot and status). */
  setPushFlag(robotId: string, cameraId: number, flag: 0 | 1): void {
    const r = this.robots.get(robotId);
    if (r) r.pushVideo = { ...r.pushVideo, [cameraId]: flag };
  }

  private statusOf(r: RobotSnapshot) {
    const { status, online, videoOnline, interactOnline, battery, emergencyButtonStatus, interactionState, env, pushVideo, updatedAt } = r;
    return { status, online, videoOnline, interactOnline, battery, emergencyButtonStatus, interactionState, ...(env ? { env } : {}), ...(pushVideo ? { pushVideo } : {}), updatedAt };
  }

  private emit(robotId: string, event: PushEvent, data: unknown): void {
    for (const l of this.listeners) l(robotId, event, data);
  }

  /** Online and status are kept in the robots table so lists show them; other values stay in memory. */
  private async persist(r: RobotSnapshot): Promise<void> {
    try {
      await this.db.query('UPDATE robots SET "online" = $1, "status" = $2 WHERE "robotId" = $3', [r.online, r.status, r.robotId]);
      bumpTable('robots');
    } catch {
      /* the database may be closing; the next change writes again */
    }
  }
}

function blank(robotId: string): RobotSnapshot {
  return {
    robotId,
    robotName: robotId,
    robotType: 4,
    companyId: 0,
    mapId: null,
    regionName: null,
    status: 0,
    online: 0,
    videoOnline: 0,
    interactOnline: 0,
    battery: null,
    emergencyButtonStatus: 0,
    interactionState: 0,
    x: null,
    y: null,
    theta: null,
    latitude: null,
    longitude: null,
    updatedAt: null,
  };
}
