/**
 * Maintenance, robot health (issue 19): systemState (/home/debug), historyOnline, sensor,
 * chassisMonitoring, chargeMonitoring and operate — read from what robots report on their
 * `health` topic. Declares the events, the robot commands and the `health` message.
 */
import { Type } from '@sinclair/typebox';
import { defineEvents } from './define';
import type { RobotCommandSpec } from './robot-command-spec';

/** Robot → server health report (topic `health`): system figures, node services, chassis, charging, sensors. */
export const RobotHealthSchema = Type.Object(
  { robotId: Type.Optional(Type.String()), t: Type.Number({ description: "Milliseconds since the epoch (the sender's clock)." }) },
  { additionalProperties: true },
);

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const HEALTH_COMMANDS = {} as const satisfies Record<string, RobotCommandSpec>;

export const healthEvents = defineEvents('maintenance-health', {});
