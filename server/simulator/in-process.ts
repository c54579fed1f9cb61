/**
 * The demo robots in the server's own process (the embedded default). Robots are outside the
 * server: with an external broker (a cluster) they connect to it themselves, the demo robots
 * through `npm run simulator`.
 */
import type { ServerConfig } from '../config';
import type { Db } from '../store/db';
import type { SchemaSet } from '../schemas/loader';
import type { RobotCredentials } from '../fleet/robot-credentials';
import { FleetSimulator } from './simulator';
import { simulatorSpecs } from './specs';

/** Starts the simulated robots when they belong in this process; resolves with their stopper (null: none). */
export async function startInProcessSimulator(
  config: ServerConfig,
  opts: { mqttUrl: string; serverUrl: string; db: Db; schemas: SchemaSet; robotCredentials: RobotCredentials },
): Promise<(() => Promise<void>) | null> {
  if (!config.simulator) return null;
  if (config.mqttUrl) {
    console.log('Simulator: not in-process with MQTT_URL (a cluster): run `npm run simulator` for the demo robots.');
    return null;
  }
  const sim = new FleetSimulator(opts.mqttUrl, 1_000, 15, config.simAlarmMinutes * 60_000, opts.serverUrl, config.simEpisodeMinutes * 60_000);
  // The demo robots get their own credentials, as an administrator hands them to a real robot.
  await sim.start(await simulatorSpecs(opts.db, opts.schemas), (robotId) => opts.robotCredentials.issue(robotId));
  return () => sim.stop();
}
