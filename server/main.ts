import { loadConfig } from './config';
import { startServer } from './app';

/** Entry point of `npm start`: config → store → bus → http → simulator. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Fleet Console listening on ${server.url} (database: ${db}; MQTT: ${config.mqttUrl ? server.mqttUrl : `embedded broker at ${server.mqttUrl}`})`);
  const stop = async (signal: string) => {
    console.log(`${signal}: stopping`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`Fleet Console failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
