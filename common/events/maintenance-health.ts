/**
 * Maintenance, robot health (issue 19): systemState (/home/debug), historyOnline, sensor,
 * chassisMonitoring, chargeMonitoring and operate — read from what robots report on their
 * `health` topic. Declares the events, the robot commands and the `health` message.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import type { RobotCommandSpec } from './robot-command-spec';

/** systemState, historyOnline, chassisMonitoring, chargeMonitoring (spec §6: not for enterprise admins). */
export const HEALTH_PERMISSION = 'system:health';
/** The sensor page. */
export const SENSOR_PERMISSION = 'sensor:read';
/** Operation statistics. */
export const OPERATE_PERMISSION = 'operate:read';

const o = Type.Object;
const N = Type.Number;

export const NodeServiceSchema = o({ name: Type.String(), up: Type.Boolean(), version: Type.String() });
export const WheelSchema = o({
  wheel: Type.String({ description: 'left, right (front/rear for four wheels).' }),
  currentA: N(),
  temperatureC: N(),
  encoderFault: Type.Boolean(),
  hallFault: Type.Boolean(),
  stall: Type.Boolean(),
});
export const ChassisSchema = o({
  speed: N({ description: 'm/s.' }),
  odometry: N({ description: 'Total metres driven.' }),
  wheels: Type.Array(WheelSchema),
  bumper: Type.Boolean(),
  emergencyStop: Type.Boolean(),
});
export const ChargingSchema = o({
  state: Type.Union([Type.Literal('idle'), Type.Literal('charging'), Type.Literal('full'), Type.Literal('failed')]),
  soc: N({ description: 'State of charge, %.' }),
  voltage: N(),
  current: N({ description: 'A, positive while charging.' }),
  temperatureC: N(),
  pile: Type.Union([Type.String(), Type.Null()], { description: 'The charging pile used now (null: none).' }),
  cycles: Type.Integer({ description: 'Charge cycles since commissioning.' }),
  failures: Type.Array(o({ t: N(), code: Type.Integer({ description: 'Alarm code of spec §8 (charging failures).' }), pile: Type.Union([Type.String(), Type.Null()]) })),
});
/** One sensor of a robot: `id` is its kind (enum sensor: the console shows its label; a kind of the robot's own keeps `name`). */
export const SensorSchema = o({
  id: Type.String({ 'x-enum': 'sensor', description: 'The sensor kind (schemas/enums/sensor.json; open: a robot may report others).' }),
  name: Type.String({ description: "The robot's own name of the sensor (shown only for a kind outside the enumeration)." }),
  unit: Type.String(),
  value: N(),
  min: N(),
  max: N(),
  ok: Type.Boolean(),
});

/** Robot → server health report (topic `health`, every 5 s): system figures, node services, chassis, charging, sensors. */
export const RobotHealthSchema = o(
  {
    robotId: Type.Optional(Type.String()),
    t: N({ description: "Milliseconds since the epoch (the sender's clock)." }),
    cpu: N({ description: 'CPU load, %.' }),
    memory: N({ description: 'Memory used, %.' }),
    disk: N({ description: 'Disk used, %.' }),
    temperatures: o({ cpu: N(), board: N() }, { additionalProperties: true }),
    uptime: N({ description: 'Seconds since the robot booted.' }),
    latencyMs: N({ description: 'Link round trip to the broker, ms.' }),
    services: Type.Array(NodeServiceSchema),
    software: Type.String(),
    chassis: Type.Union([ChassisSchema, Type.Null()], { description: 'null for static robots (robotType 4).' }),
    charging: Type.Union([ChargingSchema, Type.Null()], { description: 'null for static robots.' }),
    sensors: Type.Array(SensorSchema),
    working: Type.Boolean({ description: 'On a task now.' }),
    tasksDone: Type.Integer({ description: 'Tasks finished since commissioning.' }),
  },
  { additionalProperties: true },
);
export type RobotHealth = Static<typeof RobotHealthSchema>;

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const HEALTH_COMMANDS = {} as const satisfies Record<string, RobotCommandSpec>;

