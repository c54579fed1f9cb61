/**
 * Robot control (spec §4, §7 control events; issue 4): commands go to the robot over MQTT and
 * the robot's answer decides (accepted, or refused with the reason of spec §4/§8); offline robots
 * are answered at once. Operators may drive robots, so commands are audited, not data changes.
 * Also the cameras: live stream addresses (reqVideoStream, reqVideoStreams), push flags,
 * definition and camera parameters.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CAMERA_PARAMS } from '../camera';
import { VideoPlayer } from '../constants';
import { BROADCAST_MAX_LENGTH, FireOperation, FOCUS_ACTIONS, LIFTER_DIRECTIONS, LIFTER_MAX_DISTANCE_MM, MAX_PRESET, PTZ_DIRECTIONS, RESERVED_PRESETS, ZOOM_ACTIONS } from '../robot-control';
import { can, defineEvents } from './define';
import { Dict, Json } from './schema';

const RobotId = Type.String({ maxLength: 32 });
const CameraId = Type.Integer({ minimum: 0, maximum: 4 });
/** Sent by some clients with every call; not used. */
const UserId = Type.Optional(Type.Integer());
const OnOff = Json<0 | 1>({ enum: [0, 1] });
/** Steering a robot or its cameras (spec §6: a general user's calls that carry a userId); admin tiers hold it, custom roles may be granted it. */
const Teleop = can('robot:control');

/** A command's answer: the robot accepted it (a refusal is an error answer). */
export const CommandAnswerSchema = Type.Object({
  robotId: Type.String(),
  result: Type.Union([Type.Literal('accepted'), Type.Literal('refused')], { description: 'Always accepted: a refusal is an error answer.' }),
  hungUp: Type.Optional(Type.Literal(true, { description: 'A running remote call was hung up first.' })),
  data: Type.Optional(Type.Unknown({ description: 'What the robot answered with, if anything.' })),
});
export type CommandAnswer = Static<typeof CommandAnswerSchema>;
const withAction = <T extends TSchema>(action: T) => Type.Composite([CommandAnswerSchema, Type.Object({ action })]);

/** A camera's live stream: the path the console opens (with its token) on the websocket origin of /config.json. */
export const StreamAnswerSchema = Type.Object({
  robotId: Type.String(),
  cameraId: Type.Integer(),
  path: Type.String({ description: '/live/<robotId>/<camera>' }),
  definition: Type.Integer({ description: '1 HD, 2 SD, 3 smooth, 4 original.' }),
  codec: Type.Union([Type.Literal('h264'), Type.Literal('h265')]),
  centralControl: Type.Boolean({ description: 'The robot has a central control: "original" definition is offered.' }),
});
export type StreamAnswer = Static<typeof StreamAnswerSchema>;

/** One camera's item of a reqVideoStreams answer that has no address: why. */
export const StreamRefusalSchema = Type.Object({ robotId: Type.String(), cameraId: Type.Integer(), statusCode: Type.Integer(), statusInfo: Type.String() });

/** A camera's parameters as strings (common/camera CAMERA_PARAMS), as the robot answers them. */
const CameraParams = Dict(Type.String());

const RobotCamera = { robotId: RobotId, cameraId: CameraId, userId: UserId };

type CamParamSet = { robotId: string; cameraId: number; userId?: number } & Record<string, unknown>;
/** camParamSet: one parameter of CAMERA_PARAMS (the handler refuses none or several). */
const CamParamSetParam = Type.Unsafe<CamParamSet>(
  Type.Object(
    { ...RobotCamera, ...Object.fromEntries(Object.keys(CAMERA_PARAMS).map((k) => [k, Type.Optional(Type.String({ maxLength: 16 }))])) },
    { additionalProperties: false },
  ),
);

const Lifter = Type.Object(
  {
    robotId: RobotId,
    direction: Json<(typeof LIFTER_DIRECTIONS)[number]>({ enum: [...LIFTER_DIRECTIONS] }),
    distance: Type.Optional(Type.Integer({ minimum: 1, maximum: LIFTER_MAX_DISTANCE_MM })),
    userId: UserId,
  },
  { additionalProperties: false },
);

const Lens = (actions: readonly number[]) =>
  Type.Object(
    {
      robotId: RobotId,
      cameraId: CameraId,
      Action: Json<number>({ enum: [...actions] }),
      preset: Type.Optional(Json<string | number>({ type: ['string', 'integer'] })),
      userId: UserId,
    },
    { additionalProperties: false },
  );

const StreamRequest = { robotId: RobotId, cameraId: CameraId, definition: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) };

/** A robot id that may not be empty, and a robot with extra fields allowed (issue 20 events). */
const RobotIdRequired = Type.String({ minLength: 1, maxLength: 32 });
const ByRobotAny = Type.Object({ robotId: RobotIdRequired, userId: UserId }, { additionalProperties: true });

/** SOS modes of spec §9: 1 rescue sound, 2 remote call. */
export const SOS_MODES = { rescueSound: 1, remoteCall: 2 } as const;
/** Presets of spec §9 the console may not set (2, 45, 49) and the highest preset. */
export const PTZ_PRESET_LIMITS = { reserved: RESERVED_PRESETS, max: MAX_PRESET };

