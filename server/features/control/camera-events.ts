import { StatusCode } from '../../../common/protocol';
import { CAMERA_PARAMS, cameraParamValid, codecOfSetting, Definition } from '../../../common/camera';
import { controlEvents, type StreamAnswer } from '../../../common/events/control';
import { robotSettings } from '../detections/thresholds';
import { CAMERAS } from '../video/live-video';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import { appErrorText } from '../../events/dispatch';
import type { RobotCommands } from './robot-commands';

/** A camera's parameters as the robot answers them (strings by name, common/camera CAMERA_PARAMS). */
type CameraParams = Record<string, string>;

/**
 * Camera events: the push flag, live stream addresses (one camera, or a video wall's in one call),
 * camera parameters and the definition. Commands go to the robot as the other control events do.
 */
export function registerCameraEvents(reg: EventRegistry, svc: Services, { visibleRobot, hasCentralControl, command }: RobotCommands): void {
  reg.handle(controlEvents.pushVideo, async (ctx, p) => {
    await command(ctx, p.robotId, 'pushVideo', { cameraId: p.cameraId, isPushVideo: p.isPushVideo });
    svc.fleet.setPushFlag(p.robotId, p.cameraId, p.isPushVideo);
    svc.hub.publishRobot(p.robotId, 'pushVideoFlag', { cameraId: p.cameraId, isPushVideo: p.isPushVideo });
    return { robotId: p.robotId, cameraId: p.cameraId, isPushVideo: p.isPushVideo };
  });

  /** A camera's stream address, definition and codec (reqVideoStream, one item of reqVideoStreams). */
  const videoStream = async (
    ctx: AuthedContext,
    p: { robotId: string; cameraId: number; definition?: number },
    robotInfo: (robotId: string) => Promise<{ settings: Awaited<ReturnType<typeof robotSettings>>; centralControl: boolean }>,
    scope?: Promise<number[] | null>,
  ): Promise<StreamAnswer> => {
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

  reg.handle(controlEvents.reqVideoStream, async (ctx, p) => videoStream(ctx, p, robotInfo));

  // A video wall starts up to 16 cameras at once: one call instead of sixteen (docs/protocol.md).
  reg.handle(controlEvents.reqVideoStreams, async (ctx, p) => {
    // The caller's companies, and each robot's settings, are read once however many cameras are asked for.
    const scope = visibleCompanyIds(svc.db, ctx.session);
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
        streams.push(await videoStream(ctx, c, once, scope));
      } catch (err) {
        // One camera's refusal (offline, not in the caller's companies) does not fail the others.
        if (!(err instanceof AppError)) throw err;
        streams.push({ robotId: c.robotId, cameraId: c.cameraId, statusCode: err.statusCode, statusInfo: appErrorText(err, ctx.lang) });
      }
    }
    return { streams };
  });

  reg.handle(controlEvents.camParamGet, async (ctx, p) => (await command(ctx, p.robotId, 'camParamGet', { cameraId: p.cameraId })).data as CameraParams);

  reg.handle(controlEvents.camParamSet, async (ctx, p) => {
    const names = Object.keys(p).filter((k) => k in CAMERA_PARAMS);
    if (names.length !== 1) throw new AppError(StatusCode.badRequest, 'cameraParamOne');
    const name = names[0]!;
    const value = String(p[name]);
    if (!cameraParamValid(name, value)) throw new AppError(StatusCode.badRequest, 'cameraParamInvalid', { name, value: value.slice(0, 16) });
    return (await command(ctx, p.robotId, 'camParamSet', { cameraId: p.cameraId, values: { [name]: value } })).data as CameraParams;
  });

  reg.handle(controlEvents.videoParamNew, async (ctx, p) => {
    if (p.sharpness === Definition.original) {
      if (!(await hasCentralControl(p.robotId))) throw new AppError(StatusCode.badRequest, 'definitionOriginal');
    }
    await command(ctx, p.robotId, 'videoParam', { cameraId: p.index, sharpness: p.sharpness });
    svc.hub.publishRobot(p.robotId, 'videoParamNew', { index: p.index, sharpness: p.sharpness });
    // A new definition is a new stream: players reopen at the address given here.
    svc.hub.publishRobot(p.robotId, 'videoUrlChange', { cameraId: p.index, path: `/live/${p.robotId}/${CAMERAS[p.index]}`, definition: p.sharpness });
    return { robotId: p.robotId, index: p.index, sharpness: p.sharpness };
  });
}
