/**
 * Robot data export and import (spec §7 Robot admin: exportDataByRobotId, importData): one
 * robot's settings, function configuration (own modules and function template) and map binding as a file an administrator moves between
 * installations. A bad file imports nothing and says why.
 */
import { StatusCode } from '../../../common/protocol';
import { fleetEvents as E } from '../../../common/events/fleet';
import { bumpTable } from '../../entities/crud';
import { visibleRobot as visibleRobotOf } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/** The kind and version of a robot data file (exportDataByRobotId / importData). */
export const ROBOT_DATA_KIND = 'fleet-console/robot-data';
export const ROBOT_DATA_VERSION = 1;

/** A function template as a robot data file carries it. */
type FileTemplate = { name: string; modules: string[]; description: string | null };

export function registerRobotDataEvents(reg: EventRegistry, svc: Services): void {
  const visibleRobot = (ctx: AuthedContext, robotId: string) => visibleRobotOf(svc.db, ctx.session, svc.fleet.get(robotId));
  reg.handle(E.exportDataByRobotId, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    const robot = (await svc.db.query<Record<string, unknown>>('SELECT * FROM robots WHERE "robotId" = $1', [p.robotId]))[0]!;
    const settings = await svc.db.query('SELECT schema_id, params FROM robot_settings WHERE robot_id = $1 ORDER BY schema_id', [p.robotId]);
    const map = robot.mapId ? (await svc.db.query('SELECT "mapName", "buildingName", floor, "mapType" FROM maps WHERE id = $1', [robot.mapId]))[0] ?? null : null;
    const template = robot.funcTemplateId
      ? ((await svc.db.query<FileTemplate>('SELECT "name", "modules", "description" FROM ent_robot_func_template WHERE id = $1', [robot.funcTemplateId]))[0] ?? null)
      : null;
    const modules = Array.isArray(robot.modules) ? (robot.modules as string[]) : [];
    return { kind: ROBOT_DATA_KIND, version: ROBOT_DATA_VERSION, robotId: p.robotId, robotType: robot.robotType, exportedAt: new Date().toISOString(), settings, map, modules, template };
  });
  reg.handle(E.importData, async (ctx, p) => {
    const r = await visibleRobot(ctx, p.robotId);
    const d = p.data as { kind?: unknown; version?: unknown; robotType?: unknown; settings?: unknown; map?: { mapName?: unknown } | null; modules?: unknown; template?: unknown } | null;
    if (!d || typeof d !== 'object' || d.kind !== ROBOT_DATA_KIND || d.version !== ROBOT_DATA_VERSION || !Array.isArray(d.settings)) throw new AppError(StatusCode.badRequest, 'robotDataNotFile');
    if (d.robotType !== r.robotType) throw new AppError(StatusCode.badRequest, 'robotDataOtherKind');
    const settings = d.settings as { schema_id?: unknown; params?: unknown }[];
    if (settings.some((s) => typeof s.schema_id !== 'string' || !s.params || typeof s.params !== 'object' || Array.isArray(s.params))) throw new AppError(StatusCode.badRequest, 'robotDataBadSetting');
    // Function configuration (files of before it carry none: left as it is).
    const strings = (v: unknown) => Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 64);
    const t = d.template as Partial<FileTemplate> | null | undefined;
    if (d.modules !== undefined && !strings(d.modules)) throw new AppError(StatusCode.badRequest, 'robotDataBadTemplate');
    if (t !== undefined && t !== null && (typeof t !== 'object' || typeof t.name !== 'string' || !t.name.trim() || t.name.length > 64 || !strings(t.modules) || (t.description != null && typeof t.description !== 'string'))) {
      throw new AppError(StatusCode.badRequest, 'robotDataBadTemplate');
    }
    let mapId: number | null = null;
    if (d.map && typeof d.map.mapName === 'string') {
      mapId = (await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE "companyId" = $1 AND "mapName" = $2 ORDER BY id LIMIT 1', [r.companyId, d.map.mapName]))[0]?.id ?? null;
    }
    let templateName: string | null = null;
    await svc.db.transaction(async (tx) => {
      for (const s of settings) {
        await tx.query(
          `INSERT INTO robot_settings (robot_id, schema_id, params, updated_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (robot_id, schema_id) DO UPDATE SET params = EXCLUDED.params, updated_at = now(), updated_by = EXCLUDED.updated_by`,
          [p.robotId, s.schema_id, JSON.stringify(s.params), ctx.session.userId],
        );
      }
      if (mapId !== null) await tx.query('UPDATE robots SET "mapId" = $1 WHERE "robotId" = $2', [mapId, p.robotId]);
      if (d.modules !== undefined) await tx.query('UPDATE robots SET "modules" = $1 WHERE "robotId" = $2', [JSON.stringify(d.modules), p.robotId]);
      if (t === null) await tx.query('UPDATE robots SET "funcTemplateId" = NULL WHERE "robotId" = $1', [p.robotId]);
      else if (t) {
        // The template of that name in the robot's company takes the file's modules; without one it is made.
        const found = (await tx.query<{ id: number }>('SELECT id FROM ent_robot_func_template WHERE "companyId" = $1 AND "name" = $2 ORDER BY id LIMIT 1', [r.companyId, t.name]))[0];
        const id = found
          ? (await tx.query('UPDATE ent_robot_func_template SET "modules" = $1, "description" = $2 WHERE id = $3', [JSON.stringify(t.modules), t.description ?? null, found.id]), found.id)
          : (await tx.query<{ id: number }>('INSERT INTO ent_robot_func_template ("name", "modules", "description", "companyId") VALUES ($1, $2, $3, $4) RETURNING id', [t.name, JSON.stringify(t.modules), t.description ?? null, r.companyId]))[0]!.id;
        await tx.query('UPDATE robots SET "funcTemplateId" = $1 WHERE "robotId" = $2', [id, p.robotId]);
        templateName = String(t.name);
      }
    });
    bumpTable('robots');
    bumpTable('ent_robot_func_template');
    await svc.fleet.load();
    return { robotId: p.robotId, settings: settings.length, mapId, template: templateName };
  });
}
