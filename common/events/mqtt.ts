/**
 * The MQTT messages between robots and the server, declared once: every topic (with the robot's
 * id in its pattern), its direction, its payload schema, and the commands the server sends on a
 * robot's command topic with the reply each expects. A robot vendor writes a robot from this file
 * (as /api/asyncapi.json) alone; the server's intake (server/fleet/gateway.ts, the track, alarm,
 * navigation and detection intakes) and the simulator (server/simulator) speak exactly these.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { LIVE_STREAMS } from '../camera';
import { DETECTION_KINDS } from '../detections';
import { REFUSALS, RobotAction } from '../robot-actions';
import { FireOperation, LIFTER_DIRECTIONS, PTZ_DIRECTIONS } from '../robot-control';
import { TRACK_REMOTE_COMMANDS } from '../track';
import { MapConfigSchema } from './maps';
import { Json } from './schema';
import { EnvReadingsSchema } from './topics';
import { HEALTH_COMMANDS, RobotHealthSchema } from './maintenance-health';
import { RobotJobReportSchema, SOFTWARE_COMMANDS } from './maintenance-software';
import { NODE_LOG_COMMANDS } from './node-log';
import { DEBUG_COMMANDS } from './maintenance-debug';
import { CALL_COMMANDS, SosCallMessageSchema } from './calls';
import { DisinfectionReportSchema } from './reports';
import type { RobotCommandSpec } from './robot-command-spec';

/** Who publishes a topic. */
export type MqttDirection = 'robotToServer' | 'serverToRobot';

/** One MQTT topic. */
export interface MqttTopicSpec {
  /** The topic with `{robotId}` for the robot's id (MQTT wildcard: `+`). */
  readonly pattern: string;
  readonly summary: string;
  readonly direction: MqttDirection;
  /** The QoS the publisher uses (0 at most once, 1 at least once). */
  readonly qos: 0 | 1;
  /** The message schema (JSON text, UTF-8). */
  readonly payload: TSchema;
}

const Bit = Json<0 | 1>({ type: 'integer', enum: [0, 1] });
const CameraId = Type.Integer({ minimum: 0, maximum: 4, description: 'Camera 0-4.' });
const Millis = Type.Number({ description: 'Milliseconds since the epoch (the sender\'s clock).' });
const RobotIdField = Type.String({ description: "The robot's id (the server takes the id of the topic)." });

/** Robot → server telemetry (1 Hz); a robot that falls silent for 5 s goes offline. */
export const RobotTelemetrySchema = Type.Object({
  robotId: Type.Optional(RobotIdField),
  status: Type.Integer({ description: 'Robot status code of spec §4 (0 idle, 1 navigation, 2 charging, 4 error …).' }),
  online: Bit,
  videoOnline: Bit,
  interactOnline: Bit,
  battery: Type.Number({ description: 'Percent.' }),
  emergencyButtonStatus: Bit,
  interactionState: Type.Integer({ description: 'Call state: 0 none, 2 in a call.' }),
  env: Type.Optional(EnvReadingsSchema),
  t: Millis,
});

/** Robot → server pose (1 Hz). */
export const RobotPoseSchema = Type.Object({
  robotId: Type.Optional(RobotIdField),
  x: Type.Number({ description: 'Map millimetres.' }),
  y: Type.Number({ description: 'Map millimetres.' }),
  theta: Type.Number({ description: 'Heading, radians.' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  mapId: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'The map the robot works on (null or absent: unchanged).' })),
  t: Millis,
});

/** Robot → server video reports, relayed as the VideoHeart, VideoErrorReport and pushVideo pushes. */
export const RobotVideoReportSchema = Type.Union([
  Type.Object({ kind: Type.Literal('heart'), cameras: Type.Array(Type.Object({ cameraId: CameraId, status: Type.Integer({ description: '1 normal.' }) })), t: Type.Optional(Millis) }, { title: 'heart', description: "The cameras' heartbeat (every 5 s)." }),
  Type.Object({ kind: Type.Literal('error'), cameraId: CameraId, code: Type.Integer({ description: '0-4, or their sent form 4402-4406.' }), t: Type.Optional(Millis) }, { title: 'error', description: "A camera's error." }),
  Type.Object({ kind: Type.Literal('push'), cameraId: CameraId, isPushVideo: Bit, t: Type.Optional(Millis) }, { title: 'push', description: 'A camera started (1) or stopped (0) pushing video.' }),
]);

