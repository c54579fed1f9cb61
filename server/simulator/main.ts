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
import { hashToken, SessionStore } from '../auth/sessions';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl || !config.mqttUrl) throw new Error('The simulator process needs DATABASE_URL and MQTT_URL (the embedded `npm start` runs it in-process).');
  const serverUrl = process.env.SERVER_URL ?? 'http://127.0.0.1:8080';
  const db = await openDb({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: '' });
  const schemas = loadSchemas([config.schemasDir, path.join(config.dataDir, 'schemas')], readPluginManifests(path.join(path.dirname(config.schemasDir), 'plugins')));
  // The robots exist once the first replica seeded the database: wait for them.
  let specs = await simulatorSpecs(db, schemas).catch(() => []);
  for (let i = 0; specs.length === 0 && i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    specs = await simulatorSpecs(db, schemas).catch(() => []);
  }
  // Issue 18: each robot connects with its own MQTT account, issued through the console's API as an
  // administrator issues one for a real robot (resetRobotCredentials). The simulator stands in for
  // the factory that set the robots up: it opens an administrator session in the database it shares,
  // and ends it once every robot has its account.
  const sessions = new SessionStore(db);
  const admin = (await db.query<{ id: number }>('SELECT u.id FROM users u JOIN roles r ON r.id = u."roleId" WHERE r."kind" = 1 AND u."enabled" = 1 ORDER BY u.id LIMIT 1'))[0];
  if (!admin) throw new Error('No enabled platform administrator to issue the robots\' MQTT accounts.');
  const token = await sessions.create(admin.id, 'en');
  const credentialsOf = async (robotId: string) => {
    const res = await fetch(`${serverUrl}/api/interface`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'resetRobotCredentials', param: { robotId }, token }),
    });
    const answer = (await res.json()) as { statusCode: number; statusInfo: string; param?: { username: string; password: string } };
    if (answer.statusCode !== 200 || !answer.param) throw new Error(`resetRobotCredentials ${robotId}: ${answer.statusInfo}`);
    return answer.param;
  };
  const sim = new FleetSimulator(config.mqttUrl, 1_000, 15, config.simAlarmMinutes * 60_000, serverUrl, config.simEpisodeMinutes * 60_000);
  try {
    await sim.start(specs, credentialsOf);
  } finally {
    await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    await db.close();
  }
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
