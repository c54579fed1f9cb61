/**
 * The realtime link's topics, declared once: each topic's name (or pattern), who may subscribe,
 * the snapshot answering a subscribe and the pushes that follow, with their payload schemas; and
 * the frames of the socket protocol itself (GET /ws, server/realtime/hub.ts). The server's
 * pushes (`hub.publish`, `hub.publishRobot`, `hub.publishTo`, `hub.resnapshot`) send exactly these
 * shapes; /api/asyncapi.json is generated from this file and common/events/mqtt.ts.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ALARM_CODE_RANGES } from '../alarm-codes';
import { Security } from '../constants';
import { MapProcessState, MapSyncState } from '../map';
import { JobSchema, SOFTWARE_READ_PERMISSION } from './maintenance-software';
import { CallRingSchema } from './calls';
import { Json } from './schema';

/**
 * Who may subscribe to a topic. `companyTree`: any logged-in user, for robots and companies of
 * the caller's company tree only (super and platform administrators see every company).
 * `permission`: holders of a permission of schemas/access/roles.json; each push reaches only those
 * whose company tree holds its subject (the robot's or task's company or one of its ancestors).
 */
export type SubscribeRule = { readonly kind: 'companyTree' } | { readonly kind: 'permission'; readonly permission: string; readonly companyTree: true };

/** One realtime topic as the hub serves it. */
export interface TopicSpec {
  /** The topic name, or its pattern with `{param}` placeholders (`robot/{robotId}`). */
  readonly pattern: string;
  /** Placeholders of the pattern and what they hold. */
  readonly params?: Readonly<Record<string, { readonly description: string; readonly schema: TSchema }>>;
  readonly summary: string;
  /** Who may subscribe, in words (the generated document's description). */
  readonly subscribe: string;
  readonly rule: SubscribeRule;
  /** Pushes of another topic that a subscription to this one also delivers (with their own topic). */
  readonly delivers?: string;
  /** The push events on this topic: name → the push's `data`. `snapshot` answers every subscribe. */
  readonly events: Readonly<Record<string, { readonly summary: string; readonly data: TSchema }>>;
}

const companyTree = { kind: 'companyTree' } as const;
const permission = <const P extends string>(p: P) => ({ kind: 'permission', permission: p, companyTree: true }) as const;

const Bit = Json<0 | 1>({ type: 'integer', enum: [0, 1] });
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const CameraId = Type.Integer({ minimum: 0, maximum: 4, description: 'Camera 0-4 of the robot.' });

/** Environment readings of a robot with environment-detection modules (spec §3); absent otherwise. */
export const EnvReadingsSchema = Type.Object(
  {
    temperature: Type.Number({ description: '°C' }),
    humidity: Type.Number({ description: '%RH' }),
    smoke: Type.Number({ description: 'ppm' }),
    pm25: Type.Number({ description: 'µg/m³' }),
    methane: Type.Number({ description: 'ppm' }),
    hydrogenFluoride: Type.Number({ description: 'ppm' }),
  },
  { description: 'Environment readings of a robot with environment-detection modules (spec §3).' },
);

/** Each camera's push-video flag as last reported or commanded (absent: not reported, it pushes). */
const PushVideoFlags = Type.Record(Type.String({ pattern: '^[0-4]$' }), Bit, { description: "Each camera's push-video flag (camera id → 0/1) as last reported or commanded." });

/** What the server knows of one robot now (the reqRobotStatus answer, the robot topic's snapshot). */
export const RobotSnapshotSchema = Type.Object({
  robotId: Type.String(),
  robotName: Type.String(),
  robotType: Type.Integer(),
  companyId: Type.Integer(),
  mapId: NullableInteger,
  regionName: NullableString,
  status: Type.Integer({ description: 'Robot status code of spec §4.' }),
  online: Bit,
  videoOnline: Bit,
  interactOnline: Bit,
  battery: NullableNumber,
  emergencyButtonStatus: Bit,
  interactionState: Type.Integer(),
  env: Type.Optional(EnvReadingsSchema),
  pushVideo: Type.Optional(PushVideoFlags),
  x: NullableNumber,
  y: NullableNumber,
  theta: NullableNumber,
  latitude: NullableNumber,
  longitude: NullableNumber,
  updatedAt: Type.Union([Type.Number(), Type.Null()], { description: 'When the server last received telemetry (ms since the epoch).' }),
});
export type RobotSnapshotData = Static<typeof RobotSnapshotSchema>;

