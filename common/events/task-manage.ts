/**
 * taskManage (issue 19): every task of every kind in one list — patrols (navigation tasks, table
 * nav_tasks), track inspections (track_tasks), ad tasks (ad_tasks) and explanation tasks
 * (explanation points of the maps' interest points) — with one state vocabulary, the robot, the
 * company and the next run. Starting and stopping go through each kind's own events (TASK_CONTROLS),
 * so their rules and refusals stay theirs. Each kind is listed only to callers who may read it.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, loggedIn } from './define';
import { Json, labels } from './schema';

export const TASK_KINDS = ['patrol', 'track', 'ad', 'explanation'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
/**
 * One state vocabulary: idle (stopped, waiting to be started), armed (started, waiting for its
 * schedule), running, paused, finished, terminated, scheduled (an ad task before its time range),
 * active (an ad task within it), ended (after it), ready (an explanation task: run by the robot on demand).
 */
export const TASK_STATES = ['idle', 'armed', 'running', 'paused', 'finished', 'terminated', 'scheduled', 'active', 'ended', 'ready'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The permission that lets a caller see each kind. */
export const TASK_KIND_READ: Record<TaskKind, string> = { patrol: 'navigation:read', track: 'track:read', ad: 'ad:read', explanation: 'map:read' };

/**
 * How each kind is started and stopped: the existing event and the permission it needs (null: the
 * kind has no start/stop of its own — ad tasks follow their time range, explanation tasks are run
 * on the robot). Track events are REST operations with {robot, id}; patrol events take {id}.
 */
export const TASK_CONTROLS: Record<TaskKind, { start: string | null; stop: string | null; permission: string | null }> = {
  patrol: { start: 'navigationStart', stop: 'navigationStop', permission: 'navigation:update' },
  track: { start: 'POST /robot/track/inspectTask/{robot}/{id}/start', stop: 'POST /robot/track/inspectTask/{robot}/{id}/terminate', permission: 'track:write' },
  ad: { start: null, stop: null, permission: null },
  explanation: { start: null, stop: null, permission: null },
};

const o = Type.Object;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const TaskRowSchema = o({
  key: Type.String({ description: '<kind>-<id>, unique in the list.' }),
  kind: Json<TaskKind>({ type: 'string', enum: [...TASK_KINDS] }),
  id: Type.Integer({ description: "The task's id in its own table (an explanation task: its map element)." }),
  name: Type.String(),
  state: Json<TaskState>({ type: 'string', enum: [...TASK_STATES] }),
  /** The kind's own status code (navigation-status, track status; null for ads and explanations). */
  status: Type.Union([Type.Integer(), Type.Null()]),
  robotIds: Type.Array(Type.String()),
  robotNames: Type.Array(Type.String()),
  companyId: Type.Integer(),
  companyName: Type.String(),
  nextRun: Nullable(Type.String({ description: 'ISO 8601; null when nothing is scheduled.' })),
  lastRunAt: Nullable(Type.String()),
  canStart: Type.Boolean({ description: 'Whether the kind can start it in this state.' }),
  canStop: Type.Boolean({ description: 'Whether the kind can stop it in this state.' }),
});

export const taskManageEvents = defineEvents('task-manage', {
  getTaskList: {
    summary: "Every task of the caller's company tree in one list (patrols, track inspections, ad tasks, explanation tasks), each kind only for callers who may read it; filters by kind, state, robot and name; running tasks first, then by next run.",
    access: loggedIn,
    mutating: false,
    param: o(
      {
        kind: Type.Optional(Json<TaskKind>({ type: 'string', enum: [...TASK_KINDS], ...labels('Kind', '类型', '種類') })),
        state: Type.Optional(Json<TaskState>({ type: 'string', enum: [...TASK_STATES], ...labels('State', '状态', '状態') })),
        robotId: Type.Optional(Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') })),
        name: Type.Optional(Type.String({ maxLength: 64, ...labels('Name', '名称', '名前') })),
      },
      { additionalProperties: false },
    ),
    answer: o({ list: Type.Array(TaskRowSchema), total: Type.Integer() }),
  },
});
