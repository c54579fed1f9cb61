/**
 * Operations of the administration screens (issue 3) beyond the generic list/create/update/delete
 * that entity schemas bind in `x-api`: robot groups' linked robots (REST, spec §7), battery SOC
 * tables, company parameters, and a new application key. Their permissions are the ones the
 * entity schemas name in `x-access` (application-key, group, battery-model, company-setting).
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Dict, Json, labels } from './schema';

const L = {
  groupId: labels('Group', '分组', 'グループ'),
  robotIds: labels('Robots', '关联机器人', 'ロボット'),
  companyId: labels('Company', '公司', '会社'),
  batteryId: labels('Battery model', '电池型号', 'バッテリー型式'),
  robotId: labels('Robot', '机器人', 'ロボット'),
  socType: labels('SOC table', 'SOC表', 'SOCテーブル'),
  data: labels('SOC data', 'SOC数据', 'SOCデータ'),
  id: labels('ID', '编号', 'ID'),
};

const GroupId = Type.Integer({ minimum: 1, ...L.groupId });
const BatteryId = Type.Integer({ minimum: 1, ...L.batteryId });
const RobotId = Type.String({ minLength: 1, maxLength: 32, ...L.robotId });
const SocTypeParam = Json<'charge' | 'discharge'>({ type: 'string', enum: ['charge', 'discharge'], ...L.socType });

/**
 * One point of a SOC table: the items of battery-model's `chargeSoc` in
 * schemas/entities/battery-model.schema.json (keep the two alike).
 */
export const SocPointSchema = Type.Object(
  {
    voltage: Type.Number({ minimum: 0, maximum: 1000, ...labels('Voltage (V)', '电压（V）', '電圧（V）') }),
    soc: Type.Number({ minimum: 0, maximum: 100, ...labels('SOC (%)', 'SOC（%）', 'SOC（%）') }),
  },
  { additionalProperties: false },
);
export type SocPoint = Static<typeof SocPointSchema>;
const SocPointAnswer = Type.Object({ voltage: Type.Number(), soc: Type.Number() });

/** A battery model's SOC tables. */
export const SocDataSchema = Type.Object({
  batteryId: Type.Integer(),
  model: Type.String(),
  chargeSoc: Type.Array(SocPointAnswer),
  dischargeSoc: Type.Array(SocPointAnswer),
});
export type SocData = Static<typeof SocDataSchema>;

/** `getSocData`: a model's tables; asked by robot, with the robot's id (and nulls while it has no model bound). */
export const RobotSocDataSchema = Type.Object({
  robotId: Type.Optional(Type.String()),
  batteryId: Type.Union([Type.Integer(), Type.Null()]),
  model: Type.Union([Type.String(), Type.Null()]),
  chargeSoc: Type.Array(SocPointAnswer),
  dischargeSoc: Type.Array(SocPointAnswer),
});

/** A robot as the group screen lists it. */
export const CompanyRobotSchema = Type.Object({ robotId: Type.String(), robotName: Type.String(), robotType: Type.Integer(), companyId: Type.Integer() });

/** A company's parameters: every field of the company-setting schema, its default where unset. */
export const CompanyParamSchema = Type.Object({ companyId: Type.Integer() }, { additionalProperties: true, description: 'companyId and each field of the company-setting schema (its default where unset).' });

/** A page of a REST list (issue 20 REST paths). */
const AdminQuery = Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true });