/** The `status` push: the robot's telemetry as the server keeps it. */
export const StatusPushSchema = Type.Object({
  status: Type.Integer(),
  online: Bit,
  videoOnline: Bit,
  interactOnline: Bit,
  battery: NullableNumber,
  emergencyButtonStatus: Bit,
  interactionState: Type.Integer(),
  env: Type.Optional(EnvReadingsSchema),
  pushVideo: Type.Optional(PushVideoFlags),
  updatedAt: Type.Union([Type.Number(), Type.Null()], { description: 'Server receipt (ms since the epoch).' }),
  t: Type.Optional(Type.Number({ description: "The robot's own timestamp of the telemetry (absent when the server marked the robot offline)." })),
});

export const GpsPushSchema = Type.Object({
  x: Type.Number({ description: 'Map millimetres.' }),
  y: Type.Number({ description: 'Map millimetres.' }),
  theta: Type.Number({ description: 'Heading, radians.' }),
  latitude: Type.Number(),
  longitude: Type.Number(),
  mapId: NullableInteger,
});

/** What a new-alarm push carries (and getCurrentAlarm answers). */
export const AlarmPushSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  robotName: NullableString,
  companyId: Type.Integer(),
  code: Type.Integer({ description: 'Alarm or fault code of spec §8.' }),
  kind: Json<keyof typeof ALARM_CODE_RANGES>({ type: 'string', enum: Object.keys(ALARM_CODE_RANGES) }),
  level: Type.Integer({ minimum: 1, maximum: 3 }),
  message: NullableString,
  status: Type.Integer({ description: 'Release status: 0 unreleased, 1 released.' }),
  processStatus: Type.Integer({ description: 'Process status: 0 unprocessed, 1 processed, 2 outdated, 3 no processing needed.' }),
  popup: Type.Boolean(),
  sound: Type.Boolean({ description: "The company's sound setting: the pop-up beeps." }),
  createdAt: Type.String({ description: 'ISO 8601 date and time.' }),
});

/** What a new-alarm push carries. */
export type AlarmPush = Static<typeof AlarmPushSchema>;

/** What the `navigation` topic pushes when a patrol task's run moves on or ends. */
export const NaviProgressPushSchema = Type.Object({
  id: Type.Integer({ description: 'The navigation task.' }),
  robotId: Type.String(),
  status: Type.Integer({ description: 'The task status after the report (1 started, 0 stopped …).' }),
  lap: Type.Integer(),
  count: Type.Integer(),
  laps: Type.Integer({ description: 'Laps completed.' }),
  point: Type.Integer(),
  points: Type.Integer(),
  result: Json<'running' | 'finished' | 'stopped' | 'failed'>({ type: 'string', enum: ['running', 'finished', 'stopped', 'failed'] }),
  reason: Type.Optional(Type.String({ description: 'Why a failed run failed: a message key (naviRobotOffline, naviServerRestarted, naviRobotFailed …).' })),
});

const robotEvents = {
  status: { summary: "The robot's telemetry changed (sent with every status message, and when the robot goes offline).", data: StatusPushSchema },
  gps: { summary: "The robot's pose.", data: GpsPushSchema },
  interactionState: { summary: 'The call (interaction) state changed.', data: Type.Object({ interactionState: Type.Integer() }) },
  callRing: {
    summary: "An SOS call from the robot (spec §9 remote call, issue 21): ringing (accept it with callAccept), taken by a console (takenBy), or ended (no answer).",
    data: CallRingSchema,
  },
  mapChange: { summary: 'The robot reports another map, or an administrator rebound it.', data: Type.Object({ mapId: NullableInteger }) },
  nameChange: { summary: 'The robot was renamed.', data: Type.Object({ robotName: Type.String() }) },
  pushVideoFlag: { summary: "An operator's pushVideo call changed a camera's push flag.", data: Type.Object({ cameraId: CameraId, isPushVideo: Bit }) },
  pushVideo: { summary: 'The robot confirms a camera started or stopped pushing video.', data: Type.Object({ cameraId: CameraId, isPushVideo: Bit }) },
  videoParamNew: { summary: "A camera's definition changed (videoParamNew).", data: Type.Object({ index: CameraId, sharpness: Type.Integer({ minimum: 1, maximum: 4 }) }) },
  videoUrlChange: {
    summary: "A camera's stream moved: players reopen at the new path.",
    data: Type.Object({ cameraId: CameraId, path: Type.String({ description: '/live/<robotId>/<camera>' }), definition: Type.Integer() }),
  },
  VideoHeart: {
    summary: "The cameras' heartbeat (every 5 s): status 1 normal, above 1 destroy the player, otherwise restart it.",
    data: Type.Object({ cameras: Type.Array(Type.Object({ cameraId: CameraId, status: Type.Integer() })) }),
  },
  VideoErrorReport: { summary: "A camera's error code (0-4 or 4402-4406): restart that camera.", data: Type.Object({ cameraId: CameraId, code: Type.Integer() }) },
} as const;

