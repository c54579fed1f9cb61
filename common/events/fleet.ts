/**
 * The fleet as the console browses it (spec §3 Menu tree, §7 Menu/status): the caller's
 * companies, the company › region › map › robot tree, maps and robots by company or map, one
 * robot's live status; and the robotManage events beyond CRUD (spec §7 Robot admin): binding a
 * robot to a company, its function configuration.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Json } from './schema';

/** An event that reads nothing of its param. */
const NoParam = Type.Object({});
const ByCompany = Type.Object({ companyId: Type.Integer() });
const ByRobot = Type.Object({ robotId: Type.String({ maxLength: 32 }) });
const Online = Type.Union([Type.Literal(0), Type.Literal(1)]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** A company of the caller's tree. */
export const FleetCompanySchema = Type.Object({
  companyId: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  layer: Type.Integer(),
});

/** A robot as the menu tree and the robot lists show it. */
export const RobotBriefSchema = Type.Object({
  robotId: Type.String(),
  robotName: Type.String(),
  robotType: Type.Integer(),
  online: Online,
  status: Type.Integer(),
  mapId: Type.Union([Type.Integer(), Type.Null()]),
  companyId: Type.Integer(),
  regionName: Type.Union([Type.String(), Type.Null()]),
});
export type RobotBrief = Static<typeof RobotBriefSchema>;

/** A map as the menu tree shows it. */
export const FleetMapSchema = Type.Object({
  mapId: Type.Integer(),
  companyId: Type.Integer(),
  regionName: Type.String(),
  buildingName: Type.String(),
  floor: Type.Integer(),
  mapName: Type.String(),
  mapType: Type.Integer(),
});

/** A company of the `getMenuList` tree: its regions › maps › robots, and its robots on no map of its own. */
export const MenuCompanySchema = Type.Object({
  companyId: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  regions: Type.Array(
    Type.Object({
      regionName: Type.String(),
      maps: Type.Array(Type.Composite([FleetMapSchema, Type.Object({ robots: Type.Array(RobotBriefSchema) })])),
    }),
  ),
  robots: Type.Array(RobotBriefSchema, { description: 'Robots of the company on none of its maps.' }),
});
export type MenuCompany = Static<typeof MenuCompanySchema>;

/** What the server knows of one robot right now (the reqRobotStatus answer and the realtime snapshot). */
export const RobotSnapshotSchema = Type.Composite([
  RobotBriefSchema,
  Type.Object({
    videoOnline: Online,
    interactOnline: Online,
    battery: NullableNumber,
    emergencyButtonStatus: Online,
    interactionState: Type.Integer(),
    env: Type.Optional(
      Type.Object(
        { temperature: Type.Number(), humidity: Type.Number(), smoke: Type.Number(), pm25: Type.Number(), methane: Type.Number(), hydrogenFluoride: Type.Number() },
        { description: 'Latest environment readings of a robot with environment-detection modules.' },
      ),
    ),
    pushVideo: Type.Optional(
      Json<Partial<Record<number, 0 | 1>>>({ type: 'object', additionalProperties: { enum: [0, 1] }, description: 'Push-video flag by camera id, as last reported or commanded.' }),
    ),
    x: NullableNumber,
    y: NullableNumber,
    theta: NullableNumber,
    latitude: NullableNumber,
    longitude: NullableNumber,
    updatedAt: Type.Union([Type.Number(), Type.Null()], { description: 'Last report, in milliseconds since the epoch.' }),
  }),
]);

/** A robot id that may not be empty, and a robot with extra fields allowed (issue 20 events). */
const RobotIdRequired = Type.String({ minLength: 1, maxLength: 32 });
const ByRobotAny = Type.Object({ robotId: RobotIdRequired, userId: Type.Optional(Type.Integer()) }, { additionalProperties: true });

export const fleetEvents = defineEvents('fleet', {
  getCompanysByRoleId: { summary: 'The companies of the caller’s tree, by layer and name.', access: can('company:read'), mutating: false, param: NoParam, answer: Type.Array(FleetCompanySchema) },
  getMenuList: {
    summary: 'The menu tree: each company of the caller’s tree with its regions, maps and robots (spec §3).',
    access: can('robot:read'),
    mutating: false,
    param: NoParam,
    answer: Type.Array(MenuCompanySchema),
  },
  getMapsByCompanyId: { summary: 'The maps of a company of the caller’s tree.', access: can('map:read'), mutating: false, param: ByCompany, answer: Type.Array(FleetMapSchema) },
  getRobotsByMapId: {
    summary: 'The robots of the caller’s tree on a map.',
    access: can('robot:read'),
    mutating: false,
    param: Type.Object({ mapId: Type.Integer() }),
    answer: Type.Array(RobotBriefSchema),
  },
  getRobotsByCompanyId: { summary: 'The robots of a company of the caller’s tree.', access: can('robot:read'), mutating: false, param: ByCompany, answer: Type.Array(RobotBriefSchema) },
  reqRobotStatus: { summary: 'One robot’s live status.', access: can('robot:read'), mutating: false, param: ByRobot, answer: RobotSnapshotSchema },
  modifyRobotCompany: {
    summary: 'Binds a robot to another company of the caller’s tree; a robot that changes company leaves its map.',
    access: can('robot:update'),
    mutating: true,
    param: Type.Object({ robotId: Type.String({ maxLength: 32 }), companyId: Type.Integer(), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }),
    answer: Type.Object({ robotId: Type.String(), companyId: Type.Integer() }),
  },
  resetRobotCredentials: {
    summary:
      'Issue 18: makes a new MQTT account secret for a robot (its user name is its robot id) and answers it: the only time it is shown. The old secret stops working at once and a robot connected with it is dropped. Called right after a robot is added, and to reset.',
    access: can('robot:update'),
    mutating: true,
    param: Type.Object({ robotId: Type.String({ maxLength: 32 }), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }),
    answer: Type.Object({ robotId: Type.String(), username: Type.String(), password: Type.String({ description: 'Shown once; keep it in the robot.' }) }),
  },
  getRobotFuncConfig: {
    summary: 'A robot’s function configuration: its modules and its function template’s.',
    access: can('robot:read'),
    mutating: false,
    param: ByRobot,
    answer: Type.Object({
      robotId: Type.String(),
      template: Type.Union([Type.String(), Type.Null()], { description: 'The function template’s name.' }),
      modules: Type.Array(Type.String()),
      environmentDetection: Type.Boolean({ description: 'Spec §3: any of the six gas and climate sensors.' }),
      infraredType: Type.Integer({ description: 'Spec §3: 0 none, 1 high temperature, 2 body temperature.' }),
    }),
  },
  // Issue 20 (spec §7 Menu/status, Robot admin).
  getRobotTypesByCompanyId: { summary: 'Menu/status: the robot kinds present in a company (or the caller’s companies).', access: can('robot:read'), mutating: false, param: Type.Object({ companyId: Type.Optional(Type.Integer()), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }), answer: Type.Array(Type.Integer()) },
  getRobotOnline: { summary: 'Fleet: online state of the caller’s robots.', access: can('robot:read'), mutating: false, param: Type.Object({ robotId: Type.Optional(RobotIdRequired), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }), answer: Type.Array(Type.Object({ robotId: Type.String(), online: Type.Integer() })) },
  exportDataByRobotId: { summary: 'Robot admin: one robot’s settings, templates and map binding as a file (JSON, kind fleet-console/robot-data).', access: can('robot:update'), mutating: false, param: ByRobotAny, answer: Type.Unknown() },
  importData: { summary: 'Robot admin: imports a robot data file into an existing robot; a bad file imports nothing and says why.', access: can('robot:update'), mutating: true, param: Type.Object({ robotId: RobotIdRequired, data: Type.Unknown(), userId: Type.Optional(Type.Integer()) }, { additionalProperties: false }), answer: Type.Unknown() },
});