const RobotId = Type.String({ minLength: 1, maxLength: 32 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC).' });

export const SystemRowSchema = o({
  robotId: Type.String(),
  robotName: Type.String(),
  robotType: Type.Integer(),
  companyId: Type.Integer(),
  online: o({ walk: Type.Boolean(), video: Type.Boolean(), interaction: Type.Boolean() }),
  health: Type.Union([RobotHealthSchema, Type.Null()], { description: 'The last report (null: none yet).' }),
  problems: Type.Array(Type.String(), { description: 'What is wrong: cpu, memory, disk, temperature, latency, services, offline.' }),
});
export type SystemRow = Static<typeof SystemRowSchema>;

export const HealthPointSchema = o({
  t: N(),
  cpu: N(),
  memory: N(),
  disk: N(),
  temperature: N(),
  latencyMs: N(),
  chassis: Type.Union([ChassisSchema, Type.Null()]),
  charging: Type.Union([ChargingSchema, Type.Null()]),
  sensors: Type.Array(SensorSchema),
});
export type HealthPoint = Static<typeof HealthPointSchema>;

export const OnlineSpanSchema = o({ start: N(), end: N(), up: Type.Boolean() });
export const OnlineAnswerSchema = o({
  robotId: Type.String(),
  start: N(),
  end: N(),
  subsystems: Type.Array(o({ key: Type.String({ description: 'walk, video, interaction.' }), uptime: N({ description: '% of the range.' }), spans: Type.Array(OnlineSpanSchema) })),
});
export type OnlineAnswer = Static<typeof OnlineAnswerSchema>;

export const OperateDaySchema = o({
  date: Type.String(),
  robotId: Type.String(),
  robotName: Type.String(),
  companyId: Type.Integer(),
  mileageM: N(),
  workingHours: N(),
  tasks: Type.Integer(),
  chargeCycles: Type.Integer(),
  alarms: Type.Integer(),
});
export type OperateDay = Static<typeof OperateDaySchema>;

export const healthEvents = defineEvents('maintenance-health', {
  getSystemState: {
    summary: "Every robot of the caller's companies: online subsystems and its last health report, with what is wrong by the thresholds.",
    access: can(HEALTH_PERMISSION),
    mutating: false,
    param: o({}, { additionalProperties: false }),
    answer: o({ robots: Type.Array(SystemRowSchema), thresholds: o({ cpuPercent: N(), memoryPercent: N(), diskPercent: N(), temperatureC: N(), latencyMs: N() }) }),
  },
  getRobotHealth: {
    summary: "A robot's health samples over the last minutes (at most 1440; one sample every 30 s) and its last report: systemState detail, chassisMonitoring, chargeMonitoring.",
    access: can(HEALTH_PERMISSION),
    mutating: false,
    param: o({ robotId: RobotId, minutes: Type.Integer({ minimum: 1, maximum: 1440 }) }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), robotType: Type.Integer(), latest: Type.Union([RobotHealthSchema, Type.Null()]), samples: Type.Array(HealthPointSchema) }),
  },
  getSensorData: {
    summary: "The selected robot's sensors now (with their thresholds) and their history over the last minutes.",
    access: can(SENSOR_PERMISSION),
    mutating: false,
    param: o({ robotId: RobotId, minutes: Type.Integer({ minimum: 1, maximum: 1440 }) }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), sensors: Type.Array(SensorSchema), history: Type.Array(o({ t: N(), values: Type.Record(Type.String(), N()) })) }),
  },
  getOnlineHistory: {
    summary: "A robot's online and offline periods of each subsystem (walk, video, interaction) over a range (at most 31 days), with uptime percentages.",
    access: can(HEALTH_PERMISSION),
    mutating: false,
    param: o({ robotId: RobotId, start: Day, end: Day }, { additionalProperties: false }),
    answer: OnlineAnswerSchema,
  },
  getOperateStats: {
    summary: "Robots' operation statistics per day (mileage, working hours, tasks, charge cycles, alarms) over a range (at most 31 days), for one robot or the caller's companies.",
    access: can(OPERATE_PERMISSION),
    mutating: false,
    param: o({ robotId: Type.Optional(RobotId), start: Day, end: Day }, { additionalProperties: false }),
    answer: o({ days: Type.Array(OperateDaySchema) }),
  },
});
