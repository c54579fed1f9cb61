/**
 * Maintenance, debugging (issue 19): onlineDebug (debug, walk and static parameters, diagnostic
 * actions, restore, power off / reboot), debugSetting, terminal, suggestion, taskManage, actAlarm.
 */
import { defineEvents } from './define';
import type { RobotCommandSpec } from './robot-command-spec';

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const DEBUG_COMMANDS = {} as const satisfies Record<string, RobotCommandSpec>;

export const debugEvents = defineEvents('maintenance-debug', {});
