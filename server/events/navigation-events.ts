import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import mqtt from 'mqtt';
import { RoleId, subjectCan } from '../../common/access';
import { MapElementKind } from '../../common/map';
import type { MapConfig } from '../../common/events/maps';
import { MqttTopics, StatusCode, type RobotNaviProgress } from '../../common/protocol';
import { companyChain } from '../alarms/alarm-service';
import type { Session } from '../auth/sessions';
import { REFUSALS, RobotAction } from '../../common/robot-actions';
import { bumpTable } from '../entities/crud';
import { defineEntityHooks } from '../entities/hooks';
import { companyVisible } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Db, Queryable, Row } from '../store/db';
import { formatMessage, type MessageKey } from '../../common/messages';
import { recogniseDetection, RECOGNISED_KINDS, THRESHOLD_KINDS } from '../detections/recognise';
import { robotSettings } from '../detections/thresholds';
import { visibleCompanyIds } from '../entities/scope';
import type { Services } from '../services';
import type { AuthedContext, EventRegistry } from './registry';

/**
 * Patrol tasks beyond their generated CRUD (schema navigation-task): start (arm the schedule),
 * stop, run immediately (the route goes to the robot over MQTT as metres in the map frame), the
 * navigation records of spec §7, and a once-a-minute schedule check.
 */

/** Task states (schemas/enums/navigation-status.json). */
export const NaviStatus = { stopped: 0, started: 1, running: 2, finished: 3 } as const;

const ajv = createAjv();
const byId = ajv.compile({ type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, userId: { type: 'integer' } } });
const byNavi = ajv.compile({ type: 'object', required: ['naviId'], properties: { naviId: { type: 'integer', minimum: 1 } } });
const dayCountSchema = {
  type: 'object',
  properties: { naviId: { type: 'integer', minimum: 1 }, companyId: { type: 'integer', minimum: 1 }, startDate: { type: 'string', maxLength: 10 }, endDate: { type: 'string', maxLength: 10 } },
} as const;
const byDayCount = ajv.compile(dayCountSchema);
const reRecogSchema = { type: 'object', required: ['recordId'], properties: { recordId: { type: 'integer', minimum: 1 } } } as const;
const byRecord = ajv.compile(reRecogSchema);

/** A day written YYYY-MM-DD as its UTC midnight (ms), or null when it is not a real day. */
export function parseDay(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms;
}

/**
 * Runs left open by a server that stopped (crash, restart): at start, before any robot reports,
 * they end failed with reason naviServerRestarted and their tasks wait again (started if armed,
 * else stopped). Returns how many runs were closed.
 */
