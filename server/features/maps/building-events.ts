/** Buildings (spec §5): names unique within a company, a region and a number of floors; a building with maps is not deleted. */
import type { Static } from '@sinclair/typebox';
import { BuildingSchema, mapEvents } from '../../../common/events/maps';
import { StatusCode } from '../../../common/protocol';
import { companyVisible, visibleCompanyIds } from '../../entities/scope';
import { AppError, fail } from '../../errors';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { Services } from '../../services';

export function registerBuildingEvents(reg: EventRegistry, svc: Services): void {
  // Buildings: names unique within a company (spec §5), a region and a number of floors.
  reg.handle(mapEvents.queryBuildings, async (ctx, p) => {
    const visible = await visibleCompanyIds(svc.db, ctx.session);
    const params: unknown[] = [];
    const where: string[] = [];
    if (visible !== null) where.push(`b."companyId" = ANY($${params.push(visible)})`);
    if (p.companyId !== undefined) where.push(`b."companyId" = $${params.push(p.companyId)}`);
    return svc.db.query(
      `SELECT b.id, b."companyId", c."name" AS "companyName", b."name", b."regionName", b."floors", b."createdAt",
         (SELECT count(*)::int FROM maps m WHERE m."buildingId" = b.id) AS "mapCount"
       FROM buildings b JOIN companies c ON c.id = b."companyId" ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY b."regionName", b."name"`,
      params,
    );
  });

  async function uniqueBuilding(companyId: number, name: string, exceptId = 0) {
    if ((await svc.db.query('SELECT 1 FROM buildings WHERE "companyId" = $1 AND lower("name") = lower($2) AND id <> $3', [companyId, name, exceptId])).length) {
      throw new AppError(StatusCode.conflict, 'mapNameExists', { name });
    }
  }

  reg.handle(mapEvents.addBuilding, async (c, p) => {
    const companyId = p.companyId ?? c.session.companyId;
    if (!(await companyVisible(svc.db, c.session, companyId))) throw fail.noPermission();
    // A super admin sees every company: one that does not exist is named as such (not a server error).
    if (!(await svc.db.query('SELECT 1 FROM companies WHERE id = $1', [companyId])).length) throw new AppError(StatusCode.badRequest, 'companyNotFound');
    await uniqueBuilding(companyId, p.name);
    const rows = await svc.db.query<Static<typeof BuildingSchema>>('INSERT INTO buildings ("companyId", "name", "regionName", "floors") VALUES ($1, $2, $3, $4) RETURNING id, "companyId", "name", "regionName", "floors"', [
      companyId,
      p.name,
      p.regionName,
      p.floors ?? 1,
    ]);
    return rows[0]!;
  });

  async function loadBuilding(ctx: AuthedContext, id: number) {
    const b = (await svc.db.query<{ id: number; companyId: number; name: string; regionName: string; floors: number }>('SELECT id, "companyId", "name", "regionName", "floors" FROM buildings WHERE id = $1', [id]))[0];
    if (!b || !(await companyVisible(svc.db, ctx.session, b.companyId))) throw new AppError(StatusCode.notFound, 'buildingNotFound');
    return b;
  }

  reg.handle(mapEvents.modifyBuilding, async (c, p) => {
    const b = await loadBuilding(c, p.id);
    c.before = b;
    if (p.name !== undefined) await uniqueBuilding(b.companyId, p.name, b.id);
    const next = { ...b, ...Object.fromEntries(Object.entries(p).filter(([, x]) => x !== undefined)) };
    const highest = (await svc.db.query<{ f: number | null }>('SELECT max("floor")::int AS f FROM maps WHERE "buildingId" = $1', [b.id]))[0]?.f ?? 0;
    if (next.floors < highest) throw new AppError(StatusCode.badRequest, 'mapFloorRange', { limit: next.floors });
    await svc.db.transaction(async (tx) => {
      await tx.query('UPDATE buildings SET "name" = $2, "regionName" = $3, "floors" = $4, "updatedAt" = now() WHERE id = $1', [b.id, next.name, next.regionName, next.floors]);
      await tx.query('UPDATE maps SET "buildingName" = $2, "regionName" = $3 WHERE "buildingId" = $1', [b.id, next.name, next.regionName]);
    });
    return { id: b.id, companyId: b.companyId, name: next.name, regionName: next.regionName, floors: next.floors };
  });

  reg.handle(mapEvents.deleteBuilding, async (c, p) => {
    const b = await loadBuilding(c, p.id);
    c.before = b;
    if ((await svc.db.query('SELECT 1 FROM maps WHERE "buildingId" = $1 LIMIT 1', [b.id])).length) throw new AppError(StatusCode.badRequest, 'buildingHasMaps');
    await svc.db.query('DELETE FROM buildings WHERE id = $1', [b.id]);
    return { id: b.id };
  });
}
