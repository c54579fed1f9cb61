/** Rail maps of track robots: a length and named positions along the rail (uploads and exports are track-http.ts). */
import { StatusCode } from '../../../common/protocol';
import { trackEvents, type TrackMap } from '../../../common/events/track';
import { DEFAULT_RAIL_LENGTH_M } from '../../../common/track';
import { AppError } from '../../errors';
import type { EventContext, EventRegistry } from '../../events/registry';
import { idOf, paging, rowOf, trackRobot, type TrackDeps } from './track-events';

const MAP_COLS = 'id, "robotId", "name", "length", "labels", "fileName", "createdAt", "updatedAt"';

/** Registers the rail map operations. */
export function registerTrackMapEvents(reg: EventRegistry, { svc }: TrackDeps): void {
  const db = svc.db;
  const row = rowOf(db);
  const robotOf = (ctx: EventContext, id: unknown) => trackRobot(svc, ctx, id);
  const visibleMap = async (ctx: EventContext, id: unknown) => {
    const map = await row<TrackMap>(`SELECT ${MAP_COLS} FROM track_maps WHERE id = $1`, [idOf(id)]);
    await robotOf(ctx, map.robotId).catch(() => {
      throw new AppError(StatusCode.notFound, 'notFound');
    });
    return map;
  };

  reg.handle(trackEvents['GET /robot/track/map/list'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robotId);
    const { pageNum, pageSize, offset } = paging(p);
    const list = await db.query<TrackMap>(`SELECT ${MAP_COLS} FROM track_maps WHERE "robotId" = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, [robotId, pageSize, offset]);
    const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM track_maps WHERE "robotId" = $1', [robotId])) as [{ n: string }];
    return { list, total: Number(n), pageNum, pageSize };
  });

  reg.handle(trackEvents['POST /robot/track/map/create'], async (ctx, p) => {
    const robotId = await robotOf(ctx, p.robotId);
    return row(`INSERT INTO track_maps ("robotId", "name", "length", "labels") VALUES ($1, $2, $3, $4) RETURNING ${MAP_COLS}`, [robotId, p.name, p.length ?? DEFAULT_RAIL_LENGTH_M, JSON.stringify(p.labels ?? [])]);
  });

  reg.handle(trackEvents['POST /robot/track/map/update/{mapId}'], async (ctx, p) => {
    ctx.before = await visibleMap(ctx, p.mapId);
    return row(
      `UPDATE track_maps SET "name" = COALESCE($2, "name"), "length" = COALESCE($3, "length"), "labels" = COALESCE($4::jsonb, "labels"), "updatedAt" = now() WHERE id = $1 RETURNING ${MAP_COLS}`,
      [idOf(p.mapId), p.name ?? null, p.length ?? null, p.labels ? JSON.stringify(p.labels) : null],
    );
  });

  reg.handle(trackEvents['DELETE /robot/track/map/delete/{id}'], async (ctx, p) => {
    ctx.before = await visibleMap(ctx, p.id);
    await db.query('DELETE FROM track_maps WHERE id = $1', [idOf(p.id)]);
    return { id: idOf(p.id) };
  });

  reg.handle(trackEvents['GET /robot/track/map/labels/{id}'], async (ctx, p) => (await visibleMap(ctx, p.id)).labels);
}
