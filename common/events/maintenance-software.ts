/**
 * Maintenance, software (issue 19): nodeVersion (firmware and node services, upgrades, service
 * packs, programs), nodeLog (robots' node logs) and phone (app packages, phone client logs).
 * Declares the events, the robot commands and the `job` message (progress of long robot work).
 */
import { Type } from '@sinclair/typebox';
import { defineEvents } from './define';
import type { RobotCommandSpec } from './robot-command-spec';

/** Robot → server progress of long work (topic `job`): an upgrade's stage, a log upload … */
export const RobotJobReportSchema = Type.Object(
  { robotId: Type.Optional(Type.String()), t: Type.Number({ description: "Milliseconds since the epoch (the sender's clock)." }) },
  { additionalProperties: true },
);

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const SOFTWARE_COMMANDS = {} as const satisfies Record<string, RobotCommandSpec>;

export const softwareEvents = defineEvents('maintenance-software', {});
