/** Issue 20: the remaining events and REST paths of spec §7 (common/events/protocol.ts). */
import { StatusCode } from '../../../common/protocol';
import { RobotType } from '../../../common/robot';
import { RobotAction } from '../../../common/robot-actions';
import { FireOperation, RESERVED_PRESETS } from '../../../common/robot-control';
import { protocolEvents as E } from '../../../common/events/protocol';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import { defineFeature } from '../feature';
import { robotCommands } from '../control/robot-commands';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/** The kind and version of a robot data file (exportDataByRobotId / importData). */
export const ROBOT_DATA_KIND = 'fleet-console/robot-data';
export const ROBOT_DATA_VERSION = 1;

function register(reg: EventRegistry, svc: Services): void {
  const { visibleRobot, command, control } = robotCommands(svc);
  const companies = async (ctx: AuthedContext) => visibleCompanyIds(svc.db, ctx.session);
  const inScope = (ids: number[] | null, col: string, from = 1) => (ids === null ? { sql: 'TRUE', args: [] as unknown[] } : { sql: `${col} = ANY($${from})`, args: [ids] as unknown[] });
  const num = (v: unknown, d: number) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Math.floor(Number(v)) : d);

  reg.handle(E.getRobotTypesByCompanyId, async (ctx, p) => {
    const ids = await companies(ctx);
    if (p.companyId !== undefined && ids !== null && !ids.includes(p.companyId)) throw new AppError(StatusCode.notFound, 'companyNotFound');
    const rows = p.companyId !== undefined
      ? await svc.db.query<{ t: number }>('SELECT DISTINCT "robotType" AS t FROM robots WHERE "companyId" = $1 ORDER BY 1', [p.companyId])
      : await (async () => { const w = inScope(ids, '"companyId"'); return svc.db.query<{ t: number }>(`SELECT DISTINCT "robotType" AS t FROM robots WHERE ${w.sql} ORDER BY 1`, w.args); })();
    return rows.map((r) => Number(r.t));
  });

  reg.handle(E.fireFighting, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    if (robot.robotType !== RobotType.fireRobot) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    return control(ctx, p.robotId, 'fireControl', 'fireControl', { operation: p.status ? FireOperation.sprayOn : FireOperation.sprayOff });
  });

  reg.handle(E.insertLastWebRoute, async (ctx, p) => {
    await svc.db.query('UPDATE users SET "lastWebRoute" = $1 WHERE id = $2', [p.route, ctx.session.userId]);
    return { route: p.route };
  });

  reg.handle(E.getRobotOnline, async (ctx, p) => {
    if (p.robotId) {
      const r = await visibleRobot(ctx, p.robotId);
      return [{ robotId: p.robotId, online: r.online ? 1 : 0 }];
    }
    const ids = await companies(ctx);
    const w = inScope(ids, '"companyId"');
    const rows = await svc.db.query<{ robotId: string }>(`SELECT "robotId" FROM robots WHERE ${w.sql} ORDER BY "robotId"`, w.args);
    return rows.map((r) => ({ robotId: r.robotId, online: svc.fleet.get(r.robotId)?.online ? 1 : 0 }));
  });

  reg.handle(E.serverMediaOption, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'sosMode', p.mode === undefined ? {} : { mode: p.mode });
    return { robotId: p.robotId, mode: Number((reply.data as { mode?: number } | undefined)?.mode ?? p.mode ?? 1) };
  });
  reg.handle(E.interactiveSOS, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'sosMode', {});
    const mode = Number((reply.data as { mode?: number } | undefined)?.mode ?? 1);
    if (mode === 2) return { mode, ...(await control(ctx, p.robotId, 'remoteCall', RobotAction.remoteCall, { call: 1 })) };
    return { mode, ...(await control(ctx, p.robotId, 'startAlarm', RobotAction.startAlarm)) };
  });

  reg.handle(E.getVideoParam, async (ctx, p) => (await command(ctx, p.robotId, 'videoSettings', {})).data);
  reg.handle(E.videoParam, async (ctx, p) => (await command(ctx, p.robotId, 'videoSettings', { definition: p.definition, dataSaving: p.dataSaving })).data);
  reg.handle(E.singlePointNav, (ctx, p) => control(ctx, p.robotId, 'singlePointNav', 'singlePointNav', { x: p.x, y: p.y }));
  reg.handle(E.snapPictures, async (ctx, p) => (await command(ctx, p.robotId, 'snapPicture', p.cameraId === undefined ? {} : { cameraId: p.cameraId })).data);
  reg.handle(E.infraredCorrect, (ctx, p) => control(ctx, p.robotId, 'infraredCorrect', 'infraredCorrect', { type: p.type }));
  reg.handle(E.setPTZParam, async (ctx, p) => {
    const reserved = p.presets?.find((x) => RESERVED_PRESETS.includes(x.id));
    if (reserved) throw new AppError(StatusCode.badRequest, 'presetReserved');
    const ids = new Set(p.presets?.map((x) => x.id));
    if (p.presets && ids.size !== p.presets.length) throw new AppError(StatusCode.badRequest, 'presetDuplicate');
    await visibleRobot(ctx, p.robotId);
    return (await command(ctx, p.robotId, 'ptzParam', { speed: p.speed, presets: p.presets })).data;
  });
  reg.handle(E.getPTZParam, async (ctx, p) => (await command(ctx, p.robotId, 'ptzParam', {})).data);
  reg.handle(E.sendCoordinate, (ctx, p) => control(ctx, p.robotId, 'sendCoordinate', 'sendCoordinate', { x: p.x, y: p.y }));
  reg.handle(E.HandheldwirelessRC, (ctx, p) => control(ctx, p.robotId, 'handheldRC', 'handheldRC', { status: p.status }));

  reg.handle(E.queryFireOperationLog, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return svc.db.query(`SELECT * FROM operation_log WHERE "event" IN ('fireControl', 'fireFighting') AND "param"::text LIKE $1 ORDER BY id DESC LIMIT 100`, [`%${p.robotId}%`]).catch(() => []);
  });
  reg.handle(E.getMoveAlarm, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return svc.db.query('SELECT id, code, kind, level, message, "createdAt" FROM alarms WHERE "robotId" = $1 AND code BETWEEN 301 AND 322 AND status = 0 ORDER BY id DESC LIMIT 100', [p.robotId]);
  });
  reg.handle(E.getCompanyMapByRobotId, async (ctx, p) => {
    const r = await visibleRobot(ctx, p.robotId);
    return svc.db.query('SELECT id, "mapName", "mapType", "buildingName", floor FROM maps WHERE "companyId" = $1 ORDER BY id', [r.companyId]);
  });
  reg.handle(E.mapBind, async (ctx, p) => {
    const r = await visibleRobot(ctx, p.robotId);
    const m = await svc.db.query<{ id: number }>('SELECT id FROM maps WHERE id = $1 AND "companyId" = $2', [p.mapId, r.companyId]);
    if (!m[0]) throw new AppError(StatusCode.notFound, 'mapNotFound');
    await svc.db.query('UPDATE robots SET "mapId" = $1, "updatedAt" = now() WHERE "robotId" = $2', [p.mapId, p.robotId]);
    await svc.fleet.load();
    return { robotId: p.robotId, mapId: p.mapId };
  });
  reg.handle(E.reqFaceByRobotId, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return svc.db.query(`SELECT id, "robotId", "detectedAt", "pictureUrl", "mapId", data FROM detections WHERE "robotId" = $1 AND kind = 'face' ORDER BY id DESC LIMIT 100`, [p.robotId]);
  });
  reg.handle(E.getPlateByMap, async (ctx, p) => {
    const w = inScope(await companies(ctx), '"companyId"', 2);
    return svc.db.query(`SELECT id, "robotId", "detectedAt", "pictureUrl", data FROM detections WHERE kind = 'plate' AND "mapId" = $1 AND ${w.sql} ORDER BY id DESC LIMIT 100`, [p.mapId, ...w.args]);
  });
  reg.handle(E.getMapByPlateId, async (ctx, p) => {
    const w = inScope(await companies(ctx), 'd."companyId"', 2);
    return svc.db.query(`SELECT DISTINCT m.id, m."mapName" FROM detections d JOIN maps m ON m.id = d."mapId" WHERE d.kind = 'plate' AND d.data::text LIKE $1 AND ${w.sql} ORDER BY m.id`, [`%${p.plate}%`, ...w.args]);
  });
  reg.handle(E.getCustomDetectionAlarm, async (ctx, p) => {
    const w = inScope(await companies(ctx), '"companyId"');
    const size = Math.min(num(p.pageSize, 10), 100);
    const list = await svc.db.query(`SELECT id, "robotId", "detectedAt", "pictureUrl", data FROM detections WHERE kind = 'custom' AND ${w.sql} ORDER BY id DESC LIMIT ${size} OFFSET ${(num(p.pageNum, 1) - 1) * size}`, w.args);
    return { list };
  });
  reg.handle(E.exportAlarmsProcess, async (ctx) => {
    const w = inScope(await companies(ctx), '"companyId"');
    return svc.db.query(`SELECT id, "robotId", "robotName", code, kind, level, message, "processStatus", handler, result, "processedAt", "createdAt" FROM alarms WHERE "processStatus" <> 0 AND ${w.sql} ORDER BY id DESC LIMIT 10000`, w.args);
  });

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

  reg.handle(E['GET /robot/map/draftList'], async (ctx, p) => {
    const w = inScope(await companies(ctx), '"companyId"');
    const list = await svc.db.query(`SELECT id, "mapName", "mapType", "buildingName", floor, "createdAt" FROM maps WHERE ("pgmPath" IS NULL OR config->>'state' IN ('draft', 'slicing')) AND ${w.sql} ORDER BY id DESC LIMIT ${Math.min(num(p.pageSize, 10), 100)}`, w.args);
    return { list, total: list.length };
  });
  reg.handle(E['GET /robot/user/list'], async (ctx, p) => {
    const w = inScope(await companies(ctx), '"companyId"');
    const size = Math.min(num(p.pageSize, 10), 100);
    const list = await svc.db.query(`SELECT id, username, name, "roleId", "companyId", email, enabled FROM users WHERE ${w.sql} ORDER BY id LIMIT ${size} OFFSET ${(num(p.pageNum, 1) - 1) * size}`, w.args);
    const total = (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${w.sql}`, w.args))[0]!.n;
    return { list, total };
  });
  // Disinfection statements: the time cold-storage / disinfection robots (kind 7) spent working, from their battery samples.
  const disinfect = async (ctx: AuthedContext) => {
    const w = inScope(await companies(ctx), 'e."companyId"');
    return svc.db.query<{ robotId: string; day: string; minutes: number }>(
      `SELECT e."robotId", to_char(date_trunc('day', e.t), 'YYYY-MM-DD') AS day, count(*)::int AS minutes
       FROM energy_samples e JOIN robots r ON r."robotId" = e."robotId"
       WHERE r."robotType" = ${RobotType.AnbotCold} AND e.status = 2 AND e.t > now() - interval '30 days' AND ${w.sql}
       GROUP BY 1, 2 ORDER BY 2, 1`,
      w.args,
    );
  };
  reg.handle(E['GET /robot/statements/totalDisinfectTimeGroup'], async (ctx) => disinfect(ctx));
  reg.handle(E['GET /robot/statements/totalDisinfectTime'], async (ctx) => ({ minutes: (await disinfect(ctx)).reduce((a, r) => a + Number(r.minutes), 0) }));
  reg.handle(E['GET /robot/statements/concentrationChart'], async (ctx) => (await disinfect(ctx)).map((r) => ({ day: r.day, robotId: r.robotId, concentration: Math.min(100, Number(r.minutes)) })));
  reg.handle(E['GET /authority/deviceGroup/list'], async (ctx) => {
    const w = inScope(await companies(ctx), '"companyId"');
    return svc.db.query(`SELECT id, name, "companyId", "robotIds" FROM robot_groups WHERE ${w.sql} ORDER BY id`, w.args);
  });
  reg.handle(E['GET /authority/deviceGroup/devices'], async (ctx, p) => {
    const w = inScope(await companies(ctx), 'g."companyId"', 2);
    const g = (await svc.db.query<{ robotIds: string[] }>(`SELECT "robotIds" FROM robot_groups g WHERE id = $1 AND ${w.sql}`, [num(p.groupId, 0), ...w.args]))[0];
    if (!g) throw new AppError(StatusCode.notFound, 'notFound');
    return svc.db.query('SELECT "robotId", "robotName", "robotType", online FROM robots WHERE "robotId" = ANY($1) ORDER BY "robotId"', [g.robotIds]);
  });
}

export default defineFeature({ id: 'protocol', register: ({ events, svc }) => register(events, svc) });