const DetectionPose = Type.Object({ x: Type.Number({ description: 'Map millimetres.' }), y: Type.Number(), latitude: Type.Number(), longitude: Type.Number() });
/** Robot → server: something the robot detected. */
export const DetectionMessageSchema = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64, description: 'The robot\'s id of this message: a resent message with the same id is stored once.' })),
  kind: Json<string>({ type: 'string', enum: [...DETECTION_KINDS] }),
  picture: Type.Optional(Type.String({ description: 'The picture, PNG or JPEG, base64 (at most 512 KB decoded; others are dropped).' })),
  mapId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  start: DetectionPose,
  end: DetectionPose,
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Kind-specific fields (plate number, temperatures, gas readings …), at most 16 KB of JSON.' })),
  t: Millis,
});

/** Robot → server: an alarm or fault code of spec §8 raised, or cleared. */
export const RobotAlarmReportSchema = Type.Object({
  robotId: Type.Optional(RobotIdField),
  code: Type.Integer({ minimum: 0, maximum: 99_999, description: 'Alarm or fault code of spec §8.' }),
  state: Type.Optional(Json<'raise' | 'clear'>({ type: 'string', enum: ['raise', 'clear'], description: 'raise (default), or clear: releases the open alarms of that code whose type auto-releases.' })),
  level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: "Used when the company's alarm type sets none." })),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  t: Millis,
});

/** Robot → server: progress of the patrol task it drives (command `navigate`). */
export const RobotNaviProgressSchema = Type.Object({
  robotId: Type.String({ description: "Must equal the topic's robot id." }),
  taskId: Type.Integer({ minimum: 0 }),
  state: Json<'running' | 'finished' | 'stopped' | 'failed'>({ type: 'string', enum: ['running', 'finished', 'stopped', 'failed'], description: 'finished: every lap driven; stopped: an operator stopped it; failed: emergency stop.' }),
  lap: Type.Integer({ minimum: 0, description: 'The lap it is on, 1-based.' }),
  count: Type.Integer({ minimum: 0, description: 'Laps of the task.' }),
  laps: Type.Integer({ minimum: 0, description: 'Laps completed.' }),
  point: Type.Integer({ minimum: 0, description: 'The last route point reached (0 before the first).' }),
  points: Type.Integer({ minimum: 0 }),
  t: Millis,
});

/** A rail robot's live state. */
const TrackStateFields = {
  robotId: Type.String(),
  trackStatus: Type.Integer({ description: '0 idle, 1 running, 2 paused, 9 error.' }),
  position: Type.Number({ description: "Metres from the rail's start." }),
  railLength: Type.Number(),
  speed: Type.Number(),
  pitch: Type.Number(),
  rotate: Type.Number(),
  lift: Type.Number(),
  taskId: Type.Union([Type.Integer(), Type.Null()]),
  runId: Type.Union([Type.Integer(), Type.Null()]),
  pointName: Type.Union([Type.String(), Type.Null()]),
  readings: Type.Record(Type.String(), Type.Number()),
  t: Millis,
};
export const TrackStateSchema = Type.Object(TrackStateFields);
/** Robot → server: a rail robot's state every tick, a point's readings, a run's end. */
export const TrackMessageSchema = Type.Union([
  Type.Object({ kind: Type.Literal('state'), ...TrackStateFields }, { title: 'state', description: 'The live state (every tick).' }),
  Type.Object(
    {
      kind: Type.Literal('point'),
      robotId: Type.String(),
      runId: Type.Integer(),
      pointId: Type.Integer(),
      pointName: Type.String(),
      position: Type.Number(),
      readings: Type.Record(Type.String(), Type.Number(), { description: 'Check item → reading (temperature, humidity, gas, noise, infrared).' }),
      picture: Type.Union([Type.String(), Type.Null()], { description: 'The photo as SVG document text, or null.' }),
      t: Millis,
    },
    { title: 'point', description: 'An inspection point of the run was done.' },
  ),
  Type.Object({ kind: Type.Literal('done'), robotId: Type.String(), runId: Type.Integer(), status: Type.Integer({ description: 'Task status at the end: 3 terminated, 4 finished.' }), t: Millis }, { title: 'done', description: 'The run ended.' }),
]);

