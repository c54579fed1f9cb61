/**
 * Alarm operations beyond their schema-driven lists (spec §7 Alarms): process and release an
 * alarm, the current alarms, a company's alarm settings (thresholds) and, for demos and tests,
 * asking a simulated robot to raise an alarm. New and changed alarms are pushed on the realtime
 * topic `alarms` (ALARM_TOPIC, common/events/topics.ts).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AlarmProcessStatus } from '../alarm-codes';
import { can, defineEvents } from './define';
import { Json, labels } from './schema';
import { AlarmPushSchema } from './topics';
import behaviourEnum from '../../schemas/enums/behaviour.json';

/** The behaviours recognition reports (schemas/enums/behaviour.json). */
const BEHAVIOURS = behaviourEnum.values.map((v) => v.value);

const Timestamp = Type.String({ description: 'ISO 8601 date and time.' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A stored alarm (the alarm list's record, without the handler's user id). */
export const AlarmRecordSchema = Type.Object({
  id: Type.Integer(),
  robotId: Type.String(),
  robotName: Nullable(Type.String()),
  companyId: Type.Integer(),
  alarmTypeId: Nullable(Type.Integer()),
  code: Type.Integer(),
  kind: Type.String(),
  level: Type.Integer(),
  message: Nullable(Type.String()),
  status: Type.Integer(),
  position: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Where the robot was: mapId, x, y, theta, latitude, longitude.' })),
  picture: Nullable(Type.String()),
  processStatus: Type.Integer(),
  handler: Nullable(Type.String()),
  result: Nullable(Type.String()),
  processedAt: Nullable(Timestamp),
  releasedAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type AlarmRecord = Static<typeof AlarmRecordSchema>;

/** A company's alarm settings (the alarm-setting schema's fields, stored or default). */
export const AlarmSettingsSchema = Type.Object({
  companyId: Type.Integer(),
  outdatedAfterMinutes: Type.Optional(Nullable(Type.Integer())),
  popup: Type.Optional(Nullable(Type.Integer())),
  sound: Type.Optional(Nullable(Type.Integer())),
  batteryLowPercent: Type.Optional(Nullable(Type.Integer())),
  temperatureThreshold: Type.Optional(Nullable(Type.Number())),
  infraredAlarmTypes: Type.Optional(Nullable(Type.Array(Type.Integer()))),
  mailOnAlarm: Type.Optional(Nullable(Type.Integer())),
  emailGroupIds: Type.Optional(Nullable(Type.Array(Type.Integer()))),
  emailAddresses: Type.Optional(Nullable(Type.Array(Type.String()))),
});
export type AlarmSettings = Static<typeof AlarmSettingsSchema>;

const AlarmId = Type.Integer({ minimum: 1, ...labels('Alarm', '报警', 'アラーム') });
const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });
const SimulatedState = Json<'raise' | 'clear'>({ type: 'string', enum: ['raise', 'clear'], ...labels('State', '状态', '状態') });

export const alarmsEvents = defineEvents('alarms', {
  setAlarmsProcess: {
    summary: 'Processes an unprocessed alarm: its process status (processed or no processing needed) and result, with the caller as handler.',
    access: can('alarm:process'),
    mutating: true,
    param: Type.Object(
      {
        id: AlarmId,
        processStatus: Json<number>({
          type: 'integer',
          enum: [AlarmProcessStatus.processed, AlarmProcessStatus.noProcessingNeeded],
          ...labels('Process status', '处理状态', '処理状態'),
        }),
        result: Type.String({ minLength: 1, maxLength: 500, ...labels('Result', '处理结果', '処理結果') }),
      },
      { additionalProperties: false },
    ),
    answer: AlarmRecordSchema,
  },
  setAlarmRelease: {
    summary: 'Releases an alarm (the alarm lock).',
    access: can('alarm:release'),
    mutating: true,
    param: Type.Object({ id: AlarmId }, { additionalProperties: false }),
    answer: AlarmRecordSchema,
  },
  getCurrentAlarm: {
    summary: 'The latest unreleased alarms of the caller’s company tree (at most 50), of one robot if given.',
    access: can('alarm:read'),
    mutating: false,
    param: Type.Object({ robotId: Type.Optional(RobotId) }, { additionalProperties: false }),
    answer: Type.Array(AlarmPushSchema),
  },
  simulateBehaviour: {
    summary: 'Asks a simulated robot to report a behaviour recognition now (the simulator must be on); an enabled behaviour alarm rule for the robot turns it into a behaviour alarm.',
    access: can('system:simulate'),
    mutating: false,
    audit: true,
    param: Type.Object(
      {
        robotId: RobotId,
        action: Json<string>({ type: 'string', enum: BEHAVIOURS, ...labels('Behaviour', '行为', '行動') }),
      },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), action: Type.String() }),
  },
  simulateAlarm: {
    summary: 'Asks a simulated robot to raise (or clear) an alarm code (the simulator must be on).',
    access: can('system:simulate'),
    mutating: false,
    audit: true,
    param: Type.Object(
      {
        robotId: RobotId,
        code: Type.Integer({ minimum: 1, maximum: 99999, ...labels('Code', '故障码', 'コード') }),
        state: Type.Optional(SimulatedState),
      },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), code: Type.Integer(), state: Type.Union([Type.Literal('raise'), Type.Literal('clear')]) }),
  },
  getAlarmThreshold: {
    summary: 'A company’s alarm settings (spec §7 thresholds), the defaults where none are stored.',
    access: can('alarmSetting:read'),
    mutating: false,
    param: Type.Object({ companyId: Type.Integer({ minimum: 1, ...labels('Company', '公司', '会社') }) }, { additionalProperties: false }),
    answer: AlarmSettingsSchema,
  },
  setAlarmThreshold: {
    summary: 'Stores a company’s alarm settings; the param is checked against the live alarm-setting schema (companyId required).',
    access: can('alarmSetting:update'),
    mutating: true,
    param: Type.Record(Type.String(), Type.Unknown()),
    answer: AlarmSettingsSchema,
  },
  // Issue 20 (spec §7 alarms).
  exportAlarmsProcess: { summary: 'Alarms: processed alarms as rows for export.', access: can('alarm:read'), mutating: false, param: Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true }), answer: Type.Unknown() },
});
