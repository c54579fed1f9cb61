import { navigationEvents } from '../../../common/events/navigation';
import { StatusCode } from '../../../common/protocol';
import { RobotAction } from '../../../common/robot-actions';
import { defineEntityHooks } from '../../entities/hooks';
import { companyVisible } from '../../entities/scope';
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
