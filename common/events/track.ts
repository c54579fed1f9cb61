/**
 * Track-mounted inspection robots (spec §3, §4, §5, §7): the REST operations under
 * `/robot/track/…` and `/robot/common/…` (rail maps, inspection points, tasks and their runs,
 * results, warning rules and warnings, live status and remote control). Reading needs
 * `track:read`, changing `track:write`; general users hold neither (spec §6). The calls that
 * carry files (result export, map upload and export, snapshot pictures) are HTTP routes of
 * server/features/track (track-http.ts), not events.
 *
 * Path placeholders (`{robot}`, `{id}`, `{mapId}`) arrive as text in the param; the operations
 * that validate their param also accept the `token` some clients send in the query.
 */
import { Type, type Static, type TOptional, type TProperties, type TSchema } from '@sinclair/typebox';
import {
  TRACK_ACTIONS,
  TRACK_CHECK_ITEMS,
  TRACK_CONDITIONS,
  TRACK_LIMITS,
  TRACK_PERIODS,
  TRACK_RELATIONS,
  TRACK_REMOTE_COMMANDS,
  type TrackAction,
  type TrackRemoteCommand,
} from '../track';
import { can, defineEvents } from './define';
import { Json, labels, Page } from './schema';

const READ = can('track:read');
const WRITE = can('track:write');

// ── answers ─────────────────────────────────────────────────────────────────────
const Timestamp = Type.String({ description: 'ISO 8601 date and time.' });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

/** The rail robot's live state (the current status answer; what the robot publishes on its track topic). */
export const TrackStateSchema = Type.Object({
  robotId: Type.String(),
  trackStatus: Type.Integer({ description: 'Spec §4: idle 0, running 1, paused 2, error 9.' }),
  position: Type.Number({ description: 'Metres from the rail’s start.' }),
  railLength: Type.Number(),
  speed: Type.Number(),
  pitch: Type.Number(),
  rotate: Type.Number(),
  lift: Type.Number(),
  taskId: NullableId,
  runId: NullableId,
  pointName: NullableText,
  readings: Type.Record(Type.String(), Type.Number()),
  t: Type.Number({ description: 'Milliseconds since the epoch.' }),
});
export type TrackState = Static<typeof TrackStateSchema>;

/** What the robot publishes on the track topic (common/track `TrackTopics`): state every tick, a point's readings, a run's end. */
export type TrackMessage =
  | ({ kind: 'state' } & TrackState)
  | { kind: 'point'; robotId: string; runId: number; pointId: number; pointName: string; position: number; readings: Record<string, number>; picture: string | null; t: number }
  | { kind: 'done'; robotId: string; runId: number; status: number; t: number };

/** The current status of a rail robot: the fleet's view, its last track state (while online) and the running task. */
export const TrackStatusSchema = Type.Composite([
  Type.Object({
    robotId: Type.String(),
    robotName: Type.String(),
    online: Type.Integer(),
    battery: Type.Union([Type.Number(), Type.Null()]),
    status: Type.Integer(),
    emergencyButtonStatus: Type.Integer(),
    trackStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'Null while the robot is offline or has reported no state.' }),
    position: Type.Union([Type.Number(), Type.Null()]),
  }),
  Type.Partial(Type.Omit(TrackStateSchema, ['robotId', 'trackStatus', 'position'])),
  Type.Object({ taskName: NullableText, taskPolicy: Type.Union([Type.Integer(), Type.Null()]) }),
]);
export type TrackStatusAnswer = Static<typeof TrackStatusSchema>;

/** A company of the device tree with its track robots. */
export const DeviceTreeCompanySchema = Type.Object({
  companyId: Type.Integer(),
  companyName: Type.String(),
  robots: Type.Array(
    Type.Object({
      robotId: Type.String(),
      robotName: Type.String(),
      robotType: Type.Integer(),
      online: Type.Integer(),
      mapId: NullableId,
      companyId: Type.Integer(),
      regionName: NullableText,
    }),
  ),
});
export type DeviceTreeCompany = Static<typeof DeviceTreeCompanySchema>;

