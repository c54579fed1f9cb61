/**
 * Robot data export and import (spec §7 Robot admin: exportDataByRobotId, importData): one
 * robot's settings, function template and map binding as a file an administrator moves between
 * installations. A bad file imports nothing and says why.
 */
import { StatusCode } from '../../../common/protocol';
import { fleetEvents as E } from '../../../common/events/fleet';
import { visibleRobot as visibleRobotOf } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/** The kind and version of a robot data file (exportDataByRobotId / importData). */
export const ROBOT_DATA_KIND = 'fleet-console/robot-data';
export const ROBOT_DATA_VERSION = 1;

export function registerRobotDataEvents(reg: EventRegistry, svc: Services): void {
  const visibleRobot = (ctx: AuthedContext, robotId: string) => visibleRobotOf(svc.db, ctx.session, svc.fleet.get(robotId));
  reg.handle(E.exportDataByRobotId, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    const robot = (await svc.db.query<Record<string, unknown>>('SELECT * FROM robots WHERE "robotId" = $1', [p.robotId]))[0]!;
    const settings = await svc.db.query('SELECT schema_id, params FROM robot_settings WHERE robot_id = $1 ORDER BY schema_id', [p.robotId]);
    const map = robot.mapId ? (await svc.db.query('SELECT "mapName", "buildingName", floor, "mapType" FROM maps WHERE id = $1', [robot.mapId]))[0] ?? null : null;
    return { kind: ROBOT_DATA_KIND, version: ROBOT_DATA_VERSION, robotId: p.robotId, robotType: robot.robotType, exportedAt: new Date().toISOString(), settings, map };
  });
  reg.handle(E.importData, async (ctx, p) => {
    const r = await visibleRobot(ctx, p.robotId);
    const d = p.data as { kind?: unknown; version?: unknown; robotType?: unknown; settings?: unknown; map?: { mapName?: unknown } | null } | null;
    if (!d || typeof d !== 'object' || d.kind !== ROBOT_DATA_KIND || d.version !== ROBOT_DATA_VERSION || !Array.isArray(d.settings)) throw new AppError(StatusCode.badRequest, 'robotDataNotFile');
    if (d.robotType !== r.robotType) throw new AppError(StatusCode.badRequest, 'robotDataOtherKind');
    const settings = d.settings as { schema_id?: unknown; params?: unknown }[];
    if (settings.some((s) => typeof s.schema_id !== 'string' || !s.params || typeof s.params !== 'object' || Array.isArray(s.params))) throw new AppError(StatusCode.badRequest, 'robotDataBadSetting');
    let mapId: number | null = null;
    if (d.map && typeof d.map.mapName === 'string') {
      mapId = (await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE "companyId" = $1 AND "mapName" = $2 ORDER BY id LIMIT 1', [r.companyId, d.map.mapName]))[0]?.id ?? null;
    }
    await svc.db.transaction(async (tx) => {
      for (const s of settings) {
        await tx.query(
          `INSERT INTO robot_settings (robot_id, schema_id, params, updated_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (robot_id, schema_id) DO UPDATE SET params = EXCLUDED.params, updated_at = now(), updated_by = EXCLUDED.updated_by`,
          [p.robotId, s.schema_id, JSON.stringify(s.params), ctx.session.userId],
        );
      }
      if (mapId !== null) await tx.query('UPDATE robots SET "mapId" = $1 WHERE "robotId" = $2', [mapId, p.robotId]);
    });
    if (mapId !== null) await svc.fleet.load();
    return { robotId: p.robotId, settings: settings.length, mapId };
  });
}
