import { loadConfig } from './config';
import { openStartupDoor } from './http/early';

/**
 * Entry point of `npm start`: config → the start-up door listens (the console's page and
 * /config.json answer at once, http/early.ts) → the rest loads and starts: store → bus → http →
 * simulator, and the door hands every request over to it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const door = await openStartupDoor(config);
  const address = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${door.port}`;
  console.log(`Port open at ${address}: the console's page answers while the server starts…`);
  // The database starts opening now (PGlite compiles its WebAssembly off the main thread) while
  // the server's modules load: they are most of a start, and load only once the port answers.
  const { openDatabase, openingStep } = await import('./store/open');
  console.log(openingStep(config));
  const opening = openDatabase(config);
  const { startServer } = await import('./app');
  // On a failure startServer closes what it opened, the door too.
  const server = await startServer(config, (step) => console.log(step), { door, opening });
  const db = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Fleet Console listening on ${server.url} (database: ${db}; MQTT: ${config.mqttUrl ? server.mqttUrl : `embedded broker at ${server.mqttUrl}`})`);
  if (config.seedDemo && !config.production) {
    const [{ DEMO_PASSWORD }, { DEMO_USERS }] = await Promise.all([import('./auth/passwords'), import('./demo/seed')]);
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