/** A check item a warning rule can watch, with the action that measures it and its unit. */
export const TrackCheckItemSchema = Type.Object({ key: Type.String(), action: Json<TrackAction>({ type: 'string', enum: [...TRACK_ACTIONS] }), unit: Type.String() });
export type TrackCheckItem = Static<typeof TrackCheckItemSchema>;

const MapLabelSchema = Type.Object({ name: Type.String(), position: Type.Number() });
/** A rail map: its length and named positions along the rail. */
export const TrackMapSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  name: Type.String(),
  length: Type.Number({ description: 'Rail length in metres.' }),
  labels: Type.Array(MapLabelSchema),
  fileName: NullableText,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type TrackMap = Static<typeof TrackMapSchema>;

/** An inspection point: where the robot stops and what it does there. */
export const TrackPointSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  name: Type.String(),
  pitch: Type.Number(),
  rotate: Type.Number(),
  lift: Type.Number(),
  position: Type.Number(),
  actions: Type.Array(Type.String()),
  createdAt: Timestamp,
});
export type TrackPoint = Static<typeof TrackPointSchema>;

/** An inspection task (spec §3). */
export const TrackTaskSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  name: Type.String(),
  type: Type.Integer({ description: 'Spec §3: preset 0 (runs on its schedule), instant 1.' }),
  runTime: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM:SS; null for an instant task (it runs when started).' }),
  period: Type.Union([Type.String(), Type.Null()], { description: 'daily, weekly or biweekly; null for an instant task.' }),
  weekDays: Type.Array(Type.Integer()),
  policy: Type.Integer({ description: 'Spec §3: interruption allowed 0, forbidden 1.' }),
  enabled: Type.Boolean(),
  pointIds: Type.Array(Type.Integer()),
  status: Type.Integer({ description: 'Spec §4: waiting 0, inspecting 1, paused 2, terminated 3, finished 4.' }),
  lastRunAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});
export type TrackTask = Static<typeof TrackTaskSchema>;

/** One point's result in a run. */
export const TrackResultItemSchema = Type.Object({
  pointId: Type.Integer(),
  pointName: Type.String(),
  position: Type.Number(),
  readings: Type.Record(Type.String(), Type.Number()),
  picture: NullableText,
  t: Timestamp,
});
export type TrackResultItem = Static<typeof TrackResultItemSchema>;

const resultFields = {
  id: Type.Integer(),
  robotId: Type.String(),
  taskId: NullableId,
  taskName: Type.String(),
  status: Type.Integer({ description: 'The task status the run ended with (inspecting while it runs).' }),
  startedAt: Timestamp,
  finishedAt: Type.Union([Timestamp, Type.Null()]),
};
/** A task run as the result list shows it. */
export const TrackResultRowSchema = Type.Object({ ...resultFields, pointCount: Type.Integer() });
export type TrackResultRow = Static<typeof TrackResultRowSchema>;
/** A task run with each point's readings and picture. */
export const TrackResultSchema = Type.Object({ ...resultFields, items: Type.Array(TrackResultItemSchema) });
export type TrackResult = Static<typeof TrackResultSchema>;

/** A warning rule: one or two conditions on a check item's reading. */
export const TrackRuleSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  name: Type.String(),
  checkItem: Type.String(),
  condition: Type.String(),
  value: Type.Number(),
  relation: Type.String(),
  condition2: NullableText,
  value2: Type.Union([Type.Number(), Type.Null()]),
  interval: Type.Integer({ description: 'Minutes before the rule fires again.' }),
  enabled: Type.Boolean(),
  createdAt: Timestamp,
});
export type TrackRule = Static<typeof TrackRuleSchema>;

