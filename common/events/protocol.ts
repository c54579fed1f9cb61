/**
 * Issue 20: the remaining event names and REST paths of spec §7 (menu/status, control, maps,
 * history video, detections, alarms, robot administration, statements, device groups). Declared
 * together here for now (docs/protocol.md "Issue 20 events"); each names the feature it belongs to
 * in its summary so it can move into that feature's catalogue.
 */
import { Type } from '@sinclair/typebox';
import { RESERVED_PRESETS, MAX_PRESET } from '../robot-control';
import { can, defineEvents } from './define';

const RobotId = Type.String({ minLength: 1, maxLength: 32 });
const UserId = Type.Optional(Type.Integer());
const Any = Type.Unknown();
const ByRobot = Type.Object({ robotId: RobotId, userId: UserId }, { additionalProperties: true });
const Teleop = can('robot:control');
const Query = Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true });

/** SOS modes of spec §9: 1 rescue sound, 2 remote call. */
export const SOS_MODES = { rescueSound: 1, remoteCall: 2 } as const;
/** Presets of spec §9 the console may not set (2, 45, 49) and the highest preset. */
export const PTZ_PRESET_LIMITS = { reserved: RESERVED_PRESETS, max: MAX_PRESET };

export const protocolEvents = defineEvents('protocol', {
  getRobotTypesByCompanyId: { summary: 'Menu/status: the robot kinds present in a company (or the caller’s companies).', access: can('robot:read'), mutating: false, param: Type.Object({ companyId: Type.Optional(Type.Integer()), userId: UserId }, { additionalProperties: false }), answer: Type.Array(Type.Integer()) },
  fireFighting: { summary: 'Menu/status: a fire robot starts (1) or stops (0) fire-fighting; only fire robots.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, status: Type.Integer({ enum: [0, 1] }), userId: UserId }, { additionalProperties: false }), answer: Any },
  insertLastWebRoute: { summary: 'Session: remembers the last console route of the caller.', access: can('robot:read'), mutating: false, param: Type.Object({ route: Type.String({ minLength: 1, maxLength: 200, pattern: '^/' }), userId: UserId }, { additionalProperties: false }), answer: Type.Object({ route: Type.String() }) },
  getRobotOnline: { summary: 'Fleet: online state of the caller’s robots.', access: can('robot:read'), mutating: false, param: Type.Object({ robotId: Type.Optional(RobotId), userId: UserId }, { additionalProperties: false }), answer: Type.Array(Type.Object({ robotId: Type.String(), online: Type.Integer() })) },
  serverMediaOption: { summary: 'Control: the robot’s SOS mode (spec §9: 1 rescue sound, 2 remote call); without mode it is read.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, mode: Type.Optional(Type.Integer({ enum: [1, 2] })), userId: UserId }, { additionalProperties: false }), answer: Type.Object({ robotId: Type.String(), mode: Type.Integer() }) },
  interactiveSOS: { summary: 'Control: the SOS answer of the robot in its mode (rescue sound plays the alarm; remote call starts the call command).', access: Teleop, mutating: false, audit: true, param: ByRobot, answer: Any },
  getVideoParam: { summary: 'Control: the robot’s video parameters (definition, data-saving mode).', access: can('robot:read'), mutating: false, param: ByRobot, answer: Any },
  videoParam: { summary: 'Control: sets video parameters (definition 1-4, dataSaving 1-3).', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, definition: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })), dataSaving: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })), userId: UserId }, { additionalProperties: false }), answer: Any },
  singlePointNav: { summary: 'Control: drive to one point (x, y in mm); blocked in emergency stop and charging.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, x: Type.Number(), y: Type.Number(), userId: UserId }, { additionalProperties: false }), answer: Any },
  snapPictures: { summary: 'Control: the robot takes a picture with a camera.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, cameraId: Type.Optional(Type.Integer()), userId: UserId }, { additionalProperties: false }), answer: Any },
  infraredCorrect: { summary: 'Control: infrared correction, type 1 background or 2 manual; only robots with an infrared camera.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, type: Type.Integer({ enum: [1, 2] }), userId: UserId }, { additionalProperties: false }), answer: Any },
  setPTZParam: { summary: 'Control: PTZ parameters (speed 1-100) and presets stored on the robot; presets 2, 45, 49 reserved.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, speed: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), presets: Type.Optional(Type.Array(Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_PRESET }), name: Type.String({ minLength: 1, maxLength: 16 }) }), { maxItems: 64 })), userId: UserId }, { additionalProperties: false }), answer: Any },
  getPTZParam: { summary: 'Control: the PTZ parameters and presets the robot stores.', access: can('robot:read'), mutating: false, param: ByRobot, answer: Any },
  sendCoordinate: { summary: 'Control: sends a target coordinate (x, y in mm) the robot turns its camera head to.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, x: Type.Number(), y: Type.Number(), userId: UserId }, { additionalProperties: false }), answer: Any },
  queryFireOperationLog: { summary: 'Control: the fire-fighting operations of a robot (from the operation log).', access: can('robot:read'), mutating: false, param: ByRobot, answer: Any },
  HandheldwirelessRC: { summary: 'Control: hands the robot to (1) or takes it from (0) the handheld wireless remote control; blocked in emergency stop.', access: Teleop, mutating: false, audit: true, param: Type.Object({ robotId: RobotId, status: Type.Integer({ enum: [0, 1] }), userId: UserId }, { additionalProperties: false }), answer: Any },
  getMoveAlarm: { summary: 'Control: the robot’s open motion alarms (collision, stall, fall, besiege: codes 301-322).', access: can('robot:read'), mutating: false, param: ByRobot, answer: Any },
  getCompanyMapByRobotId: { summary: 'Control: the maps of the robot’s company.', access: can('map:read'), mutating: false, param: ByRobot, answer: Any },
  mapBind: { summary: 'Maps: binds a robot to a map of its company (the robot’s mapId).', access: can('map:update'), mutating: true, param: Type.Object({ robotId: RobotId, mapId: Type.Integer(), userId: UserId }, { additionalProperties: false }), answer: Any },
  reqFaceByRobotId: { summary: 'History video: face detections of a robot, newest first.', access: can('detection:read'), mutating: false, param: ByRobot, answer: Any },
  getPlateByMap: { summary: 'Detections: plate detections on a map.', access: can('detection:read'), mutating: false, param: Type.Object({ mapId: Type.Integer(), userId: UserId }, { additionalProperties: true }), answer: Any },
  getMapByPlateId: { summary: 'Detections: the maps a plate was seen on.', access: can('detection:read'), mutating: false, param: Type.Object({ plate: Type.String({ minLength: 1, maxLength: 16 }), userId: UserId }, { additionalProperties: true }), answer: Any },
  getCustomDetectionAlarm: { summary: 'Detections: custom detections that raised an alarm.', access: can('detection:read'), mutating: false, param: Query, answer: Any },
  exportAlarmsProcess: { summary: 'Alarms: processed alarms as rows for export.', access: can('alarm:read'), mutating: false, param: Query, answer: Any },
  exportDataByRobotId: { summary: 'Robot admin: one robot’s settings, templates and map binding as a file (JSON, kind fleet-console/robot-data).', access: can('robot:update'), mutating: false, param: ByRobot, answer: Any },
  importData: { summary: 'Robot admin: imports a robot data file into an existing robot; a bad file imports nothing and says why.', access: can('robot:update'), mutating: true, param: Type.Object({ robotId: RobotId, data: Type.Unknown(), userId: UserId }, { additionalProperties: false }), answer: Any },
  'GET /robot/map/draftList': { summary: 'Maps: maps still being processed (drafts).', access: can('map:read'), mutating: false, param: Query, answer: Any },
  'GET /robot/user/list': { summary: 'Users of the caller’s companies, paged.', access: can('user:read'), mutating: false, param: Query, answer: Any },
  'GET /robot/statements/totalDisinfectTimeGroup': { summary: 'Reports: disinfection minutes per day per robot (disinfection/cold-storage robots).', access: can('robot:read'), mutating: false, param: Query, answer: Any },
  'GET /robot/statements/totalDisinfectTime': { summary: 'Reports: total disinfection minutes.', access: can('robot:read'), mutating: false, param: Query, answer: Any },
  'GET /robot/statements/concentrationChart': { summary: 'Reports: disinfectant concentration samples.', access: can('robot:read'), mutating: false, param: Query, answer: Any },
  'GET /authority/deviceGroup/list': { summary: 'Device groups of the caller’s companies.', access: can('group:read'), mutating: false, param: Query, answer: Any },
  'GET /authority/deviceGroup/devices': { summary: 'The robots of a device group (groupId).', access: can('group:read'), mutating: false, param: Query, answer: Any },
});
