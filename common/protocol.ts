/**
 * The wire protocol shared by the console and the server (spec §7).
 * No React and no Node imports: both sides import this module.
 */

/** Protocol version carried by every event envelope. */
export const PROTOCOL_VERSION = '1.0.3';

/** Languages the product speaks. */
export type Lang = 'zh' | 'ja' | 'en';
/** All supported languages, default first. */
export const LANGS: readonly Lang[] = ['zh', 'ja', 'en'];

/** Body of `POST /api/interface`. */
export interface EventEnvelope<P = Record<string, unknown>> {
  event: string;
  param?: P;
  token?: string;
  protocolVersion?: string;
  /** Optional caller language; otherwise Accept-Language decides. */
  lang?: Lang;
}

/** Answer of `POST /api/interface`. */
export interface EventAnswer<R = unknown> {
  statusCode: number;
  statusInfo: string;
  param?: R;
}

/** Answer of every REST call under /robot/. */
export interface RestAnswer<D = unknown> {
  code: number;
  message: string;
  data?: D;
}

/** Paged list answer (`param` of a list event). */
export interface PagedList<T = Record<string, unknown>> {
  total: number;
  list: T[];
}

/** Status codes used in event answers. */
export const StatusCode = {
  ok: 200,
  created: 201,
  /** Missing, expired or revoked token: the console returns to login. */
  tokenInvalid: 403,
  badRequest: 400,
  /** Role may not call this event (not 403, which means "log in again"). */
  noPermission: 401,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
  serverError: 500,
} as const;

/** Spec §7: success codes are 200 to 208 and 211. */
export function isSuccessCode(code: number): boolean {
  return (code >= 200 && code <= 208) || code === 211;
}

/** REST answer codes (`code` field). */
export const RestCode = { ok: 0, tokenInvalid: 403 } as const;

/**
 * The first message of every console socket (`/ws`, `/live/…`, `/live-mux`): the session token
 * travels here, never in the URL. The server sends and accepts nothing before it; a socket whose
 * first message is anything else, whose token is bad, or that sends none within
 * `Security.socketAuthMs` is closed with `SOCKET_UNAUTHORIZED`.
 */
export interface SocketAuthMessage {
  type: 'auth';
  token: string;
}

/** Close code of a console socket with a missing or bad token, or whose session ended. */
export const SOCKET_UNAUTHORIZED = 4403;

/** Messages the client sends on the realtime socket. */
export type ClientMessage =
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'heartbeat'; t: number };

/**
 * Names of realtime pushes (spec §4, realtime link, and the topics of common/events/topics.ts,
 * which declares each with its payload; a unit test keeps the two lists the same). Written out
 * here so that the browser's first chunk carries no schema library.
 */
export const PUSH_EVENTS = [
  'status',
  'interactionState',
  'gps',
  'pushVideoFlag',
  'mapChange',
  'nameChange',
  'videoParamNew',
  'VideoHeart',
  'VideoErrorReport',
  'pushVideo',
  'videoUrlChange',
  // Issue 7: a robot raised an alarm or fault (topic `alarms`), or an alarm changed state.
  'alarm',
  'alarmChange',
  // Map processing and sync (topic `maps/<companyId>`), patrol runs (topic `navigation`).
  'mapProgress',
  'mapSync',
  'naviProgress',
  // Robots' long work (topic `robotJob`): upgrades, service packs, log uploads.
  'robotJob',
  // Issue 21: an SOS call from a robot rings, was taken or ended (topic `robot/<robotId>`).
  'callRing',
  // Issue 19: a task of the caller's company tree changed (topic `tasks`; taskManage reloads).
  'taskChanged',
] as const;
/** One realtime push name. */
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** Messages the server sends on the realtime socket. */
export type ServerMessage =
  | { type: 'heartbeat'; t: number }
  | PushMessage
  | { type: 'batch'; pushes: PushMessage[] }
  | { type: 'error'; message: string };

/** One push: a robot's change on its topic, or the snapshot answering a subscribe. */
export interface PushMessage {
  type: 'push';
  topic: string;
  event: PushEvent | 'snapshot';
  data: unknown;
}