/** A warning a rule raised. */
export const TrackWarningSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  ruleId: NullableId,
  ruleName: Type.String(),
  checkItem: Type.String(),
  value: Type.Number(),
  pointName: NullableText,
  resultId: NullableId,
  picture: NullableText,
  dealt: Type.Boolean(),
  dealResult: NullableText,
  dealtBy: NullableText,
  dealtAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});
export type TrackWarning = Static<typeof TrackWarningSchema>;

/** A whole list: `{list, total}`. */
const List = <T extends TSchema>(row: T) => Type.Object({ list: Type.Array(row), total: Type.Integer() });
const Deleted = Type.Object({ id: Type.Integer() });

// ── params ──────────────────────────────────────────────────────────────────────
/** Path placeholders and the query token, accepted by every validated operation. */
const PathParams = {
  robot: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  mapId: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
};
/** The same properties, each optional. */
const optional = <T extends TProperties>(props: T) => Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof T]: TOptional<T[K]> };
/** A validated operation's param: path placeholders, then its fields, nothing else. */
const Strict = <T extends TProperties>(props: T) => Type.Object({ ...PathParams, ...props }, { additionalProperties: false });
/** The param of an operation that validates nothing: what the handler reads, other keys allowed. */
const Loose = <T extends TProperties>(props: T) => Type.Object(props);
const ByRobot = Loose({ robot: Type.Optional(Type.String()) });
const ByRobotAndId = Loose({ robot: Type.Optional(Type.String()), id: Type.Optional(Type.String()) });
const ById = Loose({ id: Type.Optional(Type.String()) });

const Name = Type.String({ minLength: 1, maxLength: 32, ...labels('Name', '名称', '名称') });
const pointFields = {
  name: Name,
  pitch: Type.Number({ minimum: TRACK_LIMITS.pitchMin, maximum: TRACK_LIMITS.pitchMax, ...labels('PTZ pitch', '云台俯仰', '雲台チルト') }),
  rotate: Type.Number({ minimum: TRACK_LIMITS.rotateMin, maximum: TRACK_LIMITS.rotateMax, ...labels('PTZ rotate', '云台旋转', '雲台回転') }),
  lift: Type.Number({ minimum: TRACK_LIMITS.liftMin, maximum: TRACK_LIMITS.liftMax, ...labels('Lift height', '升降高度', '昇降高さ') }),
  position: Type.Number({ minimum: 0, maximum: 10_000, ...labels('Robot position', '机器人位置', 'ロボット位置') }),
  actions: Type.Array(Json<TrackAction>({ enum: [...TRACK_ACTIONS] }), { uniqueItems: true, maxItems: TRACK_ACTIONS.length, ...labels('Actions', '动作', '動作') }),
};
const taskFields = {
  name: Name,
  type: Json<0 | 1>({ enum: [0, 1], ...labels('Type', '类型', '種類') }),
  runTime: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$', ...labels('Execution time', '执行时间', '実行時刻') }),
  period: Json<(typeof TRACK_PERIODS)[number]>({ enum: [...TRACK_PERIODS], ...labels('Period', '周期', '周期') }),
  weekDays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { uniqueItems: true, ...labels('Week days', '星期', '曜日') }),
  policy: Json<0 | 1>({ enum: [0, 1], ...labels('Policy', '策略', 'ポリシー') }),
  enabled: Type.Boolean(labels('Enabled', '启用', '有効')),
  pointIds: Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true, maxItems: 100, ...labels('Inspection points', '巡检点', '点検ポイント') }),
};
type Condition = (typeof TRACK_CONDITIONS)[number];
const ruleFields = {
  name: Name,
  checkItem: Json<string>({ enum: TRACK_CHECK_ITEMS.map((c) => c.key), ...labels('Check item', '检测项', '検査項目') }),
  condition: Json<Condition>({ enum: [...TRACK_CONDITIONS], ...labels('Condition', '条件', '条件') }),
  value: Type.Number(labels('Value', '值', '値')),
  relation: Json<(typeof TRACK_RELATIONS)[number]>({ enum: [...TRACK_RELATIONS], ...labels('Relation', '关系', '関係') }),
  condition2: Json<Condition | null>({ enum: [...TRACK_CONDITIONS, null], ...labels('Second condition', '第二条件', '第2条件') }),
  value2: Json<number | null>({ type: ['number', 'null'], ...labels('Second value', '第二个值', '第2の値') }),
  interval: Type.Integer({ minimum: 0, maximum: 1440, ...labels('Trigger interval (min)', '连续触发间隔（分钟）', '連続発報間隔（分）') }),
  enabled: Type.Boolean(labels('Enabled', '启用', '有効')),
};
const mapFields = {
  robotId: Type.String({ minLength: 1, ...labels('Robot', '机器人', 'ロボット') }),
  name: Name,
  length: Type.Number({ exclusiveMinimum: 0, maximum: 10_000, ...labels('Rail length (m)', '轨道长度（米）', 'レール長（m）') }),
  labels: Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 32 }), position: Type.Number({ minimum: 0 }) }, { additionalProperties: false }), {
    maxItems: 200,
    ...labels('Labels', '标签', 'ラベル'),
  }),
};
const pageFields = { pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) };

