/** Inspection points of track robots: where the robot stops on its rail and what it does there. */
import { StatusCode } from '../../../common/protocol';
import { trackEvents, type TrackPoint } from '../../../common/events/track';
import { TRACK_ACTIONS } from '../../../common/track';
import { AppError } from '../../errors';
import type { EventContext, EventRegistry } from '../../events/registry';
import { idOf, rowOf, trackRobot, type TrackDeps } from './track-events';

const POINT_COLS = 'id, "robotId", "name", "pitch", "rotate", "lift", "position", "actions", "createdAt"';

/** Registers the inspection point operations. */
export function registerTrackPointEvents(reg: EventRegistry, { svc }: TrackDeps): void {
  const db = svc.db;
  const row = rowOf(db);
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);

  reg.handle(trackEvents['GET /robot/track/inspectPoint/{robot}/actions'], async (ctx, p) => {
    await robotOf(ctx, p.robot);
    return [...TRACK_ACTIONS];
  });

  reg.handle(trackEvents['GET /robot/track/inspectPoint/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const list = await db.query<TrackPoint>(`SELECT ${POINT_COLS} FROM track_points WHERE "robotId" = $1 ORDER BY "position", id`, [robotId]);
    return { list, total: list.length };
  });

  reg.handle(trackEvents['POST /robot/track/inspectPoint/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    return row(`INSERT INTO track_points ("robotId", "name", "pitch", "rotate", "lift", "position", "actions") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${POINT_COLS}`, [
      robotId,
      p.name,
      p.pitch ?? 0,
      p.rotate ?? 0,
      p.lift ?? 0,
      p.position ?? 0,
      JSON.stringify(p.actions ?? []),
    ]);
  });

  reg.handle(trackEvents['POST /robot/track/inspectPoint/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    ctx.before = await row(`SELECT ${POINT_COLS} FROM track_points WHERE id = $1 AND "robotId" = $2`, [idOf(p.id), robotId]);
    return row(
      `UPDATE track_points SET "name" = COALESCE($3, "name"), "pitch" = COALESCE($4, "pitch"), "rotate" = COALESCE($5, "rotate"), "lift" = COALESCE($6, "lift"), "position" = COALESCE($7, "position"), "actions" = COALESCE($8::jsonb, "actions") WHERE id = $1 AND "robotId" = $2 RETURNING ${POINT_COLS}`,
      [idOf(p.id), robotId, p.name ?? null, p.pitch ?? null, p.rotate ?? null, p.lift ?? null, p.position ?? null, p.actions ? JSON.stringify(p.actions) : null],
    );
  });

  reg.handle(trackEvents['DELETE /robot/track/inspectPoint/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    ctx.before = await row(`SELECT ${POINT_COLS} FROM track_points WHERE id = $1 AND "robotId" = $2`, [idOf(p.id), robotId]);
    const user = await db.query<{ name: string }>('SELECT "name" FROM track_tasks WHERE "robotId" = $1 AND "pointIds" @> $2::jsonb ORDER BY id LIMIT 1', [robotId, JSON.stringify([idOf(p.id)])]);
    if (user[0]) throw new AppError(StatusCode.badRequest, 'trackPointInUse', { task: user[0].name });
    await db.query('DELETE FROM track_points WHERE id = $1', [idOf(p.id)]);
    return { id: idOf(p.id) };
  });
}
