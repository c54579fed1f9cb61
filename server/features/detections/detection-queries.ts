/** Issue 20 detection events of spec §7: plates by map, maps by plate, custom detections that raised an alarm. */
import { detectionsEvents as E } from '../../../common/events/detections';
import { companyCondition, positiveInt, visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

export function registerDetectionQueries(reg: EventRegistry, svc: Services): void {
  const companies = (ctx: AuthedContext) => visibleCompanyIds(svc.db, ctx.session);

  reg.handle(E.getPlateByMap, async (ctx, p) => {
    const w = companyCondition(await companies(ctx), '"companyId"', 2);
    return svc.db.query(`SELECT id, "robotId", "detectedAt", "pictureUrl", data FROM detections WHERE kind = 'plate' AND "mapId" = $1 AND ${w.sql} ORDER BY id DESC LIMIT 100`, [p.mapId, ...w.args]);
  });
  reg.handle(E.getMapByPlateId, async (ctx, p) => {
    const w = companyCondition(await companies(ctx), 'd."companyId"', 2);
    return svc.db.query(
      `SELECT DISTINCT m.id, m."mapName" FROM detections d JOIN maps m ON m.id = d."mapId" WHERE d.kind = 'plate' AND d.data::text LIKE $1 AND ${w.sql} ORDER BY m.id`,
      [`%${p.plate}%`, ...w.args],
    );
  });
  reg.handle(E.getCustomDetectionAlarm, async (ctx, p) => {
    const w = companyCondition(await companies(ctx), '"companyId"');
    const size = Math.min(positiveInt(p.pageSize, 10), 100);
    const list = await svc.db.query(
      `SELECT id, "robotId", "detectedAt", "pictureUrl", data FROM detections WHERE kind = 'custom' AND ${w.sql} ORDER BY id DESC LIMIT ${size} OFFSET ${(positiveInt(p.pageNum, 1) - 1) * size}`,
      w.args,
    );
    return { list };
  });
}