export async function closeInterruptedRuns(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await tx.query<{ taskId: number; armed: boolean }>(
      `UPDATE nav_records SET "status" = $1, "result" = 'failed', "reason" = 'naviServerRestarted', "endedAt" = now() WHERE "endedAt" IS NULL RETURNING "taskId", "armed"`,
      [NaviStatus.stopped],
    );
    for (const r of closed) {
      await tx.query(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'failed', "lastReason" = 'naviServerRestarted', "updatedAt" = now() WHERE id = $1 AND "status" = $3`, [
        r.taskId,
        r.armed ? NaviStatus.started : NaviStatus.stopped,
        NaviStatus.running,
      ]);
    }
    // A task marked running without an open record (written before records existed) waits again too.
    await tx.query('UPDATE nav_tasks SET "status" = $1, "updatedAt" = now() WHERE "status" = $2', [NaviStatus.stopped, NaviStatus.running]);
    return closed.length;
  });
}

type TaskRow = {
  id: number;
  companyId: number;
  name: string;
  robotId: string;
  mapId: number;
  routeName: string;
  count: number | null;
  time: string | null;
  months: string | null;
  days: string | null;
  weeks: string | null;
  hours: string | null;
  limitTimes: number | null;
  status: number | null;
  runs: number | null;
  lap: number | null;
  point: number | null;
  points: number | null;
};

/** Realtime topic of patrol task progress (pushes `naviProgress`). */
export const NAVI_TOPIC = 'navigation';

/** What the `navigation` topic pushes when a task's run moves on or ends. */
export interface NaviProgressPush {
  id: number;
  robotId: string;
  status: number;
  lap: number;
  count: number;
  laps: number;
  point: number;
  points: number;
  result: RobotNaviProgress['state'];
  /**
   * Why a failed run failed: a message key of common/messages.ts (naviRobotOffline, naviServerRestarted,
   * naviRobotFailed, or why a scheduled run could not start: navBlocked, robotOffline, navRouteMissing, a refusal).
   */
  reason?: FailReason;
}

/** Why a run failed (message keys, stored on the record and pushed). */
export type FailReason = 'naviRobotOffline' | 'naviServerRestarted' | 'naviRobotFailed' | MessageKey;

/** Longest range of GET /robot/naviRecord/getDayDataCount, in days. */
export const NAVI_DAY_COUNT_MAX_DAYS = 92;

/** The running server's handler of progress reports (set by registerNavigationEvents). */
let navigationIntake: { onProgress(report: RobotNaviProgress): Promise<void> } | null = null;

/** The running server's schedule check (set by registerNavigationEvents): tests run a minute's due tasks without waiting for it. */
let navigationSchedule: { runDue(now: Date): Promise<void> } | null = null;

/** Runs the started tasks due at `now` as the once-a-minute check does (tests; no-op before the server registered its events). */
export async function runDueNavigationTasks(now: Date): Promise<void> {
  await navigationSchedule?.runDue(now);
}

/** Whether a picker value ('*' or a comma list) holds n. */
const picks = (value: string | null, n: number) => !value || value === '*' || value.split(',').map(Number).includes(n);

/** Whether a started task is due at this minute (time HH:mm and the month/day/week/hour pickers). */
export function isDue(t: Pick<TaskRow, 'time' | 'months' | 'days' | 'weeks' | 'hours'>, now: Date): boolean {
  const hhmm = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
  return (t.time ?? '').slice(0, 5) === hhmm && picks(t.months, now.getMonth() + 1) && picks(t.days, now.getDate()) && picks(t.weeks, now.getDay()) && picks(t.hours, now.getHours());
}

/** Registers navigationStart, navigationStop, navigationImmediately and the navigation record calls. */
export function registerNavigationEvents(reg: EventRegistry, svc: Services): () => void {
  /** The task's map and robot must be in the caller's company tree. */
  async function checkRefs(ctx: AuthedContext, tx: Queryable, values: Row): Promise<void> {
    if (values.mapId !== undefined) {
      const m = (await tx.query<{ companyId: number }>('SELECT "companyId" FROM maps WHERE id = $1', [values.mapId]))[0];
      if (!m || !(await companyVisible(tx, ctx.session, m.companyId))) throw new AppError(StatusCode.badRequest, 'mapNotFound');
    }
    if (values.robotId !== undefined) {
      const r = (await tx.query<{ companyId: number }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [values.robotId]))[0];
      if (!r || !(await companyVisible(tx, ctx.session, r.companyId))) throw new AppError(StatusCode.badRequest, 'robotNotFound');
    }
  }
  defineEntityHooks('navigation-task', {
    async beforeCreate(ctx, tx, values) {
      await checkRefs(ctx, tx, values);
      values.status = NaviStatus.stopped;
      values.runs = 0;
    },
    async beforeUpdate(ctx, tx, values) {
      await checkRefs(ctx, tx, values);
    },
  });

  // Progress pushes reach the sessions that read navigation and see the task's company (or an ancestor's).
  svc.hub.addTopicKind(NAVI_TOPIC, { snapshot: async (session) => (subjectCan(session, 'navigation:read') ? {} : null) });
  async function publish(companyId: number, push: NaviProgressPush): Promise<void> {
    const chain = await companyChain(svc.db, companyId);
    const allow = (s: Session) => subjectCan(s, 'navigation:read') && (s.roleId === RoleId.superAdmin || s.roleId === RoleId.platformAdmin || chain.includes(s.companyId));
    svc.hub.publishTo(NAVI_TOPIC, 'naviProgress', push, allow);
  }
  navigationIntake = { onProgress: (report) => onProgress(report) };

  /** A robot's progress report: stored on the task and its run's record, pushed; the run ends finished, stopped or failed. */
  /**
   * Reports of runs being dispatched: the robot answers the command and may report its first point
   * before the run is written as running (a busy server), so they wait here and are applied after.
   */
  const dispatching = new Map<number, RobotNaviProgress[]>();
  async function onProgress(p: RobotNaviProgress): Promise<void> {
    const early = dispatching.get(p.taskId);
    if (early) {
      early.push(p);
      return;
    }
    const t = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE id = $1 AND "robotId" = $2', [p.taskId, p.robotId]))[0];
    if (!t || t.status !== NaviStatus.running) return; // a run already stopped here, or not this robot's
    const rec = (await svc.db.query<{ id: number; armed: boolean }>('SELECT id, "armed" FROM nav_records WHERE "taskId" = $1 AND "endedAt" IS NULL ORDER BY id DESC LIMIT 1', [t.id]))[0];
    const laps = Math.max(0, Math.min(p.laps, p.count));
    let status: number = NaviStatus.running;
    await svc.db.transaction(async (tx) => {
      if (p.state === 'running') {
        await tx.query('UPDATE nav_tasks SET "lap" = $2, "point" = $3, "points" = $4 WHERE id = $1', [t.id, p.lap, p.point, p.points]);
        if (rec) await tx.query('UPDATE nav_records SET "laps" = $2, "point" = $3, "points" = $4 WHERE id = $1', [rec.id, laps, p.point, p.points]);
        return;
      }
      // Ended: a finished run leaves the task finished (an armed one waits for its next minute again).
      status = rec?.armed ? NaviStatus.started : p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped;
      await tx.query('UPDATE nav_tasks SET "status" = $2, "lap" = $3, "point" = $4, "points" = $5, "lastResult" = $6, "lastReason" = $7, "updatedAt" = now() WHERE id = $1', [
        t.id,
        status,
        p.lap,
        p.point,
        p.points,
        p.state,
        p.state === 'failed' ? 'naviRobotFailed' : null,
      ]);
      if (rec) {
        await tx.query('UPDATE nav_records SET "status" = $2, "laps" = $3, "result" = $4, "endedAt" = now(), "point" = $5, "points" = $6, "reason" = $7 WHERE id = $1', [
          rec.id,
          p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped,
          laps,
          p.state,
          p.point,
          p.points,
          p.state === 'failed' ? 'naviRobotFailed' : null,
        ]);
      }
    });
    if (status !== NaviStatus.running) bumpTable('nav_tasks');
    await publish(t.companyId, { id: t.id, robotId: t.robotId, status, lap: p.lap, count: p.count, laps, point: p.point, points: p.points, result: p.state, ...(p.state === 'failed' ? { reason: 'naviRobotFailed' as const } : {}) });
  }

  async function loadTask(ctx: AuthedContext, id: number): Promise<TaskRow> {
    const t = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE id = $1', [id]))[0];
    if (!t || !(await companyVisible(svc.db, ctx.session, t.companyId))) throw new AppError(StatusCode.notFound, 'notFound');
    return t;
  }
  const setStatus = async (id: number, status: number) => {
    await svc.db.query('UPDATE nav_tasks SET "status" = $2, "updatedAt" = now() WHERE id = $1', [id, status]);
    bumpTable('nav_tasks');
  };

  /** Spec §8: a navigation task is blocked until the robot's position is known and its emergency stop released. */
  function refuseBlocked(robotId: string): void {
    const robot = svc.fleet.get(robotId);
    if (!robot || robot.x === null || robot.y === null || robot.emergencyButtonStatus === 1) throw new AppError(StatusCode.badRequest, 'navBlocked');
  }

  /** Sends the task's route to its robot; refused with the spec's message when the robot cannot go. */
  async function dispatch(t: TaskRow): Promise<void> {
    const robot = svc.fleet.get(t.robotId);
    if (!robot || robot.online !== 1 || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    refuseBlocked(t.robotId);
    const map = (await svc.db.query<{ config: Partial<MapConfig> }>('SELECT "config" FROM maps WHERE id = $1', [t.mapId]))[0];
    const route = (await svc.db.query<{ points: [number, number][] }>('SELECT "points" FROM map_elements WHERE "mapId" = $1 AND "kind" = $2 AND "name" = $3 ORDER BY id LIMIT 1', [t.mapId, MapElementKind.path, t.routeName]))[0];
    const c = map?.config;
    if (!route || !c?.scale || !c.pixelH || c.Xorigin === undefined || c.Yorigin === undefined) throw new AppError(StatusCode.badRequest, 'navRouteMissing', { name: t.routeName });
    const points = route.points.map(([px, py]) => [+(c.Xorigin! + px * c.scale!).toFixed(3), +(c.Yorigin! + (c.pixelH! - py) * c.scale!).toFixed(3)]);
    const early: RobotNaviProgress[] = [];
    dispatching.set(t.id, early);
    try {
      await startRun(t, points);
    } catch (err) {
      dispatching.delete(t.id);
      throw err;
    }
    dispatching.delete(t.id);
    for (const p of early) await onProgress(p);
  }

  /** Asks the robot to drive the route; once it accepts, the run is written as running. */
  async function startRun(t: TaskRow, points: number[][]): Promise<void> {
    const reply = await svc.gateway!.request(t.robotId, 'navigate', { taskId: t.id, mapId: t.mapId, points, count: t.count ?? 1 });
    if (!reply) throw new AppError(StatusCode.badRequest, 'mapSyncTimeout');
    if (reply.result === 'refused') throw new AppError(StatusCode.badRequest, reply.reason ? REFUSALS[reply.reason] : 'refusedState');
    await svc.db.transaction(async (tx) => {
      // A new run on the robot replaces the one it was driving: that run ends stopped, its task waits again.
      const replaced = await tx.query<{ taskId: number; armed: boolean }>(
        `UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL RETURNING "taskId", "armed"`,
        [t.robotId, NaviStatus.stopped],
      );
      for (const r of replaced) {
        if (Number(r.taskId) !== t.id) await tx.query(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'stopped', "lastReason" = NULL, "updatedAt" = now() WHERE id = $1 AND "status" = $3`, [r.taskId, r.armed ? NaviStatus.started : NaviStatus.stopped, NaviStatus.running]);
      }
      const armed = t.status === NaviStatus.started || (t.status === NaviStatus.running && replaced.some((r) => Number(r.taskId) === t.id && r.armed));
      await tx.query('INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status", "count", "armed", "point", "points") VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)', [t.id, t.robotId, t.mapId, t.routeName, NaviStatus.running, t.count ?? 1, armed, points.length]);
      await tx.query(`UPDATE nav_tasks SET "status" = $2, "runs" = coalesce("runs", 0) + 1, "lap" = 1, "point" = 1, "points" = $3, "lastResult" = 'running', "lastReason" = NULL, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1`, [t.id, NaviStatus.running, points.length]);
    });
    bumpTable('nav_tasks');
  }

  reg.register<{ id: number }>({
    name: 'navigationStart',
    access: { kind: 'permission', permission: 'navigation:update' },
    mutating: true,
    validate: byId,
    handler: async (ctx, p) => {
      const t = await loadTask(ctx as AuthedContext, p.id);
      // Arming is refused like Run now: a scheduled run of a robot that cannot go would only fail.
      refuseBlocked(t.robotId);
      (ctx as AuthedContext).before = { status: t.status };
      await setStatus(t.id, NaviStatus.started);
      return { id: t.id, status: NaviStatus.started };
    },
  });

  reg.register<{ id: number }>({
    name: 'navigationImmediately',
    access: { kind: 'permission', permission: 'navigation:update' },
    mutating: true,
    validate: byId,
    handler: async (ctx, p) => {
      const t = await loadTask(ctx as AuthedContext, p.id);
      (ctx as AuthedContext).before = { status: t.status };
      await dispatch(t);
      return { id: t.id, status: NaviStatus.running };
    },
  });

  reg.register<{ id: number }>({
    name: 'navigationStop',
    access: { kind: 'permission', permission: 'navigation:update' },
    mutating: true,
    validate: byId,
    handler: async (ctx, p) => {
      const t = await loadTask(ctx as AuthedContext, p.id);
      (ctx as AuthedContext).before = { status: t.status };
      if (t.status === NaviStatus.running && svc.fleet.get(t.robotId)?.online === 1) await svc.gateway?.request(t.robotId, RobotAction.stop, {});
      const ended = await svc.db.query(`UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "taskId" = $1 AND "endedAt" IS NULL RETURNING id`, [t.id, NaviStatus.stopped]);
      if (ended.length) await svc.db.query(`UPDATE nav_tasks SET "lastResult" = 'stopped', "lastReason" = NULL WHERE id = $1`, [t.id]);
      await setStatus(t.id, NaviStatus.stopped);
      if (t.status === NaviStatus.running) await publish(t.companyId, { id: t.id, robotId: t.robotId, status: NaviStatus.stopped, lap: t.lap ?? 0, count: t.count ?? 1, laps: Math.max(0, (t.lap ?? 1) - 1), point: t.point ?? 0, points: t.points ?? 0, result: 'stopped' });
      return { id: t.id, status: NaviStatus.stopped };
    },
  });

  /**
   * The runs a robot was driving end failed (it went offline): each record keeps the reason, its
   * task waits again (started if armed, else stopped) and the `navigation` topic says so.
   */
  async function failRunsOf(robotId: string, reason: FailReason): Promise<void> {
    const ended = await svc.db.transaction(async (tx) => {
      const closed = await tx.query<{ taskId: number; armed: boolean; laps: number; count: number; point: number; points: number }>(
        `UPDATE nav_records SET "status" = $2, "result" = 'failed', "reason" = $3, "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL
         RETURNING "taskId", "armed", "laps", "count", "point", "points"`,
        [robotId, NaviStatus.stopped, reason],
      );
      const out: { task: TaskRow; status: number; rec: (typeof closed)[number] }[] = [];
      for (const r of closed) {
        const status = r.armed ? NaviStatus.started : NaviStatus.stopped;
        const task = (
          await tx.query<TaskRow>(`UPDATE nav_tasks SET "status" = $2, "lastResult" = 'failed', "lastReason" = $4, "updatedAt" = now() WHERE id = $1 AND "status" = $3 RETURNING *`, [r.taskId, status, NaviStatus.running, reason])
        )[0];
        if (task) out.push({ task, status, rec: r });
      }
      return out;
    });
    if (!ended.length) return;
    bumpTable('nav_tasks');
    for (const { task, status, rec } of ended) {
      await publish(task.companyId, { id: task.id, robotId, status, lap: task.lap ?? 0, count: rec.count, laps: rec.laps, point: rec.point, points: rec.points, result: 'failed', reason });
    }
  }
  // A robot that goes offline (telemetry stopped, or it said so) mid-run and stays offline for the grace
  // period (NAVI_OFFLINE_GRACE_SECONDS): its run has failed. Back online in time, the run goes on.
  const graceMs = Math.max(0, (svc.config.naviOfflineGraceSeconds ?? 10) * 1000);
  const offlineTimers = new Map<string, NodeJS.Timeout>();
  const offlineChains = new Map<string, Promise<void>>();
  const unwatch = svc.fleet.onChange((robotId, event, data) => {
    if (event !== 'status') return;
    const online = (data as { online?: number }).online;
    if (online === 1) {
      clearTimeout(offlineTimers.get(robotId));
      offlineTimers.delete(robotId);
      return;
    }
    if (online !== 0 || offlineTimers.has(robotId)) return;
    const timer = setTimeout(() => {
      offlineTimers.delete(robotId);
      if (svc.fleet.get(robotId)?.online === 1) return;
      const next = (offlineChains.get(robotId) ?? Promise.resolve())
        .then(() => failRunsOf(robotId, 'naviRobotOffline'))
        .catch(() => undefined); // the database may be closing
      offlineChains.set(robotId, next);
    }, graceMs);
    timer.unref();
    offlineTimers.set(robotId, timer);
  });

  // Spec §7: GET /robot/naviRecord/getByNaviId — the runs of one task, newest first.
  reg.register<{ naviId: number }>({
    name: 'GET /robot/naviRecord/getByNaviId',
    access: { kind: 'permission', permission: 'navigation:read' },
    mutating: false,
    validate: byNavi,
    labelSchema: { properties: { naviId: { type: 'integer' } } },
    handler: async (ctx, p) => {
      const t = await loadTask(ctx as AuthedContext, p.naviId);
      const rows = await svc.db.query<Row & { reason: string | null }>(
        `SELECT id, "taskId", "robotId", "mapId", "routeName", "status", "count", "laps", "point", "points", "result", "reason", "startedAt", "endedAt",
                floor(extract(epoch FROM (coalesce("endedAt", now()) - "startedAt")))::int AS "duration", "recognised", "recognisedAt"
         FROM nav_records WHERE "taskId" = $1 ORDER BY id DESC LIMIT 100`,
        [t.id],
      );
      // The reason in the caller's language beside its key.
      return rows.map((r) => ({ ...r, reasonKey: r.reason, reason: r.reason ? formatMessage(r.reason as MessageKey, ctx.lang) : null }));
    },
  });

  // Spec §7: GET /robot/naviRecord/getDayDataCount — runs per UTC day of one task, or of the company's tasks.
  reg.register<{ naviId?: number; companyId?: number; startDate?: string; endDate?: string }>({
    name: 'GET /robot/naviRecord/getDayDataCount',
    access: { kind: 'permission', permission: 'navigation:read' },
    mutating: false,
    validate: byDayCount,
    labelSchema: dayCountSchema,
    handler: async (ctx, p) => {
      const a = ctx as AuthedContext;
      const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      const end = p.endDate === undefined ? today : parseDay(p.endDate);
      const start = p.startDate === undefined ? (end ?? today) - 6 * 86_400_000 : parseDay(p.startDate);
      if (start === null || end === null) throw new AppError(StatusCode.badRequest, 'naviDateInvalid');
      if (start > end) throw new AppError(StatusCode.badRequest, 'naviRangeOrder');
      const days = Math.round((end - start) / 86_400_000) + 1;
      if (days > NAVI_DAY_COUNT_MAX_DAYS) throw new AppError(StatusCode.badRequest, 'naviRangeTooLong', { limit: NAVI_DAY_COUNT_MAX_DAYS });
      const where: string[] = ['r."startedAt" >= $1', 'r."startedAt" < $2'];
      const args: unknown[] = [new Date(start).toISOString(), new Date(end + 86_400_000).toISOString()];
      if (p.naviId !== undefined) {
        const t = await loadTask(a, p.naviId);
        args.push(t.id);
        where.push(`r."taskId" = $${args.length}`);
      } else if (p.companyId !== undefined) {
        if (!(await companyVisible(svc.db, a.session, p.companyId))) throw new AppError(StatusCode.notFound, 'notFound');
        args.push(p.companyId);
        where.push(`t."companyId" = $${args.length}`);
      } else {
        const ids = await visibleCompanyIds(svc.db, a.session);
        if (ids !== null) {
          args.push(ids);
          where.push(`t."companyId" = ANY($${args.length}::bigint[])`);
        }
      }
      const counts = await svc.db.query<{ day: string; result: string; n: number }>(
        `SELECT to_char(r."startedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, r."result", count(*)::int AS n
         FROM nav_records r JOIN nav_tasks t ON t.id = r."taskId" WHERE ${where.join(' AND ')} GROUP BY 1, 2`,
        args,
      );
      return Array.from({ length: days }, (_, i) => {
        const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
        const of = (result: string) => counts.filter((c) => c.day === date && c.result === result).reduce((n, c) => n + c.n, 0);
        const row = { date, count: 0, finished: of('finished'), stopped: of('stopped'), failed: of('failed'), running: of('running') };
        row.count = row.finished + row.stopped + row.failed + row.running;
        return row;
      });
    },
  });

  // Spec §7: POST /robot/naviRecord/reRecog?recordId — the server's recognition again over the detections of a run.
  reg.register<{ recordId: number }>({
    name: 'POST /robot/naviRecord/reRecog',
    access: { kind: 'permission', permission: 'navigation:update' },
    mutating: true,
    validate: byRecord,
    labelSchema: reRecogSchema,
    handler: async (ctx, p) => {
      const a = ctx as AuthedContext;
      const rec = (
        await svc.db.query<{ id: number; robotId: string; startedAt: string; endedAt: string | null; companyId: number | null; recognised: number | null }>(
          `SELECT r.id, r."robotId", r."startedAt", r."endedAt", r."recognised", coalesce(t."companyId", rb."companyId") AS "companyId"
           FROM nav_records r LEFT JOIN nav_tasks t ON t.id = r."taskId" LEFT JOIN robots rb ON rb."robotId" = r."robotId" WHERE r.id = $1`,
          [p.recordId],
        )
      )[0];
      if (!rec || rec.companyId === null || !(await companyVisible(svc.db, a.session, Number(rec.companyId)))) throw new AppError(StatusCode.notFound, 'naviRecordNotFound');
      if (rec.endedAt === null) throw new AppError(StatusCode.badRequest, 'naviRecordRunning');
      a.before = { recordId: rec.id, recognised: rec.recognised };
      const robot = (await svc.db.query<{ companyId: number | null }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [rec.robotId]))[0];
      const settings = await robotSettings(svc.db, svc.schemas, rec.robotId);
      const found = await svc.db.query<{ id: number; companyId: number | null; kind: string; data: Record<string, unknown> }>(
        `SELECT id, "companyId", kind, data FROM detections WHERE "robotId" = $1 AND "detectedAt" >= $2 AND "detectedAt" <= $3 AND kind = ANY($4::text[]) ORDER BY id`,
        [rec.robotId, rec.startedAt, rec.endedAt, RECOGNISED_KINDS],
      );
      let changed = 0;
      await svc.db.transaction(async (tx) => {
        for (const d of found) {
          const data = { ...d.data };
          await recogniseDetection(tx, d.companyId ?? robot?.companyId ?? null, d.kind, data, THRESHOLD_KINDS.includes(d.kind) ? settings : undefined);
          const differs = !isDeepStrictEqual(data, d.data);
          if (differs) changed++;
          await tx.query('UPDATE detections SET data = $2, "updatedAt" = now() WHERE id = $1', [d.id, JSON.stringify({ ...data, recognisedAt: new Date().toISOString() })]);
        }
        await tx.query('UPDATE nav_records SET "recognised" = $2, "recognisedAt" = now() WHERE id = $1', [rec.id, found.length]);
      });
      if (found.length) bumpTable('detections');
      return { recordId: rec.id, recognised: found.length, changed };
    },
  });

  /**
   * A scheduled run that could not start (robot offline, blocked, route missing, refused) is not
   * dropped: it is a failed record with the reason, the task keeps waiting (started) with the reason
   * as its last result, and the `navigation` topic says so, so the list shows why nothing ran.
   */
  async function failScheduled(t: TaskRow, err: unknown): Promise<void> {
    const reason: FailReason = err instanceof AppError ? err.messageKey : 'naviRobotFailed';
    await svc.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status", "count", "armed", "point", "points", "result", "reason", "endedAt")
         VALUES ($1, $2, $3, $4, $5, $6, true, 0, 0, 'failed', $7, now())`,
        [t.id, t.robotId, t.mapId, t.routeName, NaviStatus.stopped, t.count ?? 1, reason],
      );
      await tx.query(`UPDATE nav_tasks SET "lastResult" = 'failed', "lastReason" = $2, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1`, [t.id, reason]);
    });
    bumpTable('nav_tasks');
    await publish(t.companyId, { id: t.id, robotId: t.robotId, status: NaviStatus.started, lap: 0, count: t.count ?? 1, laps: 0, point: 0, points: 0, result: 'failed', reason });
  }

  /** Runs the started tasks due at this minute (within their limit); each that cannot start is recorded failed. */
  async function runDue(now: Date): Promise<void> {
    const due = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE "status" = $1', [NaviStatus.started])).filter((t) => isDue(t, now) && (!t.limitTimes || (t.runs ?? 0) < t.limitTimes));
    for (const t of due) await dispatch(t).catch((err: unknown) => failScheduled(t, err));
  }
  navigationSchedule = { runDue };

  // Started tasks run when their minute comes (at most once a minute, within their limit).
  let lastMinute = '';
  const timer = setInterval(() => {
    const now = new Date();
    const minute = now.toISOString().slice(0, 16);
    if (minute === lastMinute) return;
    lastMinute = minute;
    void runDue(now).catch(() => undefined); // the database may be closing
  }, 15_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    unwatch();
    for (const t of offlineTimers.values()) clearTimeout(t);
    offlineTimers.clear();
  };
}


/** Listens to the robots' navigation topic (patrol progress); returns the closer. Call after registerNavigationEvents. */
export async function startNavigationIntake(mqttUrl: string): Promise<() => Promise<void>> {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: `fleet-navigation-${process.pid}-${crypto.randomBytes(3).toString('hex')}`, reconnectPeriod: 2_000 });
  await client.subscribeAsync(MqttTopics.navigationWildcard, { qos: 1 });
  // Reports of one robot are handled in order (a lap's last point before the run's end).
  const chains = new Map<string, Promise<void>>();
  client.on('message', (topic, payload) => {
    const robotId = topic.split('/')[2];
    let report: RobotNaviProgress;
    try {
      report = JSON.parse(payload.toString()) as RobotNaviProgress;
    } catch {
      return; // garbage from a robot is ignored
    }
    const ints = [report?.taskId, report?.lap, report?.count, report?.laps, report?.point, report?.points];
    if (!robotId || report.robotId !== robotId || !ints.every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000)) return;
    if (!['running', 'finished', 'stopped', 'failed'].includes(report.state)) return;
    const next = (chains.get(robotId) ?? Promise.resolve())
      .then(() => navigationIntake?.onProgress(report))
      .catch((err: unknown) => console.warn(`navigation intake: ${(err as Error).message}`));
    chains.set(robotId, next);
  });
  return async () => {
    await client.endAsync(true);
  };
}
