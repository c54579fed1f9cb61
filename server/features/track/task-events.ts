/** Inspection tasks of track robots (spec §3, §5) and their runs: start, pause, resume, terminate. */
import { StatusCode, type Lang } from '../../../common/protocol';
import { formatMessage } from '../../../common/messages';
import { trackEvents, type TrackTask } from '../../../common/events/track';
import { TrackTaskStatus, TrackTaskType } from '../../../common/track';
import { AppError } from '../../errors';
import { bumpTable } from '../../entities/crud';
import type { EventContext, EventRegistry } from '../../events/registry';
import { fieldsOf, idOf, rowOf, trackRobot, type TrackDeps } from './track-events';
import type { TrackTaskRow } from './track-service';

const taskParam = trackEvents['POST /robot/track/inspectTask/{robot}/{id}'].param;
const TASK_FIELDS = fieldsOf(taskParam);

/** Registers the inspection task operations. */
export function registerTrackTaskEvents(reg: EventRegistry, { svc, track }: TrackDeps): void {
  const db = svc.db;
  const row = rowOf(db);
  /** Marks track_tasks written once the write is done (taskManage's push, cached totals). */
  const bumped = async <T>(write: Promise<T>): Promise<T> => {
    const r = await write;
    bumpTable('track_tasks');
    return r;
  };
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);
  const taskOf = async (robotId: string, id: unknown) => row<TrackTaskRow>('SELECT * FROM track_tasks WHERE id = $1 AND "robotId" = $2', [idOf(id), robotId]);
  /** Spec §5: at least one inspection point with an action, all of this robot. */
  const checkPoints = async (robotId: string, pointIds: number[]) => {
    const rows = await db.query<{ id: number; actions: string[] }>('SELECT id, "actions" FROM track_points WHERE "robotId" = $1 AND id = ANY($2::bigint[])', [robotId, pointIds]);
    const missing = pointIds.find((id) => !rows.some((r) => Number(r.id) === id));
    if (missing !== undefined) throw new AppError(StatusCode.badRequest, 'trackPointUnknown', { id: missing });
    if (!rows.some((r) => r.actions.length > 0)) throw new AppError(StatusCode.badRequest, 'trackPointActionRequired');
  };
  /**
   * Issue 22: a preset task runs on its schedule, so it needs its execution time and period; an
   * instant task runs when started and has neither (whatever was sent is dropped).
   */
  const schedule = (lang: Lang, t: Pick<TrackTaskRow, 'type' | 'runTime' | 'period' | 'weekDays'>) => {
    if (t.type === TrackTaskType.instant) return { runTime: null, period: null, weekDays: [] as number[] };
    const field = (k: 'runTime' | 'period') => (taskParam.properties[k] as unknown as { 'x-labels': Record<Lang, string> })['x-labels'][lang];
    for (const k of ['runTime', 'period'] as const) {
      if (t[k]) continue;
      const detail = formatMessage('required', lang, { field: field(k) });
      throw new AppError(StatusCode.badRequest, 'validationFailed', { detail }, detail);
    }
    return { runTime: t.runTime, period: t.period, weekDays: t.weekDays ?? [] };
  };
  const running = (t: TrackTaskRow) => t.status === TrackTaskStatus.inspecting || t.status === TrackTaskStatus.paused;

  reg.handle(trackEvents['GET /robot/track/inspectTask/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const list = await db.query<TrackTask>('SELECT * FROM track_tasks WHERE "robotId" = $1 ORDER BY id DESC', [robotId]);
    return { list, total: list.length };
  });

  reg.handle(trackEvents['GET /robot/track/inspectTask/{robot}/{id}'], async (ctx, p) => taskOf(await robotOf(ctx, p.robot), p.id));

  reg.handle(trackEvents['POST /robot/track/inspectTask/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const type = p.type ?? TrackTaskType.preset;
    const when = schedule(ctx.lang, { type, runTime: p.runTime ?? null, period: p.period ?? null, weekDays: p.weekDays ?? [] });
    await checkPoints(robotId, p.pointIds);
    return bumped(row(
      'INSERT INTO track_tasks ("robotId", "name", "type", "runTime", "period", "weekDays", "policy", "enabled", "pointIds") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *',
      [robotId, p.name, type, when.runTime, when.period, JSON.stringify(when.weekDays), p.policy ?? 0, p.enabled ?? true, JSON.stringify(p.pointIds)],
    ));
  });

  reg.handle(trackEvents['POST /robot/track/inspectTask/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const before = await taskOf(robotId, p.id);
    ctx.before = before;
    if (running(before)) throw new AppError(StatusCode.badRequest, 'trackTaskRunningLocked');
    if (p.pointIds) await checkPoints(robotId, p.pointIds);
    const next = { ...before, ...Object.fromEntries(Object.entries(p).filter(([k, v]) => v !== undefined && TASK_FIELDS.has(k))) } as TrackTaskRow;
    Object.assign(next, schedule(ctx.lang, next));
    return bumped(row(
      'UPDATE track_tasks SET "name" = $3, "type" = $4, "runTime" = $5, "period" = $6, "weekDays" = $7, "policy" = $8, "enabled" = $9, "pointIds" = $10 WHERE id = $1 AND "robotId" = $2 RETURNING *',
      [before.id, robotId, next.name, next.type, next.runTime, next.period, JSON.stringify(next.weekDays), next.policy, next.enabled, JSON.stringify(next.pointIds)],
    ));
  });

  reg.handle(trackEvents['DELETE /robot/track/inspectTask/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const before = await taskOf(robotId, p.id);
    ctx.before = before;
    if (running(before)) throw new AppError(StatusCode.badRequest, 'trackTaskRunningLocked');
    await db.query('DELETE FROM track_tasks WHERE id = $1', [before.id]);
    bumpTable('track_tasks');
    return { id: Number(before.id) };
  });

  // ── runs ────────────────────────────────────────────────────────────────────────
  reg.handle(trackEvents['POST /robot/track/inspectTask/{robot}/{id}/start'], async (ctx, p) => {
    const task = await taskOf(await robotOf(ctx, p.robot), p.id);
    return { id: Number(task.id), ...(await track.startRun(task)) };
  });
  for (const op of ['pause', 'resume', 'terminate'] as const) {
    reg.handle(trackEvents[`POST /robot/track/inspectTask/{robot}/{id}/${op}`], async (ctx, p) => {
      const task = await taskOf(await robotOf(ctx, p.robot), p.id);
      await track.control(task, op);
      return { id: Number(task.id), op };
    });
  }
}