/** Topic carrying every robot of the caller's company tree (snapshot: the robots; then their robot pushes). */
export const FLEET_TOPIC = 'fleet';

/** Topic for one robot's pushes. */
export function robotTopic(robotId: string): string {
  return `robot/${robotId}`;
}

/** MQTT topics spoken between robots (real or simulated) and the server. */
export const MqttTopics = {
  /** Robot → server telemetry: status, battery, flags, pose. */
  status: (robotId: string) => `fleet/robots/${robotId}/status`,
  /** Robot → server GPS / pose. */
  gps: (robotId: string) => `fleet/robots/${robotId}/gps`,
  /** Server → robot commands. */
  command: (robotId: string) => `fleet/robots/${robotId}/command`,
  /** Robot → server command answers. */
  reply: (robotId: string) => `fleet/robots/${robotId}/reply`,
  /** Robot → server video reports: heartbeat of the cameras, error reports, push started/stopped. */
  video: (robotId: string) => `fleet/robots/${robotId}/video`,
  videoWildcard: 'fleet/robots/+/video',
  statusWildcard: 'fleet/robots/+/status',
  gpsWildcard: 'fleet/robots/+/gps',
  replyWildcard: 'fleet/robots/+/reply',
  /** Robot → server detections (common/detections DetectionMessage). */
  detection: (robotId: string) => `fleet/robots/${robotId}/detection`,
  detectionWildcard: 'fleet/robots/+/detection',
  /** Robot → server alarms and faults (issue 7): {@link RobotAlarmReport}. */
  alarm: (robotId: string) => `fleet/robots/${robotId}/alarm`,
  alarmWildcard: 'fleet/robots/+/alarm',
  /** Robot → server progress of a patrol (navigation) task: {@link RobotNaviProgress}. */
  navigation: (robotId: string) => `fleet/robots/${robotId}/navigation`,
  navigationWildcard: 'fleet/robots/+/navigation',
} as const;

/**
 * What a robot publishes on its navigation topic while it drives a patrol task: the lap it is on
 * (1-based, of `count`), the last route point it reached (0 before the first, of `points`), and the
 * state: running, finished (every lap driven), stopped (an operator stopped it) or failed (emergency stop).
 */
export interface RobotNaviProgress {
  robotId: string;
  taskId: number;
  state: 'running' | 'finished' | 'stopped' | 'failed';
  lap: number;
  count: number;
  /** Laps completed. */
  laps: number;
  point: number;
  points: number;
  t: number;
}

/** What a robot publishes on its alarm topic: a code of spec §8 raised, or cleared (auto-release). */
export interface RobotAlarmReport {
  robotId: string;
  code: number;
  /** raise (default) or clear: a cleared code releases the robot's open alarms of that code whose type auto-releases. */
  state?: 'raise' | 'clear';
  level?: number;
  message?: string;
  t: number;
}

/** Telemetry a robot publishes on its status topic. */
export interface RobotTelemetry {
  robotId: string;
  status: number;
  online: 0 | 1;
  videoOnline: 0 | 1;
  interactOnline: 0 | 1;
  battery: number;
  emergencyButtonStatus: 0 | 1;
  interactionState: number;
  /**
   * Environment readings of a robot with environment-detection modules (spec §3: temperature °C,
   * humidity %RH, smoke ppm, PM2.5 µg/m³, methane ppm, hydrogen fluoride ppm); absent otherwise.
   */
  env?: { temperature: number; humidity: number; smoke: number; pm25: number; methane: number; hydrogenFluoride: number };
  t: number;
}

/** Pose a robot publishes on its gps topic (map coordinates in millimetres). */
export interface RobotPose {
  robotId: string;
  x: number;
  y: number;
  theta: number;
  latitude: number;
  longitude: number;
  mapId: number | null;
  t: number;
}

/** What a robot publishes on its video topic (relayed as VideoHeart, VideoErrorReport, pushVideo). */
export type RobotVideoReport =
  | { kind: 'heart'; cameras: { cameraId: number; status: number }[]; t?: number }
  | { kind: 'error'; cameraId: number; code: number; t?: number }
  | { kind: 'push'; cameraId: number; isPushVideo: 0 | 1; t?: number };
