/** How a robot command is declared (common/events/mqtt.ts ROBOT_COMMANDS and each feature's `*_COMMANDS`). */
import type { TSchema } from '@sinclair/typebox';
import type { REFUSALS } from '../robot-actions';

export interface RobotCommandSpec {
  readonly summary: string;
  /** The `action` value on the wire (a number for the actions of spec §3). */
  readonly action: string | number;
  readonly params: TSchema;
  /** The reply's `data` when accepted (absent: nothing is expected). */
  readonly data?: TSchema;
  /** Refusal reasons the server expects for this command (any of REFUSALS may be sent). */
  readonly reasons?: readonly (keyof typeof REFUSALS)[];
}
