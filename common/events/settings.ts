/**
 * Settings documents (schemas/settings, one document per robot): their get and set events are
 * named by each settings schema's `x-api` at run time, so they are schema-driven operations, not
 * catalogue entries; what their params look like is declared here once.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents } from './define';
import { labels } from './schema';

const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });

/** The param of a settings document's get event. */
export const SettingsGetParam = Type.Object({ robotId: RobotId, userId: Type.Optional(Type.Integer()) }, { additionalProperties: false });

/** Fields of a document to clear back to what the robot or company inherits (x-inherit) or to the default: leaf paths such as `logs.robotLevel`. */
const Clear = Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$' }), {
  maxItems: 500,
  uniqueItems: true,
  ...labels('Fields to clear', '要清除的字段', 'クリアする項目'),
});
const Params = Type.Object({}, labels('Parameters', '参数', 'パラメータ'));

/** The param of a settings document's set event: the changed fields, checked against the settings schema by the server, and the fields to clear. */
export const SettingsSetParam = Type.Object(
  { robotId: RobotId, params: Params, clear: Type.Optional(Clear), userId: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);

const CompanyId = Type.Integer({ minimum: 1, ...labels('Company', '公司', '会社') });

/** The param of a company document's get event (settings schemas with x-inherit "company"). */
export const CompanySettingsGetParam = Type.Object({ companyId: CompanyId, userId: Type.Optional(Type.Integer()) }, { additionalProperties: false });

/** The param of a company document's set event: the company's own values to change, and the fields to clear back to what it inherits. */
export const CompanySettingsSetParam = Type.Object(
  { companyId: CompanyId, params: Params, clear: Type.Optional(Clear), userId: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);

/** Where a field's effective value comes from (x-inherit): the robot's own, a company's (the nearest that sets it), or the schema default. */
export type SettingSource = { from: 'robot' } | { from: 'company'; companyId: number; companyName: string } | { from: 'default' };

export const settingsEvents = defineEvents('settings', {});
