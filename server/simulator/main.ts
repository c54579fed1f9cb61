/**
 * `npm run simulator`: the demo robots as a process of their own, outside the server, as real
 * robots are. They speak MQTT to MQTT_URL with their own client ids and download synced maps from
 * SERVER_URL (the balancer in a cluster). Which robots to play, on which maps, comes from the
 * fleet's database (DATABASE_URL): the simulator stands in for robots a factory configured.
 *
 * Environment: DATABASE_URL and MQTT_URL (required), SERVER_URL (default http://127.0.0.1:8080),
 * SIM_ALARM_MINUTES, SIM_EPISODE_MINUTES as for the server.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../store/open';
import { loadSchemas } from '../schemas/loader';
import { readPluginManifests } from '../auth/permission-tree';
import { FleetSimulator } from './simulator';
import { simulatorSpecs } from './specs';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl || !config.mqttUrl) throw new Error('The simulator process needs DATABASE_URL and MQTT_URL (the embedded `npm start` runs it in-process).');
  const serverUrl = process.env.SERVER_URL ?? 'http://127.0.0.1:8080';
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: '' });
  const schemas = loadSchemas([config.schemasDir, path.join(config.dataDir, 'schemas')], readPluginManifests(path.join(path.dirname(config.schemasDir), 'plugins')));
  // The robots exist once the first replica seeded the database: wait for them.
  let specs = await simulatorSpecs(db, schemas).catch(() => []);
  for (let i = 0; specs.length === 0 && i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    specs = await simulatorSpecs(db, schemas).catch(() => []);
  }
  await db.close();
  const sim = new FleetSimulator(config.mqttUrl, 1_000, 15, config.simAlarmMinutes * 60_000, serverUrl, config.simEpisodeMinutes * 60_000);
  await sim.start(specs);
  console.log(`Simulator: ${specs.length} robots on ${config.mqttUrl}, maps from ${serverUrl}`);
  const stop = async () => {
    await sim.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(`Simulator failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
