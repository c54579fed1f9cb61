import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { meets, taskDue, TrackStatus, TrackTaskStatus, TrackTaskType, TrackTopics } from '../../../common/track';
import type { TrackMessage, TrackState, TrackTask } from '../../../common/events/track';
import { StatusCode } from '../../../common/protocol';
import { REFUSALS } from '../../../common/robot-actions';
import { AppError } from '../../errors';
import { bumpTable } from '../../entities/crud';
import type { Services } from '../../services';
import type { FleetGateway } from '../../fleet/gateway';

/** A task row as stored (the catalogue's task). */
export type TrackTaskRow = TrackTask;

/**
 * The server's side of the rail robots: listens to their track topic (live state, each point's
 * readings and picture, the end of a run), stores results, raises warnings from the rules, and
 * starts preset tasks on their schedule. Robots are reached over MQTT only, through the gateway.
 */
export class TrackService {
  private readonly states = new Map<string, TrackState>();
  private timer: NodeJS.Timeout | null = null;
  /** Serialises the handling of one robot's messages (a point's row before its run's end). */
  private queue: Promise<void> = Promise.resolve();
  readonly pictureDir: string;

  constructor(private readonly svc: Services) {
    this.pictureDir = path.join(svc.config.dataDir, 'uploads', 'track');
  }

  /**
   * Every replica keeps the rail robots' live state; the leader stores results and warnings (a
   * run's points in order) and runs the schedule.
   */
  async start(gateway: FleetGateway): Promise<void> {
    fs.mkdirSync(this.pictureDir, { recursive: true });
    await gateway.onLive(TrackTopics.wildcard, (robotId, message) => {
      const m = message as unknown as TrackMessage;
      if (m.kind !== 'state' || m.robotId !== robotId) return;
      const { kind: _kind, ...state } = m;
      const prev = this.states.get(m.robotId);
      this.states.set(m.robotId, state);
      // The robot paused or resumed its run by itself (after an emergency stop): the task follows
      // (every replica sees it; the update is conditional, so the result is the same).
      if (state.taskId && prev && prev.trackStatus !== state.trackStatus && (state.trackStatus === TrackStatus.paused || state.trackStatus === TrackStatus.running)) {
        const status = state.trackStatus === TrackStatus.paused ? TrackTaskStatus.paused : TrackTaskStatus.inspecting;
        this.queue = this.queue
          .then(() => this.svc.db.query('UPDATE track_tasks SET "status" = $1 WHERE id = $2 AND "status" IN ($3, $4)', [status, state.taskId, TrackTaskStatus.inspecting, TrackTaskStatus.paused]))
          .then(() => bumpTable('track_tasks'))
          .catch(() => undefined);
      }
    });
    await gateway.onWork(
      TrackTopics.wildcard,
      (robotId, message) => {
        const m = message as unknown as TrackMessage;
        if (m.kind === 'state' || m.robotId !== robotId) return;
        this.queue = this.queue.then(() => this.handle(m)).catch(() => undefined);
      },
      { ordered: true },
    );
    this.timer = setInterval(() => {
      if (this.svc.cluster.isLeader()) void this.schedule().catch(() => undefined);
    }, 15_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue;
  }

  /** The last state a rail robot reported (null before it reported any). */
  state(robotId: string): TrackState | null {
    return this.states.get(robotId) ?? null;
  }

  private async handle(m: Exclude<TrackMessage, { kind: 'state' }>): Promise<void> {
    const db = this.svc.db;
    if (m.kind === 'point') {
      const picture = m.picture ? await this.savePicture(m.picture) : null;
      const item = { pointId: m.pointId, pointName: m.pointName, position: m.position, readings: m.readings, picture, t: new Date(m.t).toISOString() };
      await db.query('UPDATE track_results SET "items" = "items" || $1::jsonb WHERE id = $2', [JSON.stringify([item]), m.runId]);
      await this.raiseWarnings(m.robotId, m.runId, m.pointName, m.readings, picture);
    } else if (m.kind === 'done') {
      const rows = await db.query<{ taskId: number | null }>('UPDATE track_results SET "status" = $1, "finishedAt" = now() WHERE id = $2 AND "finishedAt" IS NULL RETURNING "taskId"', [m.status, m.runId]);
      const taskId = rows[0]?.taskId;
      if (taskId) await db.query('UPDATE track_tasks SET "status" = $1 WHERE id = $2', [m.status, taskId]);
      if (taskId) bumpTable('track_tasks');
    }
  }

  /** Writes a point's picture under uploads/track and shares it: every replica serves it (the /uploads/ route fetches it). */
  private async savePicture(svg: string): Promise<string> {
    const name = `${crypto.randomBytes(12).toString('hex')}.svg`;
    fs.writeFileSync(path.join(this.pictureDir, name), svg);
    await this.svc.blobs.saved(`uploads/track/${name}`);
    return `/uploads/track/${name}`;
  }

  /** Checks the robot's enabled rules against a point's readings; a rule fires again only after its interval. */
  private async raiseWarnings(robotId: string, resultId: number, pointName: string, readings: Record<string, number>, picture: string | null): Promise<void> {
    const db = this.svc.db;
    const rules = await db.query<{ id: number; name: string; checkItem: string; condition: string; value: number; relation: string; condition2: string | null; value2: number | null; interval: number }>(
      'SELECT id, "name", "checkItem", "condition", "value", "relation", "condition2", "value2", "interval" FROM track_warn_rules WHERE "robotId" = $1 AND "enabled"',
      [robotId],
    );
    for (const rule of rules) {
      const reading = readings[rule.checkItem];
      if (typeof reading !== 'number') continue;
      const first = meets(reading, rule.condition, rule.value);
      const hit = rule.condition2 && rule.value2 !== null ? (rule.relation === 'or' ? first || meets(reading, rule.condition2, rule.value2) : first && meets(reading, rule.condition2, rule.value2)) : first;
      if (!hit) continue;
      if (rule.interval > 0) {
        const recent = await db.query('SELECT 1 FROM track_warnings WHERE "ruleId" = $1 AND "createdAt" > now() - make_interval(mins => $2)', [rule.id, rule.interval]);
        if (recent.length) continue;
      }
      await db.query('INSERT INTO track_warnings ("robotId", "ruleId", "ruleName", "checkItem", "value", "pointName", "resultId", "picture") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
        robotId,
        rule.id,
        rule.name,
        rule.checkItem,
        reading,
        pointName,
        resultId,
        picture,
      ]);
    }
  }

