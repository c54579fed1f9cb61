/** What the simulator needs to know of a robot it plays (as a real robot knows its own configuration). */
export interface SimRobotSpec {
  robotId: string;
  robotType: number;
  mapId: number | null;
  /** Patrol loop in metres in the map frame; static robots stand still at the first point. */
  loop: [number, number][];
  /** Whether a charging pile is configured for the robot (go-charge is refused without one). */
  hasCharger?: boolean;
  /** Issue 4: it carries environment-detection modules (its telemetry reports env readings). */
  environment?: boolean;
  /** Issue 4: its building has several floors (it rides the lift now and then). */
  multiFloor?: boolean;
  /** Its robotSetting document (the collision mode and limits are read from it). */
  settings?: Record<string, unknown> | null;
}
