/** Inspection results of track robots: one row per task run with each point's readings and picture (the xlsx export is track-http.ts). */
import { trackEvents, type TrackResult, type TrackResultRow } from '../../../common/events/track';
import type { EventContext, EventRegistry } from '../../events/registry';
import { idOf, paging, rowOf, trackRobot, type TrackDeps } from './track-events';

/** Registers the inspection result operations. */
export function registerTrackResultEvents(reg: EventRegistry, { svc }: TrackDeps): void {
  const db = svc.db;
  const row = rowOf(db);
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);

  reg.handle(trackEvents['GET /robot/track/inspectResult/{robot}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    const { pageNum, pageSize, offset } = paging(p);
    const like = p.taskName ? `%${p.taskName}%` : '%';
    const list = await db.query<TrackResultRow>(
      'SELECT id, "robotId", "taskId", "taskName", "status", "startedAt", "finishedAt", jsonb_array_length("items") AS "pointCount" FROM track_results WHERE "robotId" = $1 AND "taskName" ILIKE $2 ORDER BY id DESC LIMIT $3 OFFSET $4',
      [robotId, like, pageSize, offset],
    );
    const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_results WHERE "robotId" = $1 AND "taskName" ILIKE $2', [robotId, like])) as [{ n: string }];
    return { list, total: Number(n), pageNum, pageSize };
  });

  reg.handle(trackEvents['GET /robot/track/inspectResult/{robot}/{id}'], async (ctx, p) =>
    row<TrackResult>('SELECT * FROM track_results WHERE id = $1 AND "robotId" = $2', [idOf(p.id), await robotOf(ctx, p.robot)]),
  );

  reg.handle(trackEvents['DELETE /robot/track/inspectResult/{robot}/{id}'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robot);
    ctx.before = await row('SELECT id, "taskName", "status", "startedAt" FROM track_results WHERE id = $1 AND "robotId" = $2', [idOf(p.id), robotId]);
    await db.query('DELETE FROM track_results WHERE id = $1', [idOf(p.id)]);
    return { id: idOf(p.id) };
  });
}
