import { MapElementKind, type MapConfig } from '../../common/map';
import { StatusCode } from '../../common/protocol';
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
};

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
      await tx.query('UPDATE nav_records SET "status" = $2, "endedAt" = now() WHERE "robotId" = $1 AND "endedAt" IS NULL', [t.robotId, NaviStatus.finished]);
      await tx.query('INSERT INTO nav_records ("taskId", "robotId", "mapId", "routeName", "status") VALUES ($1, $2, $3, $4, $5)', [t.id, t.robotId, t.mapId, t.routeName, NaviStatus.running]);
      await tx.query('UPDATE nav_tasks SET "status" = $2, "runs" = coalesce("runs", 0) + 1, "lastRunAt" = now(), "updatedAt" = now() WHERE id = $1', [t.id, NaviStatus.running]);
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
      await svc.db.query('UPDATE nav_records SET "status" = $2, "endedAt" = now() WHERE "taskId" = $1 AND "endedAt" IS NULL', [t.id, NaviStatus.stopped]);
      await setStatus(t.id, NaviStatus.stopped);
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
      return svc.db.query('SELECT id, "taskId", "robotId", "mapId", "routeName", "status", "startedAt", "endedAt" FROM nav_records WHERE "taskId" = $1 ORDER BY id DESC LIMIT 100', [t.id]);
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