  /** Starts a run of a task: a result row, the points handed to the robot, the task inspecting. */
  async startRun(task: TrackTaskRow): Promise<{ runId: number }> {
    const db = this.svc.db;
    if (!task.enabled) throw new AppError(StatusCode.badRequest, 'trackTaskDisabled');
    const robot = this.svc.fleet.get(task.robotId);
    if (!robot?.online || !this.svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    const state = this.states.get(task.robotId);
    if (state?.runId) throw new AppError(StatusCode.badRequest, 'trackTaskBusy');
    const points = await db.query<{ id: number; name: string; position: number; pitch: number; rotate: number; lift: number; actions: string[] }>(
      'SELECT id, "name", "position", "pitch", "rotate", "lift", "actions" FROM track_points WHERE "robotId" = $1 AND id = ANY($2::bigint[])',
      [task.robotId, task.pointIds],
    );
    const ordered = task.pointIds.map((id) => points.find((p) => Number(p.id) === Number(id))).filter((p) => p !== undefined);
    if (!ordered.some((p) => p.actions.length > 0)) throw new AppError(StatusCode.badRequest, 'trackPointActionRequired');
    const [run] = await db.query<{ id: number }>('INSERT INTO track_results ("robotId", "taskId", "taskName", "status") VALUES ($1, $2, $3, $4) RETURNING id', [
      task.robotId,
      task.id,
      task.name,
      TrackTaskStatus.inspecting,
    ]);
    const runId = Number(run!.id);
    const reply = await this.svc.gateway.request(task.robotId, 'trackTask', { runId, taskId: Number(task.id), points: ordered.map((p) => ({ ...p, id: Number(p.id) })) });
    if (!reply || reply.result !== 'accepted') {
      await db.query('DELETE FROM track_results WHERE id = $1', [runId]);
      if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
      throw new AppError(StatusCode.badRequest, reply.reason === 'state' ? 'trackTaskBusy' : (REFUSALS[reply.reason ?? 'state'] ?? 'refusedState'));
    }
    await db.query('UPDATE track_tasks SET "status" = $1, "lastRunAt" = now() WHERE id = $2', [TrackTaskStatus.inspecting, task.id]);
    bumpTable('track_tasks');
    return { runId };
  }

  /** Pauses, resumes or terminates the task's run on the robot. */
  async control(task: TrackTaskRow, op: 'pause' | 'resume' | 'terminate'): Promise<void> {
    const state = this.states.get(task.robotId);
    if (!state || Number(state.taskId) !== Number(task.id) || !this.svc.gateway) throw new AppError(StatusCode.badRequest, 'trackTaskNotRunning');
    const reply = await this.svc.gateway.request(task.robotId, 'trackTaskControl', { op });
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    const status = op === 'pause' ? TrackTaskStatus.paused : op === 'resume' ? TrackTaskStatus.inspecting : TrackTaskStatus.terminated;
    await this.svc.db.query('UPDATE track_tasks SET "status" = $1 WHERE id = $2', [status, task.id]);
    bumpTable('track_tasks');
    if (op === 'terminate') this.states.set(task.robotId, { ...state, runId: null, taskId: null });
  }

  /** Starts the preset, enabled tasks that are due (common/track `taskDue`). */
  async schedule(now = new Date()): Promise<void> {
    const tasks = await this.svc.db.query<TrackTaskRow>('SELECT * FROM track_tasks WHERE "enabled" AND "type" = $1', [TrackTaskType.preset]);
    for (const task of tasks) if (taskDue(task, now)) await this.startRun(task).catch(() => undefined);
  }
}