/** Every realtime topic, by key. */
export const TOPICS = {
  fleet: {
    pattern: 'fleet',
    summary: "Every robot of the caller's company tree in one subscription (overviews).",
    subscribe: "Any logged-in user; the robots of the caller's company tree.",
    rule: companyTree,
    delivers: 'robot/{robotId}',
    events: {
      snapshot: {
        summary: "The robots of the caller's company tree; sent again when robots are added or removed. Their changes then arrive as pushes of their own topic robot/<robotId> (once per push even when subscribed to both).",
        data: Type.Array(RobotSnapshotSchema),
      },
    },
  },
  robot: {
    pattern: 'robot/{robotId}',
    params: { robotId: { description: 'The robot.', schema: Type.String({ maxLength: 32 }) } },
    summary: "One robot's live state.",
    subscribe: "Any logged-in user whose company tree holds the robot's company.",
    rule: companyTree,
    events: { snapshot: { summary: "The robot's current state (the reqRobotStatus shape).", data: RobotSnapshotSchema }, ...robotEvents },
  },
  maps: {
    pattern: 'maps/{companyId}',
    params: { companyId: { description: 'The company whose maps are processed and synced.', schema: Type.Integer({ minimum: 0 }) } },
    summary: "Map processing and map sync progress of a company's maps.",
    subscribe: "Any logged-in user whose company tree holds the company.",
    rule: companyTree,
    events: {
      snapshot: { summary: 'The company subscribed to.', data: Type.Object({ companyId: Type.Integer() }) },
      mapProgress: {
        summary: 'An uploaded map is being sliced into tiles, or its processing ended.',
        data: Type.Object({
          mapId: Type.Integer(),
          processState: Json<string>({ type: 'string', enum: Object.values(MapProcessState) }),
          processProgress: Type.Integer({ minimum: 0, maximum: 100 }),
          processError: NullableString,
        }),
      },
      mapSync: {
        summary: 'A map sync (mapDown) to one robot changed state.',
        data: Type.Object({
          mapId: Type.Integer(),
          robotId: Type.String(),
          status: Json<number>({ type: 'integer', enum: Object.values(MapSyncState), description: '0 not configured, 1 syncing, 2 success, 3 failure.' }),
          message: Type.Union([Type.String(), Type.Null()], { description: 'Why it failed, in the language of the user who started the sync (null otherwise).' }),
        }),
      },
    },
  },
  alarms: {
    pattern: 'alarms',
    summary: 'Alarms and faults robots raise, and alarm state changes.',
    subscribe: "Holders of alarm:read; each push reaches only sessions whose company tree holds the alarm's company (super and platform administrators: all).",
    rule: permission('alarm:read'),
    events: {
      snapshot: { summary: "The latest 20 unreleased, unprocessed alarms of the caller's company tree.", data: Type.Array(AlarmPushSchema) },
      alarm: { summary: 'A robot raised an alarm or fault.', data: AlarmPushSchema },
      alarmChange: { summary: 'An alarm was released, processed or became outdated.', data: AlarmPushSchema },
    },
  },
  navigation: {
    pattern: 'navigation',
    summary: 'Progress of patrol (navigation) tasks.',
    subscribe: "Holders of navigation:read; each push reaches only sessions whose company tree holds the task's company.",
    rule: permission('navigation:read'),
    events: {
      snapshot: { summary: 'Nothing: the subscription is open.', data: Type.Object({}) },
      naviProgress: { summary: "A task's run moved on (lap, point) or ended (finished, stopped, failed).", data: NaviProgressPushSchema },
    },
  },
  robotJob: {
    pattern: 'robotJob',
    summary: "Progress of robots' long work: upgrades and service packs (stages download, unpack, install, restart) and node log uploads (nodeVersion, nodeLog).",
    subscribe: "Holders of software:read; each push reaches only sessions whose company tree holds the robot's company (super and platform administrators: all).",
    rule: permission(SOFTWARE_READ_PERMISSION),
    events: {
      snapshot: { summary: 'Nothing: the subscription is open (getSoftwareJob gives a robot\'s last job).', data: Type.Object({}) },
      robotJob: { summary: "A robot's job moved on (stage, progress) or ended (done, failed, timeout, cancelled); the getSoftwareJob shape.", data: JobSchema },
    },
  },
  tasks: {
    pattern: 'tasks',
    summary: 'Changes of the tasks that taskManage lists (patrols, track inspections, ad tasks, explanation tasks): a task was added, removed, started, stopped or changed state.',
    subscribe: "Any logged-in user; each push reaches only sessions that may read the task's kind and whose company tree holds the task's company (super and platform administrators: all).",
    rule: companyTree,
    events: {
      snapshot: { summary: 'Nothing: the subscription is open (getTaskList gives the list).', data: Type.Object({}) },
      taskChanged: {
        summary: 'Tasks of a kind changed in a company: read getTaskList again.',
        data: Type.Object({ kind: Type.String({ description: 'patrol, track, ad or explanation' }), companyId: Type.Integer() }),
      },
    },
  },
} as const satisfies Record<string, TopicSpec>;