const TaskOpAnswer = <Op extends string>(op: Op) => Type.Object({ id: Type.Integer(), op: Type.Literal(op) });

export const trackEvents = defineEvents('track', {
  // ── common ────────────────────────────────────────────────────────────────────
  'GET /robot/common/getDeviceTreeNew': {
    summary: 'The companies of the caller’s tree that have track robots, with those robots.',
    access: READ,
    mutating: false,
    param: Loose({}),
    answer: Type.Array(DeviceTreeCompanySchema),
  },
  'GET /robot/common/getParamByRobot': {
    summary: 'A track robot’s parameters: rail length (its newest map’s), head and lift limits, actions and check items.',
    access: READ,
    mutating: false,
    param: Loose({ robotId: Type.Optional(Type.String()) }),
    answer: Type.Object({
      robotId: Type.String(),
      robotName: Type.String(),
      robotType: Type.Integer(),
      railLength: Type.Number(),
      limits: Type.Object({ pitchMin: Type.Number(), pitchMax: Type.Number(), rotateMin: Type.Number(), rotateMax: Type.Number(), liftMin: Type.Number(), liftMax: Type.Number() }),
      actions: Type.Array(Type.String()),
      checkItems: Type.Array(TrackCheckItemSchema),
    }),
  },

  // ── live state and remote control ─────────────────────────────────────────────
  'GET /robot/track/current/status/{id}': {
    summary: 'A track robot’s live state: fleet status, its last track state while online, the running task’s name and policy.',
    access: READ,
    mutating: false,
    param: ById,
    answer: TrackStatusSchema,
  },
  'POST /robot/track/remoteControl/{id}': {
    summary: 'Moves the robot along its rail or turns its head; a moving command pauses a running task whose policy allows interruption.',
    access: WRITE,
    mutating: false,
    audit: true,
    param: Strict({
      command: Json<TrackRemoteCommand>({ enum: [...TRACK_REMOTE_COMMANDS], ...labels('Command', '指令', 'コマンド') }),
      value: Type.Optional(Type.Number(labels('Value', '值', '値'))),
    }),
    answer: Type.Object({
      robotId: Type.String(),
      command: Type.String(),
      state: Type.Optional(Type.Unknown({ description: 'What the robot replied: its track state after the command.' })),
      interrupted: Type.Optional(Type.Boolean({ description: 'Present (true) when the command paused the running task.' })),
    }),
  },

  // ── rail maps ─────────────────────────────────────────────────────────────────
  'GET /robot/track/map/list': {
    summary: 'A page of a track robot’s rail maps, newest first.',
    access: READ,
    mutating: false,
    param: Loose({ robotId: Type.Optional(Type.String()), pageNum: Type.Optional(Type.Integer()), pageSize: Type.Optional(Type.Integer()) }),
    answer: Page(TrackMapSchema),
  },
  'POST /robot/track/map/create': {
    summary: 'Adds a rail map to a track robot.',
    access: WRITE,
    mutating: true,
    param: Strict({ ...optional(mapFields), robotId: mapFields.robotId, name: mapFields.name }),
    answer: TrackMapSchema,
  },
  'POST /robot/track/map/update/{mapId}': {
    summary: 'Renames a rail map or changes its length or labels.',
    access: WRITE,
    mutating: true,
    param: Strict({ ...optional(mapFields), robotId: Type.Optional(Type.String()) }),
    answer: TrackMapSchema,
  },
  'DELETE /robot/track/map/delete/{id}': { summary: 'Deletes a rail map.', access: WRITE, mutating: true, param: ById, answer: Deleted },
  'GET /robot/track/map/labels/{id}': { summary: 'The labels of a rail map.', access: READ, mutating: false, param: ById, answer: Type.Array(MapLabelSchema) },

  // ── inspection points ─────────────────────────────────────────────────────────
  'GET /robot/track/inspectPoint/{robot}/actions': {
    summary: 'The actions an inspection point may perform.',
    access: READ,
    mutating: false,
    param: ByRobot,
    answer: Type.Array(Json<TrackAction>({ type: 'string', enum: [...TRACK_ACTIONS] })),
  },
  'GET /robot/track/inspectPoint/{robot}': {
    summary: 'A track robot’s inspection points, along the rail.',
    access: READ,
    mutating: false,
    param: ByRobot,
    answer: List(TrackPointSchema),
  },
  'POST /robot/track/inspectPoint/{robot}': {
    summary: 'Adds an inspection point.',
    access: WRITE,
    mutating: true,
    param: Strict({ ...optional(pointFields), name: pointFields.name, position: pointFields.position }),
    answer: TrackPointSchema,
  },
  'POST /robot/track/inspectPoint/{robot}/{id}': { summary: 'Changes an inspection point.', access: WRITE, mutating: true, param: Strict(optional(pointFields)), answer: TrackPointSchema },
  'DELETE /robot/track/inspectPoint/{robot}/{id}': { summary: 'Deletes an inspection point no task uses.', access: WRITE, mutating: true, param: ByRobotAndId, answer: Deleted },

  // ── inspection tasks ──────────────────────────────────────────────────────────
  'GET /robot/track/inspectTask/{robot}': { summary: 'A track robot’s inspection tasks, newest first.', access: READ, mutating: false, param: ByRobot, answer: List(TrackTaskSchema) },
  'GET /robot/track/inspectTask/{robot}/{id}': { summary: 'One inspection task.', access: READ, mutating: false, param: ByRobotAndId, answer: TrackTaskSchema },
  'POST /robot/track/inspectTask/{robot}': {
    summary: 'Adds an inspection task (spec §5: its points are the robot’s, one at least has an action). A preset task (type 0) needs its execution time and period; an instant one (type 1) has neither (they are ignored).',
    access: WRITE,
    mutating: true,
    param: Strict({ ...optional(taskFields), name: taskFields.name, pointIds: taskFields.pointIds }),
    answer: TrackTaskSchema,
  },
  'POST /robot/track/inspectTask/{robot}/{id}': {
    summary: 'Changes an inspection task that is not running.',
    access: WRITE,
    mutating: true,
    param: Strict(optional(taskFields)),
    answer: TrackTaskSchema,
  },
  'DELETE /robot/track/inspectTask/{robot}/{id}': { summary: 'Deletes an inspection task that is not running.', access: WRITE, mutating: true, param: ByRobotAndId, answer: Deleted },
  'POST /robot/track/inspectTask/{robot}/{id}/start': {
    summary: 'Starts a run of a task: a result row, the points handed to the robot.',
    access: WRITE,
    mutating: false,
    audit: true,
    param: ByRobotAndId,
    answer: Type.Object({ id: Type.Integer(), runId: Type.Integer() }),
  },
  'POST /robot/track/inspectTask/{robot}/{id}/pause': { summary: 'Pauses the task’s run.', access: WRITE, mutating: false, audit: true, param: ByRobotAndId, answer: TaskOpAnswer('pause') },
  'POST /robot/track/inspectTask/{robot}/{id}/resume': { summary: 'Resumes the task’s paused run.', access: WRITE, mutating: false, audit: true, param: ByRobotAndId, answer: TaskOpAnswer('resume') },
  'POST /robot/track/inspectTask/{robot}/{id}/terminate': { summary: 'Ends the task’s run.', access: WRITE, mutating: false, audit: true, param: ByRobotAndId, answer: TaskOpAnswer('terminate') },

  // ── inspection results ────────────────────────────────────────────────────────
  'GET /robot/track/inspectResult/{robot}': {
    summary: 'A page of a track robot’s task runs, newest first, optionally by task name.',
    access: READ,
    mutating: false,
    param: Strict({ ...pageFields, taskName: Type.Optional(Type.String({ maxLength: 32 })) }),
    answer: Page(TrackResultRowSchema),
  },
  'GET /robot/track/inspectResult/{robot}/{id}': { summary: 'One task run with each point’s readings and picture.', access: READ, mutating: false, param: ByRobotAndId, answer: TrackResultSchema },
  'DELETE /robot/track/inspectResult/{robot}/{id}': { summary: 'Deletes a task run’s result.', access: WRITE, mutating: true, param: ByRobotAndId, answer: Deleted },

  // ── warning rules ─────────────────────────────────────────────────────────────
  'GET /robot/track/warnRules/checkItems': { summary: 'The check items a warning rule can watch.', access: READ, mutating: false, param: ByRobot, answer: Type.Array(TrackCheckItemSchema) },
  'GET /robot/track/warnRules/{robot}/checkItems': {
    summary: 'The check items a warning rule of this track robot can watch.',
    access: READ,
    mutating: false,
    param: ByRobot,
    answer: Type.Array(TrackCheckItemSchema),
  },
  'GET /robot/track/warnRules/{robot}': { summary: 'A track robot’s warning rules, newest first.', access: READ, mutating: false, param: ByRobot, answer: List(TrackRuleSchema) },
  'POST /robot/track/warnRules/{robot}': {
    summary: 'Adds a warning rule.',
    access: WRITE,
    mutating: true,
    param: Strict({ ...optional(ruleFields), name: ruleFields.name, checkItem: ruleFields.checkItem }),
    answer: TrackRuleSchema,
  },
  'POST /robot/track/warnRules/{robot}/{id}': { summary: 'Changes a warning rule.', access: WRITE, mutating: true, param: Strict(optional(ruleFields)), answer: TrackRuleSchema },
  'DELETE /robot/track/warnRules/{robot}/{id}': { summary: 'Deletes a warning rule.', access: WRITE, mutating: true, param: ByRobotAndId, answer: Deleted },

  // ── warnings ──────────────────────────────────────────────────────────────────
  'GET /robot/track/warnDetail/{robot}': {
    summary: 'A page of a track robot’s warnings, newest first, optionally dealt or not.',
    access: READ,
    mutating: false,
    param: Strict({ ...pageFields, dealt: Type.Optional(Json<'true' | 'false' | ''>({ enum: ['true', 'false', ''] })) }),
    answer: Page(TrackWarningSchema),
  },
  'GET /robot/track/warnDetail/detail/{id}': { summary: 'One warning.', access: READ, mutating: false, param: ById, answer: TrackWarningSchema },
  'POST /robot/track/warnDetail/deal/{id}': {
    summary: 'Records how a warning was handled (once).',
    access: WRITE,
    mutating: true,
    param: Strict({ dealResult: Type.String({ minLength: 1, maxLength: 200, ...labels('Handling result', '处理结果', '処理結果') }) }),
    answer: TrackWarningSchema,
  },
});
