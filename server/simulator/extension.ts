/**
 * How a feature teaches the simulated robots something new without editing the simulator's core:
 * an extension answers the commands it knows and publishes what it produces every tick, through
 * the robot's own MQTT connection, exactly as a real robot would (common/events/mqtt.ts declares
 * every topic and command). Extensions are listed in ./extensions.ts.
 */
import type { MQTT_TOPICS } from '../../common/events/mqtt';
import type { RefusalReason, RobotCommand } from '../../common/robot-actions';
import type { SimRobotSpec } from './robot-spec';

/** What an extension may read of a simulated robot (it never changes the core's state). */
export interface SimRobotView {
  readonly spec: SimRobotSpec;
  /** Status code of spec §4 as last reported. */
  readonly status: number;
  readonly battery: number;
  readonly emergency: 0 | 1;
  /** Metres in the map frame. */
  readonly x: number;
  readonly y: number;
  readonly theta: number;
  /** Call state (spec §3): idle 0, waiting 1, on call 2. */
  readonly call: number;
  /** Whether the robot is on a patrol task now. */
  readonly patrolling: boolean;
}

/** A robot's I/O: publish on one of its own topics (the robot's id is filled in). */
export interface SimIO {
  publish(topic: keyof typeof MQTT_TOPICS, payload: unknown): void;
}

/** An extension's answer to a command: accepted with optional data, or refused with a reason. */
export type SimAnswer = { data?: unknown } | { refused: RefusalReason };

export interface SimExtension {
  readonly id: string;
  /** Answers a command it knows (undefined: not this extension's). Runs before the core's handling. */
  command?(robot: SimRobotView, cmd: RobotCommand, io: SimIO): SimAnswer | Promise<SimAnswer> | undefined;
  /** Runs every tick for a robot that is heard (not silent), after its status and pose are published. */
  tick?(robot: SimRobotView, io: SimIO, dtSeconds: number): void;
  /** Releases timers and state when the simulator stops. */
  stop?(): void;
}