export const adminEvents = defineEvents('admin', {
  resetApplicationKey: {
    summary: 'Replaces an application key’s key (a leaked key is replaced, not edited); answers the record with the new key.',
    access: can('applicationKey:update'),
    mutating: true,
    param: Type.Object({ id: Type.Integer({ minimum: 1, ...L.id }) }, { additionalProperties: false }),
    answer: Type.Object({ id: Type.Integer(), apiToken: Type.String() }, { additionalProperties: true, description: 'The application key record (its readable columns).' }),
  },
  'GET /robot/common/getRobotByCompanyId': {
    summary: 'The robots of a company (or of the caller’s company tree).',
    access: can('robot:read'),
    mutating: false,
    param: Type.Object({ companyId: Type.Optional(Type.Integer({ minimum: 1, ...L.companyId })) }, { additionalProperties: false }),
    answer: Type.Array(CompanyRobotSchema),
  },
  'GET /robot/group/getAssociatedRobotIds': {
    summary: 'The robot ids linked to a robot group.',
    access: can('group:read'),
    mutating: false,
    param: Type.Object({ groupId: GroupId }, { additionalProperties: false }),
    answer: Type.Array(Type.String()),
  },
  'POST /robot/group/relRobot': {
    summary: 'Sets the robots linked to a robot group (robots of the caller’s company tree).',
    access: can('group:update'),
    mutating: true,
    param: Type.Object(
      { groupId: GroupId, robotIds: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 1000, ...L.robotIds }) },
      { additionalProperties: false },
    ),
    answer: Type.Object({ groupId: Type.Integer(), robotIds: Type.Array(Type.String()) }),
  },
  getSocData: {
    summary: 'The SOC tables of a battery model, or of the model bound to a robot.',
    access: can('battery:read'),
    mutating: false,
    param: Type.Object({ batteryId: Type.Optional(BatteryId), robotId: Type.Optional(RobotId) }, { additionalProperties: false }),
    answer: RobotSocDataSchema,
  },
  uploadSocData: {
    summary: 'Sets a battery model’s charge or discharge SOC table.',
    access: can('battery:write'),
    mutating: true,
    param: Type.Object(
      { batteryId: BatteryId, socType: SocTypeParam, data: Type.Array(SocPointSchema, { minItems: 1, maxItems: 1000, ...L.data }) },
      { additionalProperties: false },
    ),
    answer: SocDataSchema,
  },
  deleteSocData: {
    summary: 'Empties a battery model’s charge or discharge SOC table.',
    access: can('battery:write'),
    mutating: true,
    param: Type.Object({ batteryId: BatteryId, socType: SocTypeParam }, { additionalProperties: false }),
    answer: SocDataSchema,
  },
  bindRobotSocData: {
    summary: 'Binds a battery model to a robot of the caller’s tree (null unbinds).',
    access: can('battery:bind'),
    mutating: true,
    param: Type.Object(
      { robotId: RobotId, batteryId: Json<number | null>({ type: ['integer', 'null'], minimum: 1, ...L.batteryId }) },
      { additionalProperties: false },
    ),
    answer: Type.Object({ robotId: Type.String(), batteryId: Type.Union([Type.Integer(), Type.Null()]) }),
  },
  getCompanyParam: {
    summary: 'A company’s parameters (spec §7; §9 data-saving and SOS modes).',
    access: can('companyParam:read'),
    mutating: false,
    param: Type.Object({ companyId: Type.Integer({ minimum: 1, ...L.companyId }) }, { additionalProperties: false }),
    answer: CompanyParamSchema,
  },
  setCompanyParam: {
    summary: 'Sets a company’s parameters; the param is checked against the live company-setting schema.',
    access: can('companyParam:update'),
    mutating: true,
    param: Dict(Type.Unknown(), { description: 'companyId and the fields of the company-setting schema (validated against the live schema).' }),
    answer: CompanyParamSchema,
  },
  // Issue 20 (spec §7 REST): users and device groups.
  'GET /robot/user/list': { summary: 'Users of the caller’s companies, paged.', access: can('user:read'), mutating: false, param: AdminQuery, answer: Type.Unknown() },
  'GET /authority/deviceGroup/list': { summary: 'Device groups of the caller’s companies.', access: can('group:read'), mutating: false, param: AdminQuery, answer: Type.Unknown() },
  'GET /authority/deviceGroup/devices': { summary: 'The robots of a device group (groupId).', access: can('group:read'), mutating: false, param: AdminQuery, answer: Type.Unknown() },
});

export type CompanyParam = Static<typeof CompanyParamSchema>;
