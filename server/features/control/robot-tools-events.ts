/**
 * Issue 20 control events of spec §7: fire-fighting and its log, the SOS mode and button, robot
 * video parameters, single-point navigation, snapshots, infrared correction, PTZ parameters and
 * presets, camera-head coordinates, the handheld remote control, motion alarms and the maps of a
 * robot's company. Commands go to the robot (robot-commands.ts); its refusals are spec §8 messages.
 */
import { StatusCode } from '../../../common/protocol';
import { RobotType } from '../../../common/robot';
import { RobotAction } from '../../../common/robot-actions';
import { FireOperation, RESERVED_PRESETS } from '../../../common/robot-control';
import { controlEvents as E } from '../../../common/events/control';
import type { DetectionMessage } from '../../../common/detections';
import { AppError } from '../../errors';
import { storeDetection } from '../detections/detection-store';
import type { Services } from '../../services';
import type { EventRegistry } from '../../events/registry';
import type { RobotCommands } from './robot-commands';

export function registerRobotToolEvents(reg: EventRegistry, svc: Services, { visibleRobot, command, control }: RobotCommands): void {
  reg.handle(E.fireFighting, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    if (robot.robotType !== RobotType.fireRobot) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    return control(ctx, p.robotId, 'fireControl', 'fireControl', { operation: p.status ? FireOperation.sprayOn : FireOperation.sprayOff });
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
  // The robot answers the picture; it is kept as a detection of kind snap (listed under Snapped pictures).
  reg.handle(E.snapPictures, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'snapPicture', p.cameraId === undefined ? {} : { cameraId: p.cameraId });
    const data = (reply.data ?? {}) as { picture?: unknown; cameraId?: unknown };
    const cameraId = typeof data.cameraId === 'number' ? data.cameraId : (p.cameraId ?? 0);
    const robot = await visibleRobot(ctx, p.robotId);
    const at = { x: robot.x, y: robot.y, latitude: robot.latitude, longitude: robot.longitude };
    const message = { kind: 'snap', t: Date.now(), start: at, end: at, picture: typeof data.picture === 'string' ? data.picture : undefined, data: { cameraId, source: 'snapPictures', userId: ctx.session.userId } };
    const id = await storeDetection(svc.db, svc.blobs, svc.fleet, p.robotId, message as unknown as DetectionMessage);
    const row = id === null ? undefined : (await svc.db.query<{ pictureUrl: string | null }>('SELECT "pictureUrl" FROM detections WHERE id = $1', [id]))[0];
    if (id === null || !row?.pictureUrl) throw new AppError(StatusCode.badRequest, 'robotNoPicture');
    return { id, robotId: p.robotId, cameraId, pictureUrl: row.pictureUrl };
  });
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
    const rows = await svc.db.query<{ id: string | number; at: Date | string; username: string | null; event: string; operation: string | null; statusCode: number }>(
      `SELECT id, "at", "username", "event", COALESCE("param"->>'status', "param"->>'operation') AS operation, "statusCode"
       FROM operation_log WHERE "event" IN ('fireFighting', 'fireControl') AND "param"->>'robotId' = $1 ORDER BY id DESC LIMIT 100`,
      [p.robotId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      username: r.username,
      event: r.event,
      operation: r.operation === null || !/^-?\d+$/.test(r.operation) ? null : Number(r.operation),
      statusCode: Number(r.statusCode),
    }));
  });
  reg.handle(E.getMoveAlarm, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return svc.db.query('SELECT id, code, kind, level, message, "createdAt" FROM alarms WHERE "robotId" = $1 AND code BETWEEN 301 AND 322 AND status = 0 ORDER BY id DESC LIMIT 100', [p.robotId]);
  });
  reg.handle(E.getCompanyMapByRobotId, async (ctx, p) => {
    const r = await visibleRobot(ctx, p.robotId);
    return svc.db.query('SELECT id, "mapName", "mapType", "buildingName", floor FROM maps WHERE "companyId" = $1 ORDER BY id', [r.companyId]);
  });
}
