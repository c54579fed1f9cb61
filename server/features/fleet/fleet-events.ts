import { fleetEvents } from '../../../common/events/fleet';
import { StatusCode } from '../../../common/protocol';
import { companyCondition, visibleCompanyIds, visibleRobot } from '../../entities/scope';
import { AppError, fail } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

type MapRow = {
  mapId: number;
  companyId: number;
  regionName: string;
  buildingName: string;
  floor: number;
  mapName: string;
  mapType: number;
};

/** The menu tree and robot status events (spec §3 Menu tree, §7 Menu/status). */
export function registerFleetEvents(reg: EventRegistry, svc: Services): void {
  const robotsVisible = async (ctx: AuthedContext) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    return svc.fleet.all().filter((r) => ids === null || ids.includes(r.companyId));
  };
  const brief = (r: ReturnType<typeof svc.fleet.all>[number]) => ({
    robotId: r.robotId,
    robotName: r.robotName,
    robotType: r.robotType,
    online: r.online,
    status: r.status,
    mapId: r.mapId,
    companyId: r.companyId,
    regionName: r.regionName,
  });
  const companies = async (ctx: AuthedContext) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    return svc.db.query<{ companyId: number; name: string; parentId: number | null; layer: number }>(
      `SELECT id AS "companyId", "name", "parentId", "layer" FROM companies ${ids === null ? '' : 'WHERE id = ANY($1::bigint[])'} ORDER BY "layer", "name"`,
      ids === null ? [] : [ids],
    );
  };
  const maps = async (companyIds: number[]) =>
    svc.db.query<MapRow>(
      `SELECT id AS "mapId", "companyId", "regionName", "buildingName", "floor", "mapName", "mapType" FROM maps
        WHERE "companyId" = ANY($1::bigint[]) ORDER BY "regionName", "buildingName", "floor"`,
      [companyIds],
    );

  reg.handle(fleetEvents.getCompanysByRoleId, async (ctx) => companies(ctx));

  reg.handle(fleetEvents.getMenuList, async (ctx) => {
    const cs = await companies(ctx);
    const ms = await maps(cs.map((c) => c.companyId));
    const robots = await robotsVisible(ctx);
    return cs.map((c) => {
      const regions = new Map<string, { regionName: string; maps: (MapRow & { robots: ReturnType<typeof brief>[] })[] }>();
      for (const m of ms.filter((x) => x.companyId === c.companyId)) {
        const region = regions.get(m.regionName) ?? { regionName: m.regionName, maps: [] };
        region.maps.push({ ...m, robots: robots.filter((r) => r.mapId === m.mapId).map(brief) });
        regions.set(m.regionName, region);
      }
      const unplaced = robots.filter((r) => r.companyId === c.companyId && !ms.some((m) => m.mapId === r.mapId));
      return { companyId: c.companyId, name: c.name, parentId: c.parentId, regions: [...regions.values()], robots: unplaced.map(brief) };
    });
  });

  reg.handle(fleetEvents.getMapsByCompanyId, async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (ids !== null && !ids.includes(p.companyId)) throw fail.noPermission();
    return maps([p.companyId]);
  });

  reg.handle(fleetEvents.getRobotsByMapId, async (ctx, p) => (await robotsVisible(ctx)).filter((r) => r.mapId === p.mapId).map(brief));

  reg.handle(fleetEvents.getRobotsByCompanyId, async (ctx, p) => (await robotsVisible(ctx)).filter((r) => r.companyId === p.companyId).map(brief));

  reg.handle(fleetEvents.reqRobotStatus, async (ctx, p) => {
    const robot = (await robotsVisible(ctx)).find((r) => r.robotId === p.robotId);
    if (!robot) throw fail.message(404, 'robotNotFound');
    return robot;
  });

  reg.handle(fleetEvents.getRobotTypesByCompanyId, async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (p.companyId !== undefined && ids !== null && !ids.includes(p.companyId)) throw new AppError(StatusCode.notFound, 'companyNotFound');
    const w = p.companyId !== undefined ? { sql: '"companyId" = $1', args: [p.companyId] as unknown[] } : companyCondition(ids, '"companyId"');
    const rows = await svc.db.query<{ t: number }>(`SELECT DISTINCT "robotType" AS t FROM robots WHERE ${w.sql} ORDER BY 1`, w.args);
    return rows.map((r) => Number(r.t));
  });

  reg.handle(fleetEvents.getRobotOnline, async (ctx, p) => {
    if (p.robotId) {
      const r = await visibleRobot(svc.db, ctx.session, svc.fleet.get(p.robotId));
      return [{ robotId: p.robotId, online: r.online ? 1 : 0 }];
    }
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    const w = companyCondition(ids, '"companyId"');
    const rows = await svc.db.query<{ robotId: string }>(`SELECT "robotId" FROM robots WHERE ${w.sql} ORDER BY "robotId"`, w.args);
    return rows.map((r) => ({ robotId: r.robotId, online: svc.fleet.get(r.robotId)?.online ? 1 : 0 }));
  });
}