/** Robot → server: the answer to a command, correlated by the command's `id`. */
export const RobotReplySchema = Type.Object({
  id: Type.String({ description: 'The id of the command answered.' }),
  result: Json<'accepted' | 'refused'>({ type: 'string', enum: ['accepted', 'refused'] }),
  reason: Type.Optional(Json<keyof typeof REFUSALS>({ type: 'string', enum: Object.keys(REFUSALS), description: 'Why it refused (result refused); absent means state.' })),
  data: Type.Optional(Type.Unknown({ description: 'What a query command answers (see each command).' })),
});

/** One command the server sends a robot: its `action`, its `params` and the `data` of an accepted reply. */
export type { RobotCommandSpec } from './robot-command-spec';

const o = Type.Object;
const opt = Type.Optional;
const NoParams = o({}, { description: 'No parameters (may be absent).' });
const CameraState = o({ zoom: Type.Number(), focus: Type.Number(), pan: Type.Number(), tilt: Type.Number(), presets: Type.Array(Type.Integer()) });
const CameraParams = Type.Record(Type.String(), Type.String(), { description: 'Camera parameter name → value (common/camera.ts CAMERA_PARAMS).' });
const driving = ['emergencyStop', 'charging', 'navigation', 'state', 'unsupported'] as const;

/** Every command of the command topic, by key (the generated message name). */
export const ROBOT_COMMANDS = {
  resetPosition: { action: RobotAction.resetPosition, summary: 'Relocalise (and clear a collision stop).', params: NoParams, reasons: driving },
  mediaPlay: { action: RobotAction.mediaPlay, summary: 'Play a media file of the media library.', params: o({ mediaId: Type.Integer(), name: Type.String(), type: Type.String() }) },
  goPosition: { action: RobotAction.goPosition, summary: 'Drive to a position.', params: o({ x: opt(Type.Number()), y: opt(Type.Number()) }), reasons: driving },
  broadcast: { action: RobotAction.broadcast, summary: 'Speak a text.', params: o({ text: Type.String({ minLength: 1 }) }) },
  telecontrol: { action: RobotAction.telecontrol, summary: 'Enter remote control (joystick).', params: o({ x: opt(Type.Number()), y: opt(Type.Number()) }), reasons: driving },
  goCharge: { action: RobotAction.goCharge, summary: 'Go to the charger.', params: NoParams, reasons: ['emergencyStop', 'charging', 'noCharger', 'state'] },
  auto: { action: RobotAction.auto, summary: 'Resume autonomous patrol.', params: NoParams, reasons: driving },
  ptz: { action: RobotAction.ptz, summary: 'Move a camera head.', params: o({ direction: Json<string>({ type: 'string', enum: [...PTZ_DIRECTIONS] }), cameraId: opt(CameraId) }) },
  startAlarm: { action: RobotAction.startAlarm, summary: 'Sound the alarm.', params: NoParams },
  remoteCall: { action: RobotAction.remoteCall, summary: 'Start (1) or hang up (0) a call.', params: o({ call: Json<0 | 1>({ type: 'integer', enum: [0, 1] }) }), reasons: ['unsupported'] },
  stop: { action: RobotAction.stop, summary: 'Stop (ends a patrol task: it reports state stopped).', params: NoParams },
  emergencyButton: { action: 'emergencyButton', summary: 'Press (1) or release (0) the emergency stop.', params: o({ status: Bit }) },
  setInitPosition: {
    action: 'setInitPosition',
    summary: "Take the map editor's initial position.",
    params: o({ mapId: Type.Integer(), x: Type.Number({ description: 'Millimetres.' }), y: Type.Number({ description: 'Millimetres.' }), theta: Type.Number({ description: 'Radians.' }) }),
    reasons: driving,
  },
  bmsCalibration: { action: 'bmsCalibration', summary: 'Calibrate the battery management system (only in emergency stop, spec §8).', params: NoParams, reasons: ['bmsNeedsEmergencyStop', 'unsupported'] },
  manualCharging: { action: 'manualCharging', summary: 'Start (1) or stop (0) manual charging.', params: o({ status: Bit }), reasons: ['noCharger', 'charging', 'state'] },
  lifter: { action: 'lifter', summary: 'Move the lifter.', params: o({ direction: Json<string>({ type: 'string', enum: [...LIFTER_DIRECTIONS] }), distance: Type.Integer({ description: 'Millimetres (default 100).' }) }) },
  fireControl: { action: 'fireControl', summary: 'Fire-fighting spray and nozzle.', params: o({ operation: Json<number>({ type: 'integer', enum: Object.values(FireOperation), description: '0 spray off, 1 spray on, 2-5 nozzle up, down, left, right.' }) }) },
  cameraLens: {
    action: 'cameraLens',
    summary: 'Zoom, focus and presets of a camera (codes of common/robot-control CameraAction).',
    params: o({ cameraId: CameraId, code: Type.Integer(), preset: opt(Type.Integer({ description: 'With set/go preset.' })) }),
    data: CameraState,
    reasons: ['presetMissing', 'unsupported'],
  },
  // Issue 20 (spec §7 control events).
  singlePointNav: { action: 'singlePointNav', summary: 'Drive to one point (mm).', params: o({ x: Type.Number(), y: Type.Number() }), reasons: driving },
  snapPicture: { action: 'snapPicture', summary: 'Take a picture with a camera (the main camera, 0, if none is named) and answer it.', params: o({ cameraId: opt(CameraId) }), data: o({ cameraId: opt(Type.Integer()), picture: Type.String({ description: 'The picture, PNG or JPEG, base64 (at most 2 MB).' }) }) },
  infraredCorrect: { action: 'infraredCorrect', summary: 'Infrared correction: 1 background, 2 manual.', params: o({ type: Type.Integer({ enum: [1, 2] }) }), reasons: ['unsupported'] },
  ptzParam: { action: 'ptzParam', summary: 'Store (params given) or read the PTZ speed and presets.', params: o({ speed: opt(Type.Integer()), presets: opt(Type.Array(o({ id: Type.Integer(), name: Type.String() }))) }), data: o({ speed: Type.Integer(), presets: Type.Array(o({ id: Type.Integer(), name: Type.String() })) }) },
  sendCoordinate: { action: 'sendCoordinate', summary: 'Turn the camera head to a coordinate (mm).', params: o({ x: Type.Number(), y: Type.Number() }) },
  handheldRC: { action: 'handheldRC', summary: 'Hand the robot to (1) or take it from (0) the handheld remote control.', params: o({ status: Bit }) },
  sosMode: { action: 'sosMode', summary: 'Set (mode given) or read the SOS mode: 1 rescue sound, 2 remote call.', params: o({ mode: opt(Type.Integer({ enum: [1, 2] })) }), data: o({ mode: Type.Integer() }) },
  videoSettings: { action: 'videoSettings', summary: 'Set or read the robot video definition (1-4) and data-saving mode (1-3).', params: o({ definition: opt(Type.Integer()), dataSaving: opt(Type.Integer()) }), data: o({ definition: Type.Integer(), dataSaving: Type.Integer() }) },
  pushVideo: { action: 'pushVideo', summary: 'Start (1) or stop (0) pushing a camera\'s video; then report it on the video topic (kind push).', params: o({ cameraId: CameraId, isPushVideo: Bit }), data: o({ push: Bit }) },
  videoPush: {
    action: 'videoPush',
    summary:
      'Someone watches this camera on a replica: push its live video as FLV over WebSocket to `url` (ws://<replica>/ingest/<robotId>/<camera>?key=<one-time key>) until videoPushStop names that url. Several replicas may ask for the same camera at once (one push each).',
    params: o({
      cameraId: CameraId,
      url: Type.String({ description: 'Where to push: the replica\'s ingest address with its one-time key.' }),
      from: opt(
        Type.String({
          description:
            'Replay (history video, issue 22): push the camera\'s recording from this moment (ISO 8601) instead of its live video, FLV timestamps from 0 at that moment, and close the push when the recording ends. One viewer per replay url. A moment without recording answers accepted with data errorCode 1 (historyVideoDeleted) and pushes nothing.',
        }),
      ),
      stream: opt(
        Type.Union(LIVE_STREAMS.map((s) => Type.Literal(s)), {
          description:
            'Which of the camera\'s streams to push (issue 22): `sub`, its low-resolution sub stream (e.g. 640×360, for video-wall tiles), or `main`, its full picture. Absent means main (sent only for sub). A viewer of main and one of sub of the same camera are two pushes, each with its own url; a robot without a sub stream may push its main stream.',
        }),
      ),
    }),
    data: o({ errorCode: opt(Type.Integer({ description: 'Replay only: 1 when the robot holds no recording at `from`.' })) }),
  },
  videoPushStop: { action: 'videoPushStop', summary: 'Nobody watches any more: close the push to `url`. Sent without waiting for the answer.', params: o({ cameraId: CameraId, url: Type.String() }) },
  camParamGet: { action: 'camParamGet', summary: "Read a camera's parameters.", params: o({ cameraId: CameraId }), data: CameraParams },
  camParamSet: { action: 'camParamSet', summary: "Set one of a camera's parameters; answer them all.", params: o({ cameraId: CameraId, values: CameraParams }), data: CameraParams },
  videoParam: { action: 'videoParam', summary: "Set a camera's definition (1-4).", params: o({ cameraId: CameraId, sharpness: Type.Integer({ minimum: 1, maximum: 4 }) }), data: o({ definition: Type.Integer() }) },
  setParams: {
    action: 'setParams',
    summary: 'A settings document (robotSetting) was saved: apply it. Sent without waiting for the answer.',
    params: o({ schema: Type.String({ description: 'The settings schema id (robot-setting …).' }), params: Type.Record(Type.String(), Type.Unknown()) }),
  },
  recordedDays: {
    action: 'recordedDays',
    summary: 'The days of a month the robot holds recordings of.',
    params: o({ month: Type.String({ description: 'YYYY-MM.' }) }),
    data: o({ days: Type.Array(Type.String({ description: 'YYYY-MM-DD.' })) }),
  },
  listRecordings: {
    action: 'listRecordings',
    summary: "The recorded clips of a day and camera.",
    params: o({ day: Type.String({ description: 'YYYY-MM-DD.' }), cameraId: CameraId }),
    data: o({ clips: Type.Array(o({ cameraId: CameraId, startTime: Type.String({ description: 'Robot local ISO date-time.' }), stopTime: Type.String() })) }),
  },
  uploadRecording: {
    action: 'uploadRecording',
    summary: 'Upload a recorded span as mp4: POST multipart (video, startTime, stopTime, robotId, cameraId, videoType mp4) to uploadUrl with the uploadKey.',
    params: o({ recordId: Type.Integer(), cameraId: CameraId, startTime: Type.String(), stopTime: Type.String(), uploadKey: Type.String(), uploadUrl: Type.String() }),
    data: o({ errorCode: opt(Type.Integer({ description: '0 or absent: started; 1-5 history video error codes.' })), started: opt(Type.Boolean()) }),
  },
  cancelUpload: { action: 'cancelUpload', summary: 'Stop an upload under way. Sent without waiting for the answer.', params: o({ recordId: Type.Integer() }), data: o({ cancelled: opt(Type.Boolean()) }) },
  trackTask: {
    action: 'trackTask',
    summary: 'Rail robots: run a task over its inspection points; report on the track topic.',
    params: o({
      runId: Type.Integer(),
      taskId: Type.Integer(),
      points: Type.Array(o({ id: Type.Integer(), name: Type.String(), position: Type.Number({ description: 'Metres.' }), pitch: Type.Number(), rotate: Type.Number(), lift: Type.Number(), actions: Type.Array(Type.String()) })),
    }),
    data: opt(TrackStateSchema),
    reasons: ['state', 'emergencyStop'],
  },
  trackTaskControl: { action: 'trackTaskControl', summary: "Rail robots: pause, resume or terminate the task's run.", params: o({ op: Json<string>({ type: 'string', enum: ['pause', 'resume', 'terminate'] }) }), data: opt(TrackStateSchema), reasons: ['state'] },
  trackRemote: {
    action: 'trackRemote',
    summary: 'Rail robots: remote control.',
    params: o({ command: Json<string>({ type: 'string', enum: [...TRACK_REMOTE_COMMANDS] }), value: Type.Number() }),
    reasons: ['state', 'emergencyStop'],
  },
  mapDown: {
    action: 'mapDown',
    summary: 'Take a map: download its pgm and yaml from the server (relative signed links: path, file, `exp` and `sig`, good for 10 minutes on any replica), check their SHA-256, then work on it. The server waits 10 s.',
    params: o({
      mapId: Type.Integer(),
      mapName: Type.String(),
      config: MapConfigSchema,
      files: o({ pgm: Type.String(), yaml: Type.String() }),
      sha256: o({ pgm: Type.Union([Type.String(), Type.Null()]), yaml: Type.Union([Type.String(), Type.Null()]) }),
    }),
    reasons: ['mapDownloadError', 'mapHostNotFound', 'mapBindFailed', 'mapRebootNeeded', 'mapLocalFileNotFound'],
  },
  navigate: {
    action: 'navigate',
    summary: 'Drive a patrol route count times; report progress on the navigation topic.',
    params: o({ taskId: Type.Integer(), mapId: Type.Integer(), points: Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }), { description: '[x, y] in metres of the map frame.' }), count: Type.Integer({ minimum: 1 }) }),
    reasons: ['emergencyStop', 'state', 'unsupported'],
  },
  simulateAlarm: { action: 'simulateAlarm', summary: 'Simulated robots only: report an alarm code (tests, demos).', params: o({ code: Type.Integer(), state: Json<string>({ type: 'string', enum: ['raise', 'clear'] }) }) },
  simulateCollision: { action: 'simulateCollision', summary: 'Simulated robots only: collide now (tests, demos).', params: NoParams },
  simulateDetection: {
    action: 'simulateDetection',
    summary: 'Simulated robots only: report a detection of this kind now, with these kind-specific fields (tests, demos: a behaviour recognition raising a behaviour alarm).',
    params: o({ kind: Type.String(), data: Type.Record(Type.String(), Type.Unknown()) }),
  },
  ...HEALTH_COMMANDS,
  ...SOFTWARE_COMMANDS,
  ...NODE_LOG_COMMANDS,
  ...DEBUG_COMMANDS,
  ...CALL_COMMANDS,
} as const satisfies Record<string, RobotCommandSpec>;

