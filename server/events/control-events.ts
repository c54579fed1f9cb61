import { StatusCode } from '../../common/protocol';
import { REFUSALS, RobotAction, type RobotCommand, type RobotReply } from '../../common/robot-actions';
import {
  actionName,
  BROADCAST_MAX_LENGTH,
  CameraAction,
  controlBlock,
  FireOperation,
  FOCUS_ACTIONS,
  hangsUpCall,
  LIFTER_DIRECTIONS,
  LIFTER_MAX_DISTANCE_MM,
  MAX_PRESET,
  presetProblem,
  PTZ_DIRECTIONS,
  robotOffers,
  ZOOM_ACTIONS,
  type Control,
} from '../../common/robot-control';
import { CAMERA_PARAMS, cameraParamValid, codecOfSetting, Definition } from '../../common/camera';
import { VideoPlayer } from '../../common/constants';
import { robotSettings } from '../detections/thresholds';
import { CAMERAS } from '../video/live-video';
import { visibleCompanyIds, visibleRobot as visibleRobotOf } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Services } from '../services';
import type { AuthedContext, EventRegistry } from './registry';
import { appErrorText } from './dispatch';

const ajv = createAjv();
const actionSchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'action'],
  properties: {
    robotId: { type: 'string', maxLength: 32 },
    action: { type: 'integer', minimum: 0, maximum: 10 },
    // What an action needs: mediaPlay {mediaId}, broadcast {text}, ptz {direction, cameraId?}, remoteCall {call 1 start / 0 hang up}.
    params: {
      type: 'object',
      properties: {
        mediaId: { type: 'integer', minimum: 1 },
        text: { type: 'string', minLength: 1, maxLength: BROADCAST_MAX_LENGTH },
        direction: { enum: [...PTZ_DIRECTIONS] },
        cameraId: { type: 'integer', minimum: 0, maximum: 4 },
        call: { enum: [0, 1] },
        x: { type: 'number' },
        y: { type: 'number' },
      },
      additionalProperties: false,
    },
    userId: { type: 'integer' },
  },
  additionalProperties: false,
});
const initPositionSchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'mapId', 'x', 'y', 'theta'],
  properties: {
    robotId: { type: 'string', maxLength: 32 },
    mapId: { type: 'integer', minimum: 1 },
    // Robot coordinates in millimetres (spec §3), heading in degrees as the map editor shows it.
    x: { type: 'number' },
    y: { type: 'number' },
    theta: { type: 'number', minimum: -360, maximum: 360 },
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
  const visibleRobot = (ctx: AuthedContext, robotId: string, scope?: Promise<number[] | null>) => visibleRobotOf(svc.db, ctx.session, svc.fleet.get(robotId), scope);
  /** Whether the robot has a central control (its serial number set): only then is "original" offered (spec §4). */
  const hasCentralControl = async (robotId: string): Promise<boolean> =>
    !!(await svc.db.query<{ sn: string | null }>('SELECT "centralControlSn" AS sn FROM robots WHERE "robotId" = $1', [robotId]))[0]?.sn;
  const ask = async (robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>): Promise<RobotReply> => {
    if (!svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(robotId, action, params);
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    return reply;
  };
  const command = async (ctx: AuthedContext, robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    return ask(robotId, action, params);
  };
  /**
   * A control with the rules of common/robot-control: offered by the robot's kind, not blocked in
   * its state, a running call hung up first. The robot still has the last word (it may refuse).
   */
  const control = async (ctx: AuthedContext, robotId: string, name: Control, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    if (!robotOffers(robot.robotType, name)) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    const block = controlBlock(name, robot);
    if (block) throw new AppError(StatusCode.badRequest, block);
    let hungUp = false;
    if (hangsUpCall(name, robot)) {
      await ask(robotId, RobotAction.remoteCall, { call: 0 });
      hungUp = true;
    }
    const reply = await ask(robotId, action, params);
    return { robotId, result: reply.result, ...(hungUp ? { hungUp } : {}), ...(reply.data !== undefined ? { data: reply.data } : {}) };
  };
  const send = async (ctx: AuthedContext, robotId: string, action: number, params?: Record<string, unknown>) => {
    const name = actionName(action)!;
    if (action === RobotAction.mediaPlay) {
      const id = params?.mediaId;
      if (typeof id !== 'number') throw new AppError(StatusCode.badRequest, 'required', { field: 'mediaId' });
      const robot = await visibleRobot(ctx, robotId);
      const rows = await svc.db.query<{ name: string; type: string; companyId: number | null }>('SELECT "name", "type", "companyId" FROM media_entries WHERE id = $1', [id]);
      const ids = await visibleCompanyIds(svc.db, ctx.session);
      const media = rows[0];
      if (!media || (media.companyId !== null && media.companyId !== robot.companyId && ids !== null && !ids.includes(media.companyId))) throw new AppError(StatusCode.notFound, 'mediaNotFound');
      params = { mediaId: id, name: media.name, type: media.type };
    }
    if (action === RobotAction.broadcast && typeof params?.text !== 'string') throw new AppError(StatusCode.badRequest, 'required', { field: 'text' });
    if (action === RobotAction.ptz && typeof params?.direction !== 'string') throw new AppError(StatusCode.badRequest, 'required', { field: 'direction' });
    const answer = await control(ctx, robotId, name, action, params);
    return { ...answer, action };
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
    handler: async (ctx, p) => ({ ...(await control(ctx as AuthedContext, p.robotId, 'emergencyButton', 'emergencyButton', { status: p.status })), action: 'emergencyButton' }),
  });

  // The map editor's "Set robot's initial position": the robot takes the pose of the map's initial
  // position (kind 104). It relocalises like resetPosition, so it follows that control's rules.
  reg.register<{ robotId: string; mapId: number; x: number; y: number; theta: number }>({
    name: 'setInitPosition',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: initPositionSchema,
    handler: async (ctx, p) => {
      const robot = await visibleRobot(ctx as AuthedContext, p.robotId);
      if (robot.mapId !== p.mapId) throw new AppError(StatusCode.badRequest, 'mapRobotNotOnMap');
      const pose = { mapId: p.mapId, x: p.x, y: p.y, theta: (p.theta * Math.PI) / 180 };
      return { ...(await control(ctx as AuthedContext, p.robotId, 'resetPosition', 'setInitPosition', pose)), action: 'setInitPosition' };
    },
  });

  registerTeleopEvents(reg, control);

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
      svc.fleet.setPushFlag(p.robotId, p.cameraId, p.isPushVideo);
      svc.hub.publishRobot(p.robotId, 'pushVideoFlag', { cameraId: p.cameraId, isPushVideo: p.isPushVideo });
      return { robotId: p.robotId, cameraId: p.cameraId, isPushVideo: p.isPushVideo };
    },
  });

  /** A camera's stream address, definition and codec (reqVideoStream, one item of reqVideoStreams). */
  const videoStream = async (
    ctx: AuthedContext,
    p: { robotId: string; cameraId: number; definition?: number },
    robotInfo: (robotId: string) => Promise<{ settings: Awaited<ReturnType<typeof robotSettings>>; centralControl: boolean }>,
    scope?: Promise<number[] | null>,
  ) => {
    const robot = await visibleRobot(ctx, p.robotId, scope);
    if (!robot.online || !robot.videoOnline) throw new AppError(StatusCode.badRequest, 'robotOffline');
    // The robot's settings say its codec and default definition; its central control allows "original".
    const { settings, centralControl } = await robotInfo(p.robotId);
    const video = (settings?.video ?? {}) as { videoCodec?: unknown; defaultDefinition?: unknown };
    const definition = p.definition ?? (Number.isInteger(video.defaultDefinition) ? (video.defaultDefinition as number) : Definition.default);
    // The console adds its token and the websocket address of /config.json.
    return {
      robotId: p.robotId,
      cameraId: p.cameraId,
      path: `/live/${p.robotId}/${CAMERAS[p.cameraId]}`,
      definition,
      codec: codecOfSetting(video.videoCodec),
      centralControl,
    };
  };
  const robotInfo = async (robotId: string) => {
    const [settings, centralControl] = await Promise.all([robotSettings(svc.db, svc.schemas, robotId), hasCentralControl(robotId)]);
    return { settings, centralControl };
  };

  reg.register<{ robotId: string; cameraId: number; definition?: number }>({
    name: 'reqVideoStream',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    validate: robotCam({ definition: { type: 'integer', minimum: 1, maximum: 4 } }),
    handler: async (ctx, p) => videoStream(ctx as AuthedContext, p, robotInfo),
  });

  // A video wall starts up to 16 cameras at once: one call instead of sixteen (docs/protocol.md).
  reg.register<{ cameras: { robotId: string; cameraId: number; definition?: number }[] }>({
    name: 'reqVideoStreams',
    access: { kind: 'permission', permission: 'video:read' },
    mutating: false,
    validate: ajv.compile({
      type: 'object',
      required: ['cameras'],
      properties: {
        cameras: {
          type: 'array',
          minItems: 1,
          maxItems: VideoPlayer.streamsPerCall,
          items: {
            type: 'object',
            required: ['robotId', 'cameraId'],
            properties: { robotId: { type: 'string', maxLength: 32 }, ...cam, definition: { type: 'integer', minimum: 1, maximum: 4 } },
            additionalProperties: false,
          },
        },
        userId: { type: 'integer' },
      },
      additionalProperties: false,
    }),
    handler: async (ctx, p) => {
      // The caller's companies, and each robot's settings, are read once however many cameras are asked for.
      const scope = visibleCompanyIds(svc.db, (ctx as AuthedContext).session);
      scope.catch(() => undefined);
      const perRobot = new Map<string, ReturnType<typeof robotInfo>>();
      const once = (robotId: string) => {
        let info = perRobot.get(robotId);
        if (!info) perRobot.set(robotId, (info = robotInfo(robotId)));
        return info;
      };
      const streams = [];
      for (const c of p.cameras) {
        try {
          streams.push(await videoStream(ctx as AuthedContext, c, once, scope));
        } catch (err) {
          // One camera's refusal (offline, not in the caller's companies) does not fail the others.
          if (!(err instanceof AppError)) throw err;
          streams.push({ robotId: c.robotId, cameraId: c.cameraId, statusCode: err.statusCode, statusInfo: appErrorText(err, ctx.lang) });
        }
      }
      return { streams };
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
        if (!(await hasCentralControl(p.robotId))) throw new AppError(StatusCode.badRequest, 'definitionOriginal');
      }
      await command(ctx as AuthedContext, p.robotId, 'videoParam', { cameraId: p.index, sharpness: p.sharpness });
      svc.hub.publishRobot(p.robotId, 'videoParamNew', { index: p.index, sharpness: p.sharpness });
      // A new definition is a new stream: players reopen at the address given here.
      svc.hub.publishRobot(p.robotId, 'videoUrlChange', { cameraId: p.index, path: `/live/${p.robotId}/${CAMERAS[p.index]}`, definition: p.sharpness });
      return { robotId: p.robotId, index: p.index, sharpness: p.sharpness };
    },
  });
}

