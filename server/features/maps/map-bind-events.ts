/** Issue 20 map events of spec §7: binding a robot to a map of its company (mapBind) and the draft maps (GET /robot/map/draftList). */
import { StatusCode } from '../../../common/protocol';
import { mapEvents as E } from '../../../common/events/maps';
import { companyCondition, positiveInt, visibleCompanyIds, visibleRobot } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { EventRegistry } from '../../events/registry';

export function registerMapBindEvents(reg: EventRegistry, svc: Services): void {
  reg.handle(E.mapBind, async (ctx, p) => {
    const r = await visibleRobot(svc.db, ctx.session, svc.fleet.get(p.robotId));
    const m = await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE id = $1 AND "companyId" = $2', [p.mapId, r.companyId]);
    if (!m[0]) throw new AppError(StatusCode.notFound, 'mapNotFound');
    await svc.db.query('UPDATE robots SET "mapId" = $1, "updatedAt" = now() WHERE "robotId" = $2', [p.mapId, p.robotId]);
    await svc.fleet.load();
    return { robotId: p.robotId, mapId: p.mapId };
  });

  reg.handle(E['GET /robot/map/draftList'], async (ctx, p) => {
    const w = companyCondition(await visibleCompanyIds(svc.db, ctx.session), '"companyId"');
    const list = await svc.db.query(
      `SELECT id, "mapName", "mapType", "buildingName", floor, "createdAt" FROM maps WHERE ("pgmPath" IS NULL OR config->>'state' IN ('draft', 'slicing')) AND ${w.sql} ORDER BY id DESC LIMIT ${Math.min(positiveInt(p.pageSize, 10), 100)}`,
      w.args,
    );
    return { list, total: list.length };
  });
}
