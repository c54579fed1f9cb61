/**
 * Patrol (navigation) task events beyond the tasks' schema-driven CRUD (schemas/entities
 * navigation-task: queryNaviTask …): arm, run now, stop; and the navigation records of spec §7
 * (REST /robot/naviRecord/…). Progress is pushed on the `navigation` topic (common/events/topics.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';

/** How a run ended (or that it goes on). */
export const RunResultSchema = Type.Union([Type.Literal('running'), Type.Literal('finished'), Type.Literal('stopped'), Type.Literal('failed')]);
export type RunResult = Static<typeof RunResultSchema>;

const Timestamp = Type.String({ description: 'ISO 8601 date and time.' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

/** One run of a patrol task (GET /robot/naviRecord/getByNaviId). */
export const NaviRecordSchema = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  robotId: Type.String(),
  mapId: Type.Union([Type.Integer(), Type.Null()]),
  routeName: Type.String(),
  status: Type.Integer({ description: 'Task status of the run (schemas/enums/navigation-status.json).' }),
  count: Type.Integer({ description: 'Laps asked.' }),
  laps: Type.Integer({ description: 'Laps driven.' }),
  point: Type.Integer(),
  points: Type.Integer(),
  result: RunResultSchema,
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the run failed, in the caller’s language (null unless failed with a known reason).' }),
  reasonKey: Type.Union([Type.String(), Type.Null()], { description: 'The message key of the reason (naviRobotOffline, naviServerRestarted, naviRobotFailed …).' }),
  startedAt: Timestamp,
  endedAt: NullableTimestamp,
  duration: Type.Integer({ description: 'Seconds from start to end (to now while running).' }),
  recognised: Type.Union([Type.Integer(), Type.Null()], { description: 'Detections of the run re-recognised last time, null if never.' }),
  recognisedAt: NullableTimestamp,
});
export type NaviRecord = Static<typeof NaviRecordSchema>;

/** One UTC day of GET /robot/naviRecord/getDayDataCount: runs started that day, by result. */
export const NaviDaySchema = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC).' }),
  count: Type.Integer(),
  finished: Type.Integer(),
  stopped: Type.Integer(),
  failed: Type.Integer(),
  running: Type.Integer(),
});
export type NaviDay = Static<typeof NaviDaySchema>;

const ByTask = Type.Object({ id: Type.Integer({ minimum: 1 }), userId: Type.Optional(Type.Integer()) });
const TaskState = Type.Object({ id: Type.Integer(), status: Type.Integer({ description: 'The task’s status afterwards (1 started, 2 running, 0 stopped).' }) });

export const navigationEvents = defineEvents('navigation', {
  navigationStart: {
    summary: 'Arms a patrol task: it runs when its scheduled minute comes (refused while its robot’s position is unknown or its emergency stop pressed).',
    access: can('navigation:update'),
    mutating: true,
    param: ByTask,
    answer: TaskState,
  },
  navigationImmediately: {
    summary: 'Runs a patrol task now: its route goes to the robot, the run is recorded once the robot accepts.',
    access: can('navigation:update'),
    mutating: true,
    param: ByTask,
    answer: TaskState,
  },
  navigationStop: {
    summary: 'Stops a patrol task (its robot stops if it is driving the run; the run ends stopped).',
    access: can('navigation:update'),
    mutating: true,
    param: ByTask,
    answer: TaskState,
  },
  'GET /robot/naviRecord/getByNaviId': {
    summary: 'The runs of one patrol task, newest first (at most 100).',
    access: can('navigation:read'),
    mutating: false,
    param: Type.Object({ naviId: Type.Integer({ minimum: 1 }) }),
    answer: Type.Array(NaviRecordSchema),
  },
  'GET /robot/naviRecord/getDayDataCount': {
    summary: 'Runs per UTC day (at most 92 days, by default the last 7) of one task, of a company’s tasks, or of the caller’s company tree.',
    access: can('navigation:read'),
    mutating: false,
    param: Type.Object({
      naviId: Type.Optional(Type.Integer({ minimum: 1 })),
      companyId: Type.Optional(Type.Integer({ minimum: 1 })),
      startDate: Type.Optional(Type.String({ maxLength: 10 })),
      endDate: Type.Optional(Type.String({ maxLength: 10 })),
    }),
    answer: Type.Array(NaviDaySchema),
  },
  'POST /robot/naviRecord/reRecog': {
    summary: 'Runs the server’s recognition again over the detections captured during an ended run.',
    access: can('navigation:update'),
    mutating: true,
    param: Type.Object({ recordId: Type.Integer({ minimum: 1 }) }),
    answer: Type.Object({ recordId: Type.Integer(), recognised: Type.Integer({ description: 'Detections recognised again.' }), changed: Type.Integer({ description: 'Of which the result changed.' }) }),
  },
});