type ControlFn = (ctx: AuthedContext, robotId: string, name: Control, action: RobotCommand['action'], params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Manual charging, lifter, fire-fighting and camera lens / preset commands (spec §7 control events). */
function registerTeleopEvents(reg: EventRegistry, control: ControlFn): void {
  const robotId = { type: 'string', maxLength: 32 };
  const userId = { type: 'integer' };

  reg.register<{ robotId: string; status: 0 | 1 }>({
    name: 'manualCharging',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: ajv.compile({ type: 'object', required: ['robotId', 'status'], properties: { robotId, status: { enum: [0, 1] }, userId }, additionalProperties: false }),
    // Stopping manual charging is never blocked; starting follows the rules (and needs a charger).
    handler: (ctx, p) => control(ctx as AuthedContext, p.robotId, p.status ? 'manualCharging' : 'stop', 'manualCharging', { status: p.status }),
  });

  const lifterSchema = {
    type: 'object',
    required: ['robotId', 'direction'],
    properties: { robotId, direction: { enum: [...LIFTER_DIRECTIONS] }, distance: { type: 'integer', minimum: 1, maximum: LIFTER_MAX_DISTANCE_MM }, userId },
    additionalProperties: false,
  };
  const lifter = (ctx: AuthedContext, p: { robotId: string; direction: string; distance?: number }) =>
    control(ctx, p.robotId, p.direction === 'stop' ? 'stop' : 'lifter', 'lifter', { direction: p.direction, distance: p.distance ?? 100 });
  reg.register<{ robotId: string; direction: string; distance?: number }>({
    name: 'lifterControl',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: ajv.compile(lifterSchema),
    handler: (ctx, p) => lifter(ctx as AuthedContext, p),
  });
  // Spec §7 REST: POST /robot/common/lifter/{direction}?distance={n} (robotId in the query or body).
  reg.register<{ robotId: string; direction: string; distance?: number }>({
    name: 'POST /robot/common/lifter/{direction}',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    labelSchema: lifterSchema,
    validate: ajv.compile(lifterSchema),
    handler: (ctx, p) => lifter(ctx as AuthedContext, p),
  });

  reg.register<{ robotId: string; operation: number }>({
    name: 'fireControl',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: ajv.compile({
      type: 'object',
      required: ['robotId', 'operation'],
      properties: { robotId, operation: { enum: Object.values(FireOperation) }, userId },
      additionalProperties: false,
    }),
    handler: (ctx, p) => control(ctx as AuthedContext, p.robotId, 'fireControl', 'fireControl', { operation: p.operation }),
  });

  // cameraZoom / cameraFocus {robotId, cameraId, Action, preset?} (spec §7; codes in common/robot-control).
  const lens = (name: string, actions: readonly number[]) =>
    reg.register<{ robotId: string; cameraId: number; Action: number; preset?: string | number }>({
      name,
      access: { kind: 'permission', permission: 'robot:teleop' },
      mutating: false,
      audit: true,
      validate: ajv.compile({
        type: 'object',
        required: ['robotId', 'cameraId', 'Action'],
        properties: { robotId, cameraId: { type: 'integer', minimum: 0, maximum: 4 }, Action: { enum: [...actions] }, preset: { type: ['string', 'integer'] }, userId },
        additionalProperties: false,
      }),
      handler: async (ctx, p) => {
        const params: Record<string, unknown> = { cameraId: p.cameraId, code: p.Action };
        if (p.Action === CameraAction.setPreset || p.Action === CameraAction.goPreset) {
          const entry = p.preset === undefined ? '' : String(p.preset);
          const problem = presetProblem(entry);
          if (problem) throw new AppError(StatusCode.badRequest, problem, { limit: MAX_PRESET });
          params.preset = Number(entry);
        }
        return control(ctx as AuthedContext, p.robotId, 'cameraPtz', 'cameraLens', params);
      },
    });
  lens('cameraZoom', ZOOM_ACTIONS);
  lens('cameraFocus', FOCUS_ACTIONS);
}
