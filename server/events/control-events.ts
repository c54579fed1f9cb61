import { StatusCode } from '../../common/protocol';
import { REFUSALS, type RobotCommand } from '../../common/robot-actions';
import { CAMERA_PARAMS, cameraParamValid, Definition } from '../../common/camera';
import { CAMERAS } from '../video/live-video';
import { visibleCompanyIds } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Services } from '../services';
import type { AuthedContext, EventRegistry } from './registry';

const ajv = createAjv();
const actionSchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'action'],
  properties: {
    robotId: { type: 'string', maxLength: 32 },
    action: { type: 'integer', minimum: 0, maximum: 10 },
    params: { type: 'object' },
    userId: { type: 'integer' },
  },
  additionalProperties: false,
});
const emergencySchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'status'],
  properties: { robotId: { type: 'string', maxLength: 32 }, status: { enum: [0, 1] }, userId: { type: 'integer' } },
  additionalProperties: false,
});

/**
 * Robot control events: the command goes to the robot over MQTT and the robot's answer decides
 * (accepted, or refused with the reason of spec §4/§8). Offline robots are answered at once.
 * Operators may drive robots (issue 4), so these are audited commands, not data changes.
 */
export function registerControlEvents(reg: EventRegistry, svc: Services): void {
  const visibleRobot = async (ctx: AuthedContext, robotId: string) => {
    const robot = svc.fleet.get(robotId);
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (!robot || (ids !== null && !ids.includes(robot.companyId))) throw new AppError(StatusCode.notFound, 'robotNotFound');
    return robot;
  };
  const command = async (ctx: AuthedContext, robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(robotId, action, params);
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    return reply;
  };
  const send = async (ctx: AuthedContext, robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const reply = await command(ctx, robotId, action, params);
    return { robotId, action, result: reply.result };
  };

  reg.register<{ robotId: string; action: number; params?: Record<string, unknown> }>({
    name: 'robotAction',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: actionSchema,
    handler: (ctx, p) => send(ctx as AuthedContext, p.robotId, p.action, p.params),
  });

  reg.register<{ robotId: string; status: 0 | 1 }>({
    name: 'emergencyButton',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: emergencySchema,
    handler: (ctx, p) => send(ctx as AuthedContext, p.robotId, 'emergencyButton', { status: p.status }),
  });

  const cam = { cameraId: { type: 'integer', minimum: 0, maximum: 4 } };
  const robotCam = (extra: Record<string, unknown> = {}, required: string[] = []) =>
    ajv.compile({
      type: 'object',
      required: ['robotId', 'cameraId', ...required],
      properties: { robotId: { type: 'string', maxLength: 32 }, ...cam, userId: { type: 'integer' }, ...extra },
      additionalProperties: false,
    });

  reg.register<{ robotId: string; cameraId: number; isPushVideo: 0 | 1 }>({
    name: 'pushVideo',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    audit: true,
    validate: robotCam({ isPushVideo: { enum: [0, 1] } }, ['isPushVideo']),
    handler: async (ctx, p) => {
      await command(ctx as AuthedContext, p.robotId, 'pushVideo', { cameraId: p.cameraId, isPushVideo: p.isPushVideo });
      svc.hub.publishRobot(p.robotId, 'pushVideoFlag', { cameraId: p.cameraId, isPushVideo: p.isPushVideo });
      return { robotId: p.robotId, cameraId: p.cameraId, isPushVideo: p.isPushVideo };
    },
  });

  reg.register<{ robotId: string; cameraId: number; definition?: number }>({
    name: 'reqVideoStream',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    validate: robotCam({ definition: { type: 'integer', minimum: 1, maximum: 4 } }),
    handler: async (ctx, p) => {
      const robot = await visibleRobot(ctx as AuthedContext, p.robotId);
      if (!robot.online || !robot.videoOnline) throw new AppError(StatusCode.badRequest, 'robotOffline');
      // The console adds its token and the websocket address of /config.json.
      return { robotId: p.robotId, cameraId: p.cameraId, path: `/live/${p.robotId}/${CAMERAS[p.cameraId]}`, definition: p.definition ?? Definition.default };
    },
  });

  reg.register<{ robotId: string; cameraId: number }>({
    name: 'camParamGet',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    validate: robotCam(),
    handler: async (ctx, p) => (await command(ctx as AuthedContext, p.robotId, 'camParamGet', { cameraId: p.cameraId })).data,
  });

  reg.register<Record<string, unknown> & { robotId: string; cameraId: number }>({
    name: 'camParamSet',
    // Spec §6: general users cannot open video settings (the tier has no video:settings).
    access: { kind: 'permission', permission: 'video:settings' },
    mutating: false,
    audit: true,
    validate: robotCam(Object.fromEntries(Object.keys(CAMERA_PARAMS).map((k) => [k, { type: 'string', maxLength: 16 }]))),
    handler: async (ctx, p) => {
      const names = Object.keys(p).filter((k) => k in CAMERA_PARAMS);
      if (names.length !== 1) throw new AppError(StatusCode.badRequest, 'cameraParamOne');
      const name = names[0]!;
      const value = String(p[name]);
      if (!cameraParamValid(name, value)) throw new AppError(StatusCode.badRequest, 'cameraParamInvalid', { name, value: value.slice(0, 16) });
      return (await command(ctx as AuthedContext, p.robotId, 'camParamSet', { cameraId: p.cameraId, values: { [name]: value } })).data;
    },
  });

  reg.register<{ robotId: string; index: number; sharpness: number }>({
    name: 'videoParamNew',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    audit: true,
    validate: ajv.compile({
      type: 'object',
      required: ['robotId', 'index', 'sharpness'],
      properties: { robotId: { type: 'string', maxLength: 32 }, index: { type: 'integer', minimum: 0, maximum: 4 }, sharpness: { type: 'integer', minimum: 1, maximum: 4 }, userId: { type: 'integer' } },
      additionalProperties: false,
    }),
    handler: async (ctx, p) => {
      if (p.sharpness === Definition.original) {
        const row = (await svc.db.query<{ sn: string | null }>('SELECT "centralControlSn" AS sn FROM robots WHERE "robotId" = $1', [p.robotId]))[0];
        if (!row?.sn) throw new AppError(StatusCode.badRequest, 'definitionOriginal');
      }
      await command(ctx as AuthedContext, p.robotId, 'videoParam', { cameraId: p.index, sharpness: p.sharpness });
      svc.hub.publishRobot(p.robotId, 'videoParamNew', { index: p.index, sharpness: p.sharpness });
      return { robotId: p.robotId, index: p.index, sharpness: p.sharpness };
    },
  });
}
