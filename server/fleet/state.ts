import type { RobotPose, RobotTelemetry } from '../../common/protocol';
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
  x: number | null;
  y: number | null;
  theta: number | null;
  latitude: number | null;
  longitude: number | null;
  updatedAt: number | null;
}

type Listener = (robotId: string, event: 'status' | 'gps', data: unknown) => void;

/** Live state of the fleet, fed by the MQTT gateway; robots go offline when telemetry stops. */
export class FleetState {
  private readonly robots = new Map<string, RobotSnapshot>();
  private readonly listeners = new Set<Listener>();
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
      this.robots.set(r.robotId, {
        ...(prev ?? blank(r.robotId)),
        robotName: r.robotName,
        robotType: r.robotType,
        companyId: r.companyId,
        mapId: prev?.mapId ?? r.mapId,
        regionName: r.regionName,
      });
    }
    for (const id of this.robots.keys()) if (!seen.has(id)) this.robots.delete(id);
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
    // `t`: when the robot sent it (its own clock), beside `updatedAt`, when the server took it.
    this.emit(r.robotId, 'status', { ...this.statusOf(r), t: t.t });
    if (changed) void this.persist(r);
  }

  /** Applies a pose message from a robot. */
  applyPose(p: RobotPose): void {
    const r = this.robots.get(p.robotId);
    if (!r) return;
    Object.assign(r, { x: p.x, y: p.y, theta: p.theta, latitude: p.latitude, longitude: p.longitude, mapId: p.mapId ?? r.mapId });
    this.emit(r.robotId, 'gps', { x: p.x, y: p.y, theta: p.theta, latitude: p.latitude, longitude: p.longitude, mapId: r.mapId });
  }

  private statusOf(r: RobotSnapshot) {
    const { status, online, videoOnline, interactOnline, battery, emergencyButtonStatus, interactionState, updatedAt } = r;
    return { status, online, videoOnline, interactOnline, battery, emergencyButtonStatus, interactionState, updatedAt };
  }

  private emit(robotId: string, event: 'status' | 'gps', data: unknown): void {
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
