import { DEFAULT_RAIL_LENGTH_M, TRACK_LIMITS, TrackStatus } from '../../common/track';
import type { TrackMessage, TrackState } from '../../common/events/track';
import type { RefusalReason, RobotCommand } from '../../common/robot-actions';

/** One inspection point as the server hands it to the robot with a task. */
export interface SimTrackPoint {
  id: number;
  name: string;
  position: number;
  pitch: number;
  rotate: number;
  lift: number;
  actions: string[];
}

interface Run {
  runId: number;
  taskId: number;
  points: SimTrackPoint[];
  index: number;
  /** Seconds left performing the current point's actions (after arriving). */
  dwell: number;
}

const SPEED_M_S = 2;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * A rail-mounted inspection robot: moves along its rail, turns its head (pitch, rotate), raises its
 * lift, and executes inspection tasks point by point, reporting readings and a picture per point.
 * Driven by the fleet simulator's tick; speaks only through the messages it returns.
 */
export class TrackRail {
  status: number = TrackStatus.idle;
  position = 0;
  target: number | null = null;
  pitch = 0;
  rotate = 0;
  lift = 0;
  speed = 0;
  run: Run | null = null;
  readings: Record<string, number> = {};
  private pointName: string | null = null;
  private seed = 0;

  constructor(
    readonly robotId: string,
    readonly railLength = DEFAULT_RAIL_LENGTH_M,
  ) {}

  /** Handles a track command; a refusal reason, or data for the reply. */
  command(cmd: RobotCommand): RefusalReason | { data: unknown } | null {
    const p = cmd.params ?? {};
    switch (cmd.action) {
      case 'trackTask': {
        if (this.run && this.status !== TrackStatus.idle) return 'state';
        const points = (p.points as SimTrackPoint[]) ?? [];
        if (!points.length) return 'state';
        this.run = { runId: Number(p.runId), taskId: Number(p.taskId), points, index: 0, dwell: -1 };
        this.status = TrackStatus.running;
        this.target = null;
        return { data: this.state() };
      }
      case 'trackTaskControl': {
        const op = p.op;
        if (!this.run) return 'state';
        if (this.status === TrackStatus.error && op !== 'terminate') return 'state';
        if (op === 'pause') this.status = TrackStatus.paused;
        else if (op === 'resume') {
          this.status = TrackStatus.running;
          this.target = null;
        }
        else if (op === 'terminate') {
          this.pending.push({ kind: 'done', robotId: this.robotId, runId: this.run.runId, status: 3, t: Date.now() });
          this.run = null;
          this.status = TrackStatus.idle;
          this.speed = 0;
        }
        return { data: this.state() };
      }
      case 'trackRemote':
        return this.remote(String(p.command), Number(p.value ?? 0));
      default:
        return 'unsupported';
    }
  }

  private remote(command: string, value: number): RefusalReason | { data: unknown } {
    // During a run the rail is the task's; the server pauses the run first when its policy allows.
    const moving = command !== 'pitch' && command !== 'rotate' && command !== 'lift';
    if (this.run && moving && this.status !== TrackStatus.paused) return 'state';
    switch (command) {
      case 'forward':
        this.target = clamp(this.position + (value || 5), 0, this.railLength);
        break;
      case 'backward':
        this.target = clamp(this.position - (value || 5), 0, this.railLength);
        break;
      case 'goTo':
        this.target = clamp(value, 0, this.railLength);
        break;
      case 'stop':
        this.target = null;
        this.speed = 0;
        if (!this.run) this.status = TrackStatus.idle;
        break;
      case 'pitch':
        this.pitch = clamp(value, TRACK_LIMITS.pitchMin, TRACK_LIMITS.pitchMax);
        break;
      case 'rotate':
        this.rotate = clamp(value, TRACK_LIMITS.rotateMin, TRACK_LIMITS.rotateMax);
        break;
      case 'lift':
        this.lift = clamp(value, TRACK_LIMITS.liftMin, TRACK_LIMITS.liftMax);
        break;
      case 'reset':
        this.target = 0;
        this.pitch = 0;
        this.rotate = 0;
        this.lift = 0;
        break;
      default:
        return 'unsupported';
    }
    if (this.target !== null && !this.run) this.status = TrackStatus.running;
    return { data: this.state() };
  }

  private readonly pending: TrackMessage[] = [];

  /**
   * An emergency stop is a fault of the rail (spec §4 track status error 9): everything stops.
   * Once released the robot is idle, or paused when a run was going on (the user resumes it).
   */
  setFault(on: boolean): void {
    if (on && this.status !== TrackStatus.error) {
      this.status = TrackStatus.error;
      this.speed = 0;
      this.target = null;
    } else if (!on && this.status === TrackStatus.error) {
      this.status = this.run ? TrackStatus.paused : TrackStatus.idle;
    }
  }

