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

/** The param of a settings document's set event: the changed fields, checked against the settings schema by the server. */
export const SettingsSetParam = Type.Object(
  { robotId: RobotId, params: Type.Object({}, labels('Parameters', '参数', 'パラメータ')), userId: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
);

export const settingsEvents = defineEvents('settings', {});