/** The command envelope: `{id, action, params, t}`; `params` per action in ROBOT_COMMANDS. */
export const RobotCommandSchema = Type.Object({
  id: Type.String({ description: 'Correlation id (16 hex digits): the reply carries it.' }),
  action: Type.Union([Type.Integer(), Type.String()], { description: 'A number for the actions of spec §3, otherwise a name.' }),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  t: Millis,
});

/** How long the server waits for a reply (mapDown: 10 s); no reply in time is "the robot did not answer". */
export const COMMAND_TIMEOUT_MS = 5_000;

/** Every MQTT topic, by key. */
export const MQTT_TOPICS = {
  status: { pattern: 'fleet/robots/{robotId}/status', direction: 'robotToServer', qos: 0, summary: "The robot's telemetry, at 1 Hz (offline after 5 s of silence).", payload: RobotTelemetrySchema },
  gps: { pattern: 'fleet/robots/{robotId}/gps', direction: 'robotToServer', qos: 0, summary: "The robot's pose, at 1 Hz.", payload: RobotPoseSchema },
  video: { pattern: 'fleet/robots/{robotId}/video', direction: 'robotToServer', qos: 0, summary: "Camera heartbeat (every 5 s), a camera's error, a camera's push started or stopped.", payload: RobotVideoReportSchema },
  detection: { pattern: 'fleet/robots/{robotId}/detection', direction: 'robotToServer', qos: 0, summary: 'Something the robot detected (stored with its picture).', payload: DetectionMessageSchema },
  alarm: { pattern: 'fleet/robots/{robotId}/alarm', direction: 'robotToServer', qos: 1, summary: 'An alarm or fault code raised, or cleared.', payload: RobotAlarmReportSchema },
  navigation: { pattern: 'fleet/robots/{robotId}/navigation', direction: 'robotToServer', qos: 1, summary: 'Progress of the patrol task the robot drives.', payload: RobotNaviProgressSchema },
  track: { pattern: 'fleet/robots/{robotId}/track', direction: 'robotToServer', qos: 0, summary: "Rail robots: live state every tick, a point's readings, a run's end.", payload: TrackMessageSchema },
  command: { pattern: 'fleet/robots/{robotId}/command', direction: 'serverToRobot', qos: 1, summary: 'Commands to the robot (subscribe to it); answer each on the reply topic.', payload: RobotCommandSchema },
  health: { pattern: 'fleet/robots/{robotId}/health', direction: 'robotToServer', qos: 0, summary: 'System figures, node services, chassis, charging and sensors (every 5 s; issue 19).', payload: RobotHealthSchema },
  job: { pattern: 'fleet/robots/{robotId}/job', direction: 'robotToServer', qos: 1, summary: 'Progress of long robot work: an upgrade\'s stage, a log upload (issue 19).', payload: RobotJobReportSchema },
  disinfection: { pattern: 'fleet/robots/{robotId}/disinfection', direction: 'robotToServer', qos: 0, summary: 'Disinfection / cold-storage robots: whether they disinfected and the concentration they measure (every 5 s; issue 20 statements).', payload: DisinfectionReportSchema },
  sosCall: {
    pattern: 'fleet/robots/{robotId}/sosCall',
    direction: 'robotToServer',
    qos: 1,
    summary: 'The SOS button was pressed in SOS mode 2 (remote call, spec §9): the server rings the consoles (callRing); the first to accept sends the call offer (callOffer). A robot in mode 1 sounds its rescue alarm instead and sends nothing.',
    payload: SosCallMessageSchema,
  },
  reply: { pattern: 'fleet/robots/{robotId}/reply', direction: 'robotToServer', qos: 0, summary: 'The answer to a command, correlated by its id.', payload: RobotReplySchema },
} as const satisfies Record<string, MqttTopicSpec>;

