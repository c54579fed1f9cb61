import { navigationEvents } from '../../../common/events/navigation';
import { normalisePickList, PICK_LIST_RANGES } from '../../../common/formats';
import { StatusCode } from '../../../common/protocol';
import { RobotAction } from '../../../common/robot-actions';
import { defineEntityHooks } from '../../entities/hooks';
import { companyVisible, inCompanyTree } from '../../entities/scope';
import { AppError } from '../../errors';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import type { Queryable, Row } from '../../store/db';
import { NaviStatus, type NavigationRuns } from './navigation-runs';

/**
 * Patrol tasks beyond their generated CRUD (schema navigation-task): start (arm the schedule),
 * stop, run immediately (the route goes to the robot over MQTT as metres in the map frame).
 */

/** Registers the task hooks and navigationStart, navigationStop, navigationImmediately. */
export function registerNavigationEvents(reg: EventRegistry, svc: Services, runs: NavigationRuns): void {
  /**
   * The task's map and robot must be in the caller's company tree, and never cross company trees
   * (issue 22): the robot of the task's company or a subsidiary, the map of the robot's.
   */
  async function checkRefs(ctx: AuthedContext, tx: Queryable, values: Row, existing?: Row): Promise<void> {
    let mapCompany: number | undefined;
    let robotCompany: number | undefined;
    const mapId = values.mapId ?? existing?.mapId;
    const robotId = values.robotId ?? existing?.robotId;
    if (mapId !== undefined && mapId !== null) {
      const m = (await tx.query<{ companyId: number }>('SELECT "companyId" FROM maps WHERE id = $1', [mapId]))[0];
      if (!m || !(await companyVisible(tx, ctx.session, m.companyId))) throw new AppError(StatusCode.badRequest, 'mapNotFound');
      mapCompany = Number(m.companyId);
    }
    if (robotId !== undefined && robotId !== null) {
      const r = (await tx.query<{ companyId: number }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [robotId]))[0];
      if (!r || !(await companyVisible(tx, ctx.session, r.companyId))) throw new AppError(StatusCode.badRequest, 'robotNotFound');
      robotCompany = Number(r.companyId);
    }
    const taskCompany = values.companyId ?? existing?.companyId ?? ctx.session.companyId;
    if (robotCompany !== undefined && !(await inCompanyTree(tx, Number(taskCompany), robotCompany))) throw new AppError(StatusCode.badRequest, 'robotOutsideTaskCompany');
    if (robotCompany !== undefined && mapCompany !== undefined && !(await inCompanyTree(tx, robotCompany, mapCompany))) {
      throw new AppError(StatusCode.badRequest, 'mapOutsideRobotCompany');
    }
  }
  /** Spec §2: a picker with every option chosen is stored as '*'; other picks ascending, once each (the format has checked the numbers). */
  function normalisePicks(values: Row): void {
    for (const [field, format] of [['months', 'month-list'], ['days', 'day-list'], ['weeks', 'week-list'], ['hours', 'hour-list']] as const) {
      const [min, max] = PICK_LIST_RANGES[format];
      const value = values[field];
      if (typeof value === 'string') values[field] = normalisePickList(value, min, max);
    }
  }
  defineEntityHooks('navigation-task', {
    async beforeCreate(ctx, tx, values) {
      normalisePicks(values);
      await checkRefs(ctx, tx, values);
      values.status = NaviStatus.stopped;
      values.runs = 0;
    },
    async beforeUpdate(ctx, tx, values, existing) {
      normalisePicks(values);
      await checkRefs(ctx, tx, values, existing);
    },
  });

  const { loadTask, setStatus, refuseBlocked, dispatch, publish } = runs;

  reg.handle(navigationEvents.navigationStart, async (ctx, p) => {
    const t = await loadTask(ctx, p.id);
    // Arming is refused like Run now: a scheduled run of a robot that cannot go would only fail.
    refuseBlocked(t.robotId);
    ctx.before = { status: t.status };
    await setStatus(t.id, NaviStatus.started);
    return { id: t.id, status: NaviStatus.started };
  });

  reg.handle(navigationEvents.navigationImmediately, async (ctx, p) => {
    const t = await loadTask(ctx, p.id);
    ctx.before = { status: t.status };
    await dispatch(t);
    return { id: t.id, status: NaviStatus.running };
  });

  reg.handle(navigationEvents.navigationStop, async (ctx, p) => {
    const t = await loadTask(ctx, p.id);
    ctx.before = { status: t.status };
    if (t.status === NaviStatus.running && svc.fleet.get(t.robotId)?.online === 1) await svc.gateway?.request(t.robotId, RobotAction.stop, {});
    const ended = await svc.db.query(`UPDATE nav_records SET "status" = $2, "result" = 'stopped', "endedAt" = now() WHERE "taskId" = $1 AND "endedAt" IS NULL RETURNING id`, [t.id, NaviStatus.stopped]);
    if (ended.length) await svc.db.query(`UPDATE nav_tasks SET "lastResult" = 'stopped', "lastReason" = NULL WHERE id = $1`, [t.id]);
    await setStatus(t.id, NaviStatus.stopped);
    if (t.status === NaviStatus.running) await publish(t.companyId, { id: t.id, robotId: t.robotId, status: NaviStatus.stopped, lap: t.lap ?? 0, count: t.count ?? 1, laps: Math.max(0, (t.lap ?? 1) - 1), point: t.point ?? 0, points: t.points ?? 0, result: 'stopped' });
    return { id: t.id, status: NaviStatus.stopped };
  });
}
