import { StatusCode } from '../../../common/protocol';
import { MONITORING_MAX_CAMERAS } from '../../../common/constants';
import { monitoringEvents, type MonitoringConfig, type NavigationConfig } from '../../../common/events/monitoring';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError, fail } from '../../errors';
import type { Queryable } from '../../store/db';
import { mapPictureUrl } from './map-picture';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

// The param schemas check shape only: the spec's counts and duplicates are checked by hand, with the spec's messages.

/** A company and its subsidiaries. */
async function companyTree(db: Queryable, companyId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE tree(id) AS (SELECT id FROM companies WHERE id = $1
       UNION ALL SELECT c.id FROM companies c JOIN tree t ON c."parentId" = t.id)
     SELECT id FROM tree`,
    [companyId],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Spec §7 monitoring/navigation config: get/set/delMonitoringConfig (§5 dashboard rules), the pickers
 * queryAllCompanyNames, getRobotsByCompany, queryMapByCompanyId, getRobotInfoByMap, and
 * get/set/delNavigationConfig (the maps of /navPandect); plus queryMonitoringMaps (map frames and pictures).
 */
export function registerMonitoringEvents(reg: EventRegistry, svc: Services): void {
  /** The company the call is about: the given one when the caller sees it, else the caller's own. */
  const target = async (ctx: AuthedContext, companyId: number | undefined): Promise<number> => {
    const id = companyId ?? ctx.session.companyId;
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (ids !== null && !ids.includes(id)) throw fail.noPermission();
    return id;
  };
  const read = async (companyId: number): Promise<MonitoringConfig | null> => {
    const row = (
      await svc.db.query<{ cameras: MonitoringConfig['cameras']; maps: number[]; updated_at: Date | string }>('SELECT cameras, maps, updated_at FROM monitoring_configs WHERE company_id = $1', [companyId])
    )[0];
    return row ? { companyId, configured: true, cameras: row.cameras, maps: row.maps.map(Number), updatedAt: new Date(row.updated_at).toISOString() } : null;
  };

  // The maps of the caller's company tree for the overviews: names, the frame (origin, scale, size)
  // robots' millimetre coordinates convert with, and on request the picture as a PNG data URL.
  reg.handle(monitoringEvents.queryMonitoringMaps, async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    const rows = await svc.db.query<{ mapId: number; companyId: number; regionName: string; buildingName: string; floor: number; mapName: string; config: Record<string, number> | null; pgmPath: string | null }>(
      `SELECT id AS "mapId", "companyId", "regionName", "buildingName", "floor", "mapName", "config", "pgmPath" FROM maps
        WHERE ($1::bigint[] IS NULL OR "companyId" = ANY($1::bigint[])) AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
        ORDER BY "regionName", "buildingName", "floor", id`,
      [ids, p.mapIds ?? null],
    );
    // The pgm's key (maps/12/map.pgm), fetched into this replica's data folder first when another one wrote it.
    const picture = async (key: string | null): Promise<string | null> => {
      const found = key ? await svc.blobs.local(key).catch(() => false) : false;
      return found ? mapPictureUrl(svc.blobs.pathOf(key!)) : null;
    };
    return Promise.all(
      rows.map(async ({ pgmPath, config, ...m }) => ({
        ...m,
        mapId: Number(m.mapId),
        companyId: Number(m.companyId),
        config: config ? { pixelW: config.pixelW, pixelH: config.pixelH, scale: config.scale, Xorigin: config.Xorigin, Yorigin: config.Yorigin } : null,
        ...(p.withPicture ? { picture: await picture(pgmPath) } : {}),
      })),
    );
  });

  reg.handle(monitoringEvents.getMonitoringConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    // None yet: an empty, unconfigured answer (the dashboard then opens its settings).
    return (await read(companyId)) ?? { companyId, configured: false, cameras: [], maps: [], updatedAt: null };
  });

  reg.handle(monitoringEvents.setMonitoringConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    const bad = (key: ConstructorParameters<typeof AppError>[1], vars: Record<string, string | number> = {}) => new AppError(StatusCode.badRequest, key, vars);
    if (p.cameras.length < 1) throw bad('monitoringCamerasMin');
    if (p.maps.length < 1) throw bad('monitoringMapsMin');
    if (p.cameras.length > MONITORING_MAX_CAMERAS) throw bad('monitoringCamerasMax');
    const seen = new Set<string>();
    for (const c of p.cameras) {
      const key = `${c.robotId}:${c.cameraId}`;
      if (seen.has(key)) throw bad('monitoringDuplicateCamera', { camera: key });
      seen.add(key);
    }
    if (new Set(p.maps).size !== p.maps.length) throw bad('monitoringDuplicateMap', { map: p.maps.find((m, i) => p.maps.indexOf(m) !== i)! });
    const tree = await companyTree(svc.db, companyId);
    for (const c of p.cameras) {
      const robot = svc.fleet.get(c.robotId);
      if (!robot || !tree.includes(robot.companyId)) throw bad('monitoringUnknownRobot', { robotId: c.robotId });
    }
    const maps = await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE id = ANY($1::bigint[]) AND "companyId" = ANY($2::bigint[])', [p.maps, tree]);
    const known = new Set(maps.map((m) => Number(m.id)));
    const unknown = p.maps.find((m) => !known.has(m));
    if (unknown !== undefined) throw bad('monitoringUnknownMap', { map: unknown });
    const cameras = p.cameras.map((c) => ({ robotId: c.robotId, cameraId: c.cameraId }));
    await svc.db.query(
      `INSERT INTO monitoring_configs (company_id, cameras, maps, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (company_id) DO UPDATE SET cameras = EXCLUDED.cameras, maps = EXCLUDED.maps, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [companyId, JSON.stringify(cameras), JSON.stringify(p.maps), ctx.session.userId],
    );
    return (await read(companyId))!; // just written
  });

  // ── the spec's pickers (§7 monitoring/navigation config) ──

  reg.handle(monitoringEvents.queryAllCompanyNames, async (ctx) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    const rows = await svc.db.query<{ companyId: number; name: string }>(`SELECT id AS "companyId", "name" FROM companies WHERE ($1::bigint[] IS NULL OR id = ANY($1::bigint[])) ORDER BY "layer", "name"`, [ids]);
    return rows.map((r) => ({ companyId: Number(r.companyId), name: r.name }));
  });

  reg.handle(monitoringEvents.getRobotsByCompany, async (ctx, p) => {
    const tree = await companyTree(svc.db, await target(ctx, p.companyId));
    return svc.fleet
      .all()
      .filter((r) => tree.includes(r.companyId))
      .map((r) => ({ robotId: r.robotId, robotName: r.robotName, robotType: r.robotType, companyId: r.companyId, mapId: r.mapId, online: r.online, videoOnline: r.videoOnline, cameras: [0, 1, 2, 3, 4] }));
  });

  reg.handle(monitoringEvents.queryMapByCompanyId, async (ctx, p) => {
    const tree = await companyTree(svc.db, await target(ctx, p.companyId));
    const rows = await svc.db.query<{ mapId: number; companyId: number; mapName: string; buildingName: string; floor: number; regionName: string }>(
      `SELECT id AS "mapId", "companyId", "mapName", "buildingName", "floor", "regionName" FROM maps WHERE "companyId" = ANY($1::bigint[]) ORDER BY "regionName", "buildingName", "floor", id`,
      [tree],
    );
    return rows.map((m) => ({ ...m, mapId: Number(m.mapId), companyId: Number(m.companyId) }));
  });

  reg.handle(monitoringEvents.getRobotInfoByMap, async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    return svc.fleet
      .all()
      .filter((r) => r.mapId === p.mapId && (ids === null || ids.includes(r.companyId)))
      .map(({ robotId, robotName, robotType, status, online, battery, x, y, theta, updatedAt }) => ({ robotId, robotName, robotType, status, online, battery, x, y, theta, updatedAt }));
  });

  // ── navigation overview configuration: the maps /navPandect shows ──
  const readNav = async (companyId: number): Promise<NavigationConfig | null> => {
    const row = (await svc.db.query<{ maps: number[]; updated_at: Date | string }>('SELECT maps, updated_at FROM navigation_configs WHERE company_id = $1', [companyId]))[0];
    return row ? { companyId, configured: true, maps: row.maps.map(Number), updatedAt: new Date(row.updated_at).toISOString() } : null;
  };

  reg.handle(monitoringEvents.getNavigationConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    return (await readNav(companyId)) ?? { companyId, configured: false, maps: [], updatedAt: null };
  });

  reg.handle(monitoringEvents.setNavigationConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    if (p.maps.length < 1) throw new AppError(StatusCode.badRequest, 'monitoringMapsMin');
    if (new Set(p.maps).size !== p.maps.length) throw new AppError(StatusCode.badRequest, 'monitoringDuplicateMap', { map: p.maps.find((m, i) => p.maps.indexOf(m) !== i)! });
    const tree = await companyTree(svc.db, companyId);
    const known = new Set((await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE id = ANY($1::bigint[]) AND "companyId" = ANY($2::bigint[])', [p.maps, tree])).map((m) => Number(m.id)));
    const unknown = p.maps.find((m) => !known.has(m));
    if (unknown !== undefined) throw new AppError(StatusCode.badRequest, 'monitoringUnknownMap', { map: unknown });
    await svc.db.query(
      `INSERT INTO navigation_configs (company_id, maps, updated_by, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (company_id) DO UPDATE SET maps = EXCLUDED.maps, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [companyId, JSON.stringify(p.maps), ctx.session.userId],
    );
    return (await readNav(companyId))!; // just written
  });

  reg.handle(monitoringEvents.delNavigationConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    if (!(await readNav(companyId))) throw fail.notFound();
    await svc.db.query('DELETE FROM navigation_configs WHERE company_id = $1', [companyId]);
    return { companyId, deleted: true as const };
  });

  reg.handle(monitoringEvents.delMonitoringConfig, async (ctx, p) => {
    const companyId = await target(ctx, p.companyId);
    const before = await read(companyId);
    if (!before) throw fail.notFound();
    await svc.db.query('DELETE FROM monitoring_configs WHERE company_id = $1', [companyId]);
    return { companyId, deleted: true as const };
  });
}
