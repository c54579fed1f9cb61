import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { RoleId, subjectCan } from '../../common/access';
import { MapElementKind, type MapConfig } from '../../common/map';
import { MqttTopics, StatusCode, type RobotNaviProgress } from '../../common/protocol';
import { companyChain } from '../alarms/alarm-service';
import type { Session } from '../auth/sessions';
import { REFUSALS, RobotAction } from '../../common/robot-actions';
import { bumpTable } from '../entities/crud';
import { defineEntityHooks } from '../entities/hooks';
import { companyVisible } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Queryable, Row } from '../store/db';
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
}

/** The running server's handler of progress reports (set by registerNavigationEvents). */
let navigationIntake: { onProgress(report: RobotNaviProgress): Promise<void> } | null = null;

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
  async function onProgress(p: RobotNaviProgress): Promise<void> {
    const t = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE id = $1 AND "robotId" = $2', [p.taskId, p.robotId]))[0];
    if (!t || t.status !== NaviStatus.running) return; // a run already stopped here, or not this robot's
    const rec = (await svc.db.query<{ id: number; armed: boolean }>('SELECT id, "armed" FROM nav_records WHERE "taskId" = $1 AND "endedAt" IS NULL ORDER BY id DESC LIMIT 1', [t.id]))[0];
    const laps = Math.max(0, Math.min(p.laps, p.count));
    let status: number = NaviStatus.running;
    await svc.db.transaction(async (tx) => {
      if (p.state === 'running') {
        await tx.query('UPDATE nav_tasks SET "lap" = $2, "point" = $3, "points" = $4 WHERE id = $1', [t.id, p.lap, p.point, p.points]);
        if (rec) await tx.query('UPDATE nav_records SET "laps" = $2 WHERE id = $1', [rec.id, laps]);
        return;
      }
      // Ended: a finished run leaves the task finished (an armed one waits for its next minute again).
      status = rec?.armed ? NaviStatus.started : p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped;
      await tx.query('UPDATE nav_tasks SET "status" = $2, "lap" = $3, "point" = $4, "points" = $5, "updatedAt" = now() WHERE id = $1', [t.id, status, p.lap, p.point, p.points]);
      if (rec) await tx.query('UPDATE nav_records SET "status" = $2, "laps" = $3, "result" = $4, "endedAt" = now() WHERE id = $1', [rec.id, p.state === 'finished' ? NaviStatus.finished : NaviStatus.stopped, laps, p.state]);
    });
    if (status !== NaviStatus.running) bumpTable('nav_tasks');
    await publish(t.companyId, { id: t.id, robotId: t.robotId, status, lap: p.lap, count: p.count, laps, point: p.point, points: p.points, result: p.state });
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

  /** Sends the task's route to its robot; refused with the spec's message when the robot cannot go. */
  async function dispatch(t: TaskRow): Promise<void> {
    const robot = svc.fleet.get(t.robotId);
    if (!robot || robot.online !== 1 || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    // Spec §8: a navigation task is blocked until the position is known and the emergency stop released.
    if (robot.x === null || robot.y === null || robot.emergencyButtonStatus === 1) throw new AppError(StatusCode.badRequest, 'navBlocked');
    const map = (await svc.db.query<{ config: Partial<MapConfig> }>('SELECT "config" FROM maps WHERE id = $1', [t.mapId]))[0];
    const route = (await svc.db.query<{ points: [number, number][] }>('SELECT "points" FROM map_elements WHERE "mapId" = $1 AND "kind" = $2 AND "name" = $3 ORDER BY id LIMIT 1', [t.mapId, MapElementKind.path, t.routeName]))[0];
    const c = map?.config;
    if (!route || !c?.scale || !c.pixelH || c.Xorigin === undefined || c.Yorigin === undefined) throw new AppError(StatusCode.badRequest, 'navRouteMissing', { name: t.routeName });
    const points = route.points.map(([px, py]) => [+(c.Xorigin! + px * c.scale!).toFixed(3), +(c.Yorigin! + (c.pixelH! - py) * c.scale!).toFixed(3)]);
    const reply = await svc.gateway.request(t.robotId, 'navigate', { taskId: t.id, mapId: t.mapId, points, count: t.count ?? 1 });
    if (!reply) throw new AppError(StatusCode.badRequest, 'mapSyncTimeout');
    if (reply.result === 'refused') throw new AppError(StatusCode.badRequest, reply.reason ? REFUSALS[reply.reason] : 'refusedState');
    await svc.db.transaction(async (tx) => {
      // A new run on the robot replaces the one it was driving: that run ends stopped, its task waits again.
      const replaced = await tx.query<{ taskId: number; armed: boolean }>(
        `UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL RETURNING "taskId", "armed"`,
        [t.robotId, NaviStatus.stopped],
      );
      for (const r of replaced) if (Number(r.taskId) !== t.id) await tx.query('UPDATE nav_tasks SET "status" = $2, "updatedAt" = now() WHERE id = $1 AND "status" = $3', [r.taskId, r.armed ? NaviStatus.started : NaviStatus.stopped, NaviStatus.running]);
      const armed = t.status === NaviStatus.started || (t.status === NaviStatus.running && replaced.some((r) => Number(r.taskId) === t.id && r.armed));
      await tx.query('INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status", "count", "armed") VALUES ($1, $2, $3, $4, $5, $6, $7)', [t.id, t.robotId, t.mapId, t.routeName, NaviStatus.running, t.count ?? 1, armed]);
      await tx.query('UPDATE nav_tasks SET "status" = $2, "runs" = coalesce("runs", 0) + 1, "lap" = 1, "point" = 1, "points" = $3, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1', [t.id, NaviStatus.running, points.length]);
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
      await svc.db.query(`UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "taskId" = $1 AND "endedAt" IS NULL`, [t.id, NaviStatus.stopped]);
      await setStatus(t.id, NaviStatus.stopped);
      if (t.status === NaviStatus.running) await publish(t.companyId, { id: t.id, robotId: t.robotId, status: NaviStatus.stopped, lap: t.lap ?? 0, count: t.count ?? 1, laps: Math.max(0, (t.lap ?? 1) - 1), point: t.point ?? 0, points: t.points ?? 0, result: 'stopped' });
      return { id: t.id, status: NaviStatus.stopped };
    },
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
      return svc.db.query('SELECT id, "taskId", "robotId", "mapId", "routeName", "status", "count", "laps", "result", "startedAt", "endedAt" FROM nav_records WHERE "taskId" = $1 ORDER BY id DESC LIMIT 100', [t.id]);
    },
  });

  // Started tasks run when their minute comes (at most once a minute, within their limit).
  let lastMinute = '';
  const timer = setInterval(() => {
    const now = new Date();
    const minute = now.toISOString().slice(0, 16);
    if (minute === lastMinute) return;
    lastMinute = minute;
    void (async () => {
      const due = (await svc.db.query<TaskRow>('SELECT * FROM nav_tasks WHERE "status" = $1', [NaviStatus.started])).filter((t) => isDue(t, now) && (!t.limitTimes || (t.runs ?? 0) < t.limitTimes));
      for (const t of due) await dispatch(t).catch(() => undefined);
    })().catch(() => undefined);
  }, 15_000);
  timer.unref();
  return () => clearInterval(timer);
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