/** The topic of a pattern for one robot. */
export const mqttTopicOf = (pattern: string, robotId: string): string => pattern.replace('{robotId}', robotId);

/**
 * What a robot's own MQTT account may do (issue 18), derived from the topics above: publish its
 * own robot-to-server topics, subscribe to its own server-to-robot topics, nothing else. The
 * server's account may do everything. Wildcards are never granted to a robot.
 */
/** The last part of each topic (`status`, `command` …) by direction, made once: the checks run on every message. */
const KINDS = { robotToServer: new Set<string>(), serverToRobot: new Set<string>() };
for (const t of Object.values(MQTT_TOPICS)) KINDS[t.direction].add(t.pattern.slice(t.pattern.lastIndexOf('/') + 1));
const ROBOT_PREFIX = MQTT_TOPICS.status.pattern.slice(0, MQTT_TOPICS.status.pattern.indexOf('{robotId}'));

/** The kind of a robot's own topic (`fleet/robots/<robotId>/<kind>`), or null when the topic is not that robot's. */
function ownKind(robotId: string, topic: string): string | null {
  const prefix = `${ROBOT_PREFIX}${robotId}/`;
  return topic.startsWith(prefix) ? topic.slice(prefix.length) : null;
}

export function robotMayPublish(robotId: string, topic: string): boolean {
  const kind = ownKind(robotId, topic);
  return kind !== null && KINDS.robotToServer.has(kind);
}

export function robotMaySubscribe(robotId: string, filter: string): boolean {
  const kind = ownKind(robotId, filter);
  return kind !== null && KINDS.serverToRobot.has(kind);
}