  /** Advances one tick; returns what the robot publishes (its state last). */
  step(dt: number): TrackMessage[] {
    this.seed += dt;
    const out = this.pending.splice(0);
    if (this.status === TrackStatus.error) {
      this.speed = 0;
    } else if (this.status === TrackStatus.paused) {
      // A paused run may be driven by hand; resuming goes back to the run's point.
      if (this.target !== null && this.moveTowards(this.target, dt)) this.target = null;
      else if (this.target === null) this.speed = 0;
    } else if (this.run) {
      const run = this.run;
      const point = run.points[run.index]!;
      if (run.dwell < 0) {
        if (this.moveTowards(point.position, dt)) {
          // Arrived: turn the head and lift to the point's pose, then perform the actions.
          this.pitch = point.pitch;
          this.rotate = point.rotate;
          this.lift = point.lift;
          this.pointName = point.name;
          run.dwell = 1;
        }
      } else {
        run.dwell -= dt;
        if (run.dwell <= 0) {
          this.readings = this.measure(point);
          out.push({
            kind: 'point',
            robotId: this.robotId,
            runId: run.runId,
            pointId: point.id,
            pointName: point.name,
            position: Number(this.position.toFixed(2)),
            readings: this.readings,
            picture: point.actions.includes('photo') || point.actions.includes('infrared') ? this.picture(point) : null,
            t: Date.now(),
          });
          run.index++;
          run.dwell = -1;
          if (run.index >= run.points.length) {
            out.push({ kind: 'done', robotId: this.robotId, runId: run.runId, status: 4, t: Date.now() });
            this.run = null;
            this.status = TrackStatus.idle;
            this.speed = 0;
          }
        }
      }
    } else if (this.target !== null) {
      if (this.moveTowards(this.target, dt)) {
        this.target = null;
        this.status = TrackStatus.idle;
      }
    }
    out.push({ kind: 'state', ...this.state() });
    return out;
  }

  /** Moves along the rail; true once at `to`. */
  private moveTowards(to: number, dt: number): boolean {
    const d = to - this.position;
    const stepM = SPEED_M_S * dt;
    if (Math.abs(d) <= stepM) {
      this.position = to;
      this.speed = 0;
      return true;
    }
    this.position += Math.sign(d) * stepM;
    this.speed = SPEED_M_S;
    return false;
  }

  /** Believable readings for the point's actions: a slow drift along the rail plus a little noise. */
  private measure(point: SimTrackPoint): Record<string, number> {
    const wobble = (k: number) => Math.sin(this.seed * 0.7 + point.position * k);
    const r: Record<string, number> = {};
    const round = (v: number) => Number(v.toFixed(1));
    if (point.actions.includes('temperature')) r.temperature = round(26 + point.position * 0.1 + wobble(0.3) * 2);
    if (point.actions.includes('humidity')) r.humidity = round(55 + wobble(0.2) * 10);
    if (point.actions.includes('gas')) r.gas = round(8 + Math.abs(wobble(0.5)) * 6);
    if (point.actions.includes('noise')) r.noise = round(48 + wobble(0.4) * 8);
    if (point.actions.includes('infrared')) r.infrared = round(35 + point.position * 0.2 + wobble(0.6) * 3);
    return r;
  }

  /** A camera frame: a small SVG with what the camera saw (the point, its pose and readings). */
  private picture(point: SimTrackPoint): string {
    const lines = Object.entries(this.readings).map(([k, v], i) => `<text x="16" y="${110 + i * 22}" font-size="16" fill="#e6f4ff">${k}: ${v}</text>`);
    return [
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">',
      '<rect width="320" height="240" fill="#10233f"/>',
      `<rect x="200" y="30" width="90" height="70" rx="6" fill="#1677ff" opacity="${0.4 + (point.position % 5) / 10}"/>`,
      `<text x="16" y="36" font-size="20" fill="#fff">${escapeXml(point.name)}</text>`,
      `<text x="16" y="64" font-size="14" fill="#9cc3ff">${point.position.toFixed(1)} m · P${point.pitch}° R${point.rotate}° L${point.lift}</text>`,
      `<text x="16" y="86" font-size="12" fill="#9cc3ff">${new Date().toISOString()}</text>`,
      ...lines,
      '</svg>',
    ].join('');
  }

  state(): TrackState {
    return {
      robotId: this.robotId,
      trackStatus: this.status,
      position: Number(this.position.toFixed(2)),
      railLength: this.railLength,
      speed: this.speed,
      pitch: this.pitch,
      rotate: this.rotate,
      lift: this.lift,
      taskId: this.run?.taskId ?? null,
      runId: this.run?.runId ?? null,
      pointName: this.run ? this.pointName : null,
      readings: this.readings,
      t: Date.now(),
    };
  }
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
