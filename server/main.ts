import { loadConfig } from './config';
import { startServer } from './app';
import { DEMO_PASSWORD } from './auth/passwords';
import { DEMO_USERS } from './demo/seed';

/** Entry point of `npm start`: config → store → bus → http → simulator. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config, (step) => console.log(step));
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Fleet Console listening on ${server.url} (database: ${db}; MQTT: ${config.mqttUrl ? server.mqttUrl : `embedded broker at ${server.mqttUrl}`})`);
  if (config.seedDemo && !config.production) {
    const who: Record<string, string> = {
      admin: 'super administrator: every company and screen',
      platform: 'platform administrator',
      entsuper: 'enterprise super administrator of HarborSecurity',
      entadmin: 'enterprise administrator of HarborSecurity',
      operator: 'custom "Operator" role: steers robots, no administration',
      monitor: 'general user: watches robots and processes alarms (spec §6)',
    };
    console.log(`\nOpen ${server.url} in a browser. Demo accounts (password ${DEMO_PASSWORD} unless changed; type the verification code the login page shows):`);
    for (const u of DEMO_USERS) console.log(`  ${u.username.padEnd(9)} ${who[u.username] ?? u.company}`);
    console.log('Try admin first. Alarms from the simulated robots pop up from the start. Stop with Ctrl+C.\n');
  }
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