export const controlEvents = defineEvents('control', {
  robotAction: {
    summary: 'A robot action of common/robot-actions (stop, go home, media play, broadcast, PTZ, remote call …), after the rules of common/robot-control.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object(
      {
        robotId: RobotId,
        action: Type.Integer({ minimum: 0, maximum: 10 }),
        params: Type.Optional(
          Type.Object(
            {
              mediaId: Type.Optional(Type.Integer({ minimum: 1 })),
              text: Type.Optional(Type.String({ minLength: 1, maxLength: BROADCAST_MAX_LENGTH })),
              direction: Type.Optional(Json<(typeof PTZ_DIRECTIONS)[number]>({ enum: [...PTZ_DIRECTIONS] })),
              cameraId: Type.Optional(CameraId),
              call: Type.Optional(OnOff),
              x: Type.Optional(Type.Number()),
              y: Type.Optional(Type.Number()),
            },
            { additionalProperties: false, description: 'What an action needs: mediaPlay {mediaId}, broadcast {text}, ptz {direction, cameraId?}, remoteCall {call 1 start / 0 hang up}.' },
          ),
        ),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: withAction(Type.Integer()),
  },
  emergencyButton: {
    summary: 'Presses (1) or releases (0) the robot’s emergency stop.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ robotId: RobotId, status: OnOff, userId: UserId }, { additionalProperties: false }),
    answer: withAction(Type.Literal('emergencyButton')),
  },
  bmsCalibration: {
    summary: 'Calibrates the robot’s battery management system (BMS). Spec §8: refused unless the robot is in emergency stop (status 6 or its emergency button pressed). The event name is ours (spec §7 names none; docs/protocol.md).',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ robotId: RobotId, userId: UserId }, { additionalProperties: false }),
    answer: withAction(Type.Literal('bmsCalibration')),
  },
  setInitPosition: {
    summary: 'The robot takes a pose on its map (the map editor’s initial position); it relocalises as resetPosition does.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object(
      {
        robotId: RobotId,
        mapId: Type.Integer({ minimum: 1 }),
        x: Type.Number({ description: 'Millimetres (spec §3).' }),
        y: Type.Number(),
        theta: Type.Number({ minimum: -360, maximum: 360, description: 'Degrees, as the map editor shows it.' }),
        userId: UserId,
      },
      { additionalProperties: false },
    ),
    answer: withAction(Type.Literal('setInitPosition')),
  },
  manualCharging: {
    summary: 'Starts (1) or stops (0) manual charging; stopping is never blocked.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ robotId: RobotId, status: OnOff, userId: UserId }, { additionalProperties: false }),
    answer: CommandAnswerSchema,
  },
  lifterControl: { summary: 'Moves the lifter up or down by a distance (default 100 mm), or stops it.', access: Teleop, mutating: false, audit: true, param: Lifter, answer: CommandAnswerSchema },
  'POST /robot/common/lifter/{direction}': {
    summary: 'lifterControl over REST (robotId and distance in the query or body).',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Lifter,
    answer: CommandAnswerSchema,
  },
  fireControl: {
    summary: 'A fire-fighting operation: spray on or off, nozzle up, down, left or right.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ robotId: RobotId, operation: Json<number>({ enum: Object.values(FireOperation) }), userId: UserId }, { additionalProperties: false }),
    answer: CommandAnswerSchema,
  },
  cameraZoom: { summary: 'Zooms a camera in or out, or stops.', access: Teleop, mutating: false, audit: true, param: Lens(ZOOM_ACTIONS), answer: CommandAnswerSchema },
  cameraFocus: {
    summary: 'Focuses a camera (near, far, auto, stop) or sets or goes to a preset.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Lens(FOCUS_ACTIONS),
    answer: CommandAnswerSchema,
  },
  pushVideo: {
    summary: 'Turns a camera’s push of video to the server on (1) or off (0); pushed to watchers as pushVideoFlag.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ ...RobotCamera, isPushVideo: OnOff }, { additionalProperties: false }),
    answer: Type.Object({ robotId: Type.String(), cameraId: Type.Integer(), isPushVideo: OnOff }),
  },
  reqVideoStream: {
    summary: 'A camera’s live stream address, definition and codec.',
    access: can('video:read'),
    mutating: false,
    param: Type.Object({ ...RobotCamera, definition: StreamRequest.definition }, { additionalProperties: false }),
    answer: StreamAnswerSchema,
  },
  reqVideoStreams: {
    summary: 'The stream addresses of up to 16 cameras in one call (a video wall); a camera that has none carries its refusal.',
    access: can('video:read'),
    mutating: false,
    param: Type.Object(
      { cameras: Type.Array(Type.Object(StreamRequest, { additionalProperties: false }), { minItems: 1, maxItems: VideoPlayer.streamsPerCall }), userId: UserId },
      { additionalProperties: false },
    ),
    answer: Type.Object({ streams: Type.Array(Type.Union([StreamAnswerSchema, StreamRefusalSchema])) }),
  },
  camParamGet: { summary: 'A camera’s parameters, as the robot answers them.', access: can('video:read'), mutating: false, param: Type.Object(RobotCamera, { additionalProperties: false }), answer: CameraParams },
  camParamSet: {
    summary: 'Sets one camera parameter (common/camera CAMERA_PARAMS); answers the camera’s parameters.',
    // Spec §6: general users cannot open video settings (the tier has no video:settings).
    access: can('video:settings'),
    mutating: false,
    audit: true,
    param: CamParamSetParam,
    answer: CameraParams,
  },
  videoParamNew: {
    summary: 'Sets a camera’s definition (sharpness 1–4; 4 original needs a central control); players reopen at the new address (videoUrlChange).',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object(
      { robotId: RobotId, index: Type.Integer({ minimum: 0, maximum: 4 }), sharpness: Type.Integer({ minimum: 1, maximum: 4 }), userId: UserId },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), index: Type.Integer(), sharpness: Type.Integer() }),
  },
  // Issue 20 (spec §7 Menu/status and control events).
  fireFighting: { summary: 'Menu/status: a fire robot starts (1) or stops (0) fire-fighting; only fire robots.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, status: Type.Integer({ enum: [0, 1] }), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  serverMediaOption: { summary: 'Control: the robot’s SOS mode (spec §9: 1 rescue sound, 2 remote call); without mode it is read.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, mode: Type.Optional(Type.Integer({ enum: [1, 2] })), userId: UserId }, { additionalProperties: false }), answer: Type.Object({ robotId: Type.String(), mode: Type.Integer() }) },
  interactiveSOS: { summary: 'Control: the SOS answer of the robot in its mode (rescue sound plays the alarm; remote call starts the call command).', access: Teleop, mutating: false, audit: true, param: ByRobotAny, answer: Type.Unknown() },
  getVideoParam: { summary: 'Control: the robot’s video parameters (definition, data-saving mode).', access: can('robot:read'), mutating: false, param: ByRobotAny, answer: Type.Unknown() },
  videoParam: { summary: 'Control: sets video parameters (definition 1-4, dataSaving 1-3).', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, definition: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })), dataSaving: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  singlePointNav: { summary: 'Control: drive to one point (x, y in mm); blocked in emergency stop and charging.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, x: Type.Number(), y: Type.Number(), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  snapPictures: {
    summary: 'Control: the robot takes a picture with a camera (0 if none is named); it is kept as a snapped picture (detection kind snap) and answered.',
    access: Teleop,
    mutating: false,
    audit: true,
    param: Type.Object({ robotId: RobotIdRequired, cameraId: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })), userId: UserId }, { additionalProperties: false }),
    answer: Type.Object({ id: Type.Integer(), robotId: Type.String(), cameraId: Type.Integer(), pictureUrl: Type.String() }),
  },
  infraredCorrect: { summary: 'Control: infrared correction, type 1 background or 2 manual; only robots with an infrared camera.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, type: Type.Integer({ enum: [1, 2] }), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  setPTZParam: { summary: 'Control: PTZ parameters (speed 1-100) and presets stored on the robot; presets 2, 45, 49 reserved.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, speed: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), presets: Type.Optional(Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_PRESET }), name: Type.String({ minLength: 1, maxLength: 16 }) }), { maxItems: 64 })), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  getPTZParam: { summary: 'Control: the PTZ parameters and presets the robot stores.', access: can('robot:read'), mutating: false, param: ByRobotAny, answer: Type.Unknown() },
  sendCoordinate: { summary: 'Control: sends a target coordinate (x, y in mm) the robot turns its camera head to.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, x: Type.Number(), y: Type.Number(), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  queryFireOperationLog: {
    summary: 'Control: the fire-fighting operations of a robot (fireFighting and fireControl rows of the operation log), newest first, at most 100.',
    access: can('robot:read'),
    mutating: false,
    param: ByRobotAny,
    answer: Type.Array(
      Type.Object({
        id: Type.Integer(),
        at: Type.String({ description: 'When (ISO time).' }),
        username: Type.Union([Type.String(), Type.Null()]),
        event: Type.String({ description: 'fireFighting or fireControl.' }),
        operation: Type.Union([Type.Integer(), Type.Null()], { description: 'fireFighting: its status (1 start, 0 stop); fireControl: its operation code.' }),
        statusCode: Type.Integer({ description: 'The answer’s status code (200: done; otherwise refused).' }),
      }),
    ),
  },
  HandheldwirelessRC: { summary: 'Control: hands the robot to (1) or takes it from (0) the handheld wireless remote control; blocked in emergency stop.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotIdRequired, status: Type.Integer({ enum: [0, 1] }), userId: UserId }, { additionalProperties: false }), answer: Type.Unknown() },
  getMoveAlarm: { summary: 'Control: the robot’s open motion alarms (collision, stall, fall, besiege: codes 301-322).', access: can('robot:read'), mutating: false, param: ByRobotAny, answer: Type.Unknown() },
  getCompanyMapByRobotId: { summary: 'Control: the maps of the robot’s company.', access: can('map:read'), mutating: false, param: ByRobotAny, answer: Type.Unknown() },
});