/** The push event names of every topic (snapshot included). */
export const topicEventNames = (): string[] => [...new Set(Object.values(TOPICS as Record<string, TopicSpec>).flatMap((t) => Object.keys(t.events)))];

/** The frames of the socket protocol (GET /ws). */
const PushFrame = Type.Object(
  {
    type: Type.Literal('push'),
    topic: Type.String({ description: 'The topic of the push (for fleet subscribers: the robot topic robot/<robotId>).' }),
    event: Type.String({ description: 'A push event of the topic, or snapshot.' }),
    data: Type.Unknown({ description: 'The payload of that event (see the topic).' }),
  },
  { description: 'A push: the snapshot answering a subscribe, or a change.' },
);

export const SOCKET_FRAMES = {
  /** Client → server. */
  client: {
    auth: {
      summary:
        `The first message, and only then: the session token of the login answer (never in the URL). Nothing is sent or accepted before it; a bad token, another message first or none within ${Security.socketAuthMs / 1000} s closes the socket with 4403. Messages sent right after it are kept while the token is checked.`,
      schema: Type.Object({ type: Type.Literal('auth'), token: Type.String() }),
    },
    subscribe: {
      summary: 'Subscribe to a topic. The server answers with the topic\'s snapshot push, or {type:"error", message:"cannot subscribe to <topic>"}.',
      schema: Type.Object({ type: Type.Literal('subscribe'), topic: Type.String() }),
    },
    unsubscribe: { summary: 'Stop receiving a topic (no answer).', schema: Type.Object({ type: Type.Literal('unsubscribe'), topic: Type.String() }) },
    heartbeat: {
      summary: "The echo of the server's heartbeat (its t). A client that misses more than 3 heartbeats is dropped.",
      schema: Type.Object({ type: Type.Literal('heartbeat'), t: Type.Number() }),
    },
  },
  /** Server → client. */
  server: {
    heartbeat: { summary: 'Sent on connect and every 5 s; echo it.', schema: Type.Object({ type: Type.Literal('heartbeat'), t: Type.Number({ description: 'Server time, ms since the epoch.' }) }) },
    push: { summary: 'One push.', schema: PushFrame },
    batch: {
      summary: 'Several pushes of one batch window (50 ms by default): a lone push is sent as is.',
      schema: Type.Object({ type: Type.Literal('batch'), pushes: Type.Array(PushFrame) }),
    },
    error: {
      summary: 'A message was refused: "malformed message" (not JSON), "cannot subscribe to <topic>" (unknown topic or not allowed), "server error".',
      schema: Type.Object({ type: Type.Literal('error'), message: Type.String() }),
    },
  },
} as const;

/**
 * How the socket is opened and closed: GET /ws, then the first message `{type:"auth", token}`
 * (the token of the login answer; a `?token=` in the URL is refused). A bad token closes the
 * socket with code 4403 "token invalid", another message first or none within 5 s with 4403
 * too, a stopping server with 1001. A revoked session (logout, user disabled or deleted,
 * password or role changed) closes its sockets on every replica with 4403 "session ended".
 */
export const SOCKET_PATH = '/ws';
export const SOCKET_CLOSE_CODES = { 4403: 'no auth message first or in time, token invalid, or session ended (log in again)', 1001: 'server stopping' } as const;
