import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import type { ServerConfig } from './config';
import { openDatabase, openingStep } from './store/open';
import type { Db } from './store/db';
import { migrate } from './store/migrate';
import { loadSchemas, type SchemaSet } from './schemas/loader';
import { LiveSchemas } from './schemas/live-schemas';
import { fileSchemaChecks } from './schemas/check-cache';
import { ensureTables } from './entities/crud';
import { registerCoreHooks } from './entities/core-hooks';
import { registerAdminHooks } from './entities/admin-hooks';
import { SessionStore } from './auth/sessions';
import { CaptchaStore } from './auth/captcha';
import { LoginLimiter } from './auth/rate-limit';
import { DEMO_PASSWORD, verifyPassword } from './auth/passwords';
import { EventRegistry } from './events/registry';
import { registerSettingsEvents } from './events/settings-events';
import { loadFeatures } from './features/feature';
import { registerRoleHooks } from './entities/role-hooks';
import { readPluginManifests } from './auth/permission-tree';
import { FleetState } from './fleet/state';
import { connectBroker } from './fleet/connect-broker';
import { RobotCredentials } from './fleet/robot-credentials';
import { startGateway } from './fleet/gateway';
import { RealtimeHub } from './realtime/hub';
import { registerRoutes } from './http/routes';
import { registerRealtime } from './http/ws';
import { registerSecurity } from './http/security';
import { registerCompression } from './http/compression';
import { startInProcessSimulator } from './simulator/in-process';
import { seedDemo, seedRoles } from './demo/seed';
import { visibleCompanyIds } from './entities/scope';
import type { Services } from './services';
import { registerFaceHooks } from './entities/face-hooks';
import { postgresCluster, singleProcess } from './cluster/cluster';
import { folderBlobs, importLocalFiles, postgresBlobs } from './store/blobs';
import { joinCluster } from './cluster/join';
import type { StartupDoor } from './http/early';

/** A running server: its HTTP address and a way to stop everything it started. */
export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** The MQTT broker robots connect to (embedded or MQTT_URL). */
  mqttUrl: string;
  /** The server's own MQTT account (tests that watch every robot topic use it). */
  mqttAccount: { username: string; password: string };
  services: Services;
  /** Every route Fastify registered (method, url), for the protocol document's test. */
  routes: { method: string; url: string }[];
  close: () => Promise<void>;
}

/** What `npm start` opened before the server's modules loaded (server/main.ts). */
export interface EarlyStart {
  /** The start-up door that owns the port (http/early.ts). */
  door?: StartupDoor;
  /** The database, already opening (openDb) while the modules loaded. */
  opening?: Promise<Db>;
}

/** Builds and starts the whole server: store → schemas → bus → http → simulator. `say` hears each step (npm start prints them). */
export async function startServer(config: ServerConfig, say: (step: string) => void = () => undefined, early: EarlyStart = {}): Promise<RunningServer> {
  const { door } = early;
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
  };
  // `npm start` listens before anything else (http/early.ts): the door owns the port, closed last.
  if (door) closers.push(() => door.close());
  try {
    if (!early.opening) say(openingStep(config));
    // Issue 23: the database opens (PGlite compiles its WebAssembly off the main thread, PostgreSQL
    // connects) while the plugins' manifests are read and the features' modules load.
    const opening = early.opening ?? openDatabase(config);
    const pluginsDir = path.join(path.dirname(config.schemasDir), 'plugins');
    // The plugins' manifests are part of the build: read once.
    const manifests = readPluginManifests(pluginsDir);
    const loadingFeatures = loadFeatures();
    loadingFeatures.catch(() => undefined);
    const db = await opening;
    closers.push(() => db.close());
    // Replicas of one PostgreSQL share a bus, a leader and a start-up lock; PGlite is one process.
    const cluster = config.databaseUrl ? await postgresCluster(config.databaseUrl) : singleProcess();
    closers.push(() => cluster.close());
    // Files: the data folder when embedded; PostgreSQL (the folder a cache) in a cluster.
    const blobs = config.databaseUrl ? postgresBlobs(config.dataDir, db) : folderBlobs(config.dataDir);
    // Project schemas, then the data folder's overlay where implementers add screens without a rebuild.
    const schemaDirs = [config.schemasDir, path.join(config.dataDir, 'schemas')];
    let schemas!: SchemaSet;
    // One replica at a time migrates and seeds; the others wait and find it done.
    await cluster.startupLock(async () => {
      await migrate(db);
      // Files this data folder held before the store was shared join it (once per data folder).
      const imported = await importLocalFiles(blobs, db);
      if (imported > 0) console.log(`Files: ${imported} files of this data folder added to the shared store`);
      // In a cluster, the overlay saved through any replica comes from the file store.
      await blobs.localTree('schemas');
      // Schemas that passed the compile check on an earlier start are not compiled again (issue 23).
      const checks = fileSchemaChecks(path.join(config.dataDir, 'cache', 'schema-checks.json'));
      schemas = loadSchemas(schemaDirs, manifests, { checks });
      checks.save();
      await seedRoles(db);
      await ensureTables(db, [...schemas.entities.values()]);
      // The demo maps' files are shared at once (the other replicas read them from the store).
      if (config.seedDemo && (await seedDemo(db, config.dataDir, config.seedDemoWork))) {
        say('Created the demo data: companies, users, robots, buildings and maps (the maps are cut into tiles in the background for about a minute).');
        await blobs.savedTree('maps');
      }
    });
    if (config.production) await refuseDemoPasswords(db);

    const fleet = new FleetState(db);
    await fleet.load();
    fleet.start();
    closers.push(async () => fleet.stop());

    const sessions = new SessionStore(db);
    // Each feature adds the topics it publishes and who may subscribe (hub.addTopicKind); an unknown topic is refused.
    const hub = new RealtimeHub({
      snapshot: async () => null,
      scope: (session) => visibleCompanyIds(db, session),
      companyOf: (robotId) => fleet.get(robotId)?.companyId,
    }, undefined, config.realtimeBatchMs);
    hub.start();
    closers.push(async () => hub.stop());
    // Every replica hears the robots' telemetry itself: its pushes stay on this replica's sockets.
    fleet.onChange((robotId, event, data) => hub.publishLive(robotId, event, data));
    const joined = joinCluster(cluster, { fleet, hub, sessions });
    closers.push(async () => joined.leave());

    const events = new EventRegistry();
    const robotCredentials = new RobotCredentials(db);
    const services: Services = { config, db, blobs, cluster, robotsChanged: joined.robotsChanged, sessions, robotCredentials, captcha: new CaptchaStore(db), limiter: new LoginLimiter(db, config.loginAttemptsPerMinute), schemas, fleet, events, hub };
    registerCoreHooks({ companyMaxLayer: config.companyMaxLayer, sessions, onRobotsChanged: () => void joined.robotsChanged(), onRobotDeleted: (robotId) => robotCredentials.remove(robotId) });
    registerAdminHooks();
    registerFaceHooks();
    const live = new LiveSchemas(services, schemaDirs, (m) => console.warn(m));
    live.watch();
    closers.push(() => live.close());
    services.live = live;
    registerSettingsEvents(events, services);
    const features = await loadingFeatures;
    for (const f of features) await f.register?.({ svc: services, events });
    registerRoleHooks({ schemas: () => services.schemas, plugins: () => manifests });

    say(config.mqttUrl ? `Connecting to the MQTT broker at ${config.mqttUrl}…` : 'Starting the embedded MQTT broker…');
    const { mqttUrl, mqttAccount } = await connectBroker(config, robotCredentials, closers);
    // With an external broker, the replicas share the robots' messages that write ($share subscriptions).
    const gateway = await startGateway(mqttUrl, fleet, { shared: Boolean(config.mqttUrl), isLeader: () => cluster.isLeader(), account: mqttAccount });
    closers.push(gateway.close);
    services.gateway = gateway;
    for (const f of features) {
      const stop = await f.connect?.({ svc: services, events, gateway });
      if (stop) closers.push(stop);
    }

    // Behind the start-up door, the server gets its requests from the door's server (no port of its own).
    const serverFactory: FastifyServerFactory | undefined = door ? (handler) => http.createServer(handler) : undefined;
    const app = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 2 * 1024 * 1024, serverFactory });
    await registerSecurity(app, config);
    await registerCompression(app);
    const routes: RunningServer['routes'] = [];
    app.addHook('onRoute', (r) => void routes.push(...[r.method].flat().map((method) => ({ method, url: r.url }))));
    await registerRealtime(app, services);
    await registerRoutes(app, services, features);
    if (door) {
      await app.ready();
      door.handOver(app.server);
    } else await app.listen({ host: config.host, port: config.port });
    closers.push(() => app.close());
    const addr = app.server.address();
    const port = door ? door.port : typeof addr === 'object' && addr ? addr.port : config.port;
    services.url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;

    // The demo robots stop before the server closes (just before its last closer).
    if (config.simulator) say('Starting the simulated robots…');
    const stopSim = await startInProcessSimulator(config, { mqttUrl, serverUrl: services.url, db, schemas, robotCredentials });
    if (stopSim) closers.splice(closers.length - 1, 0, stopSim);
    for (const f of features) {
      const stop = await f.start?.({ svc: services, events });
      if (stop) closers.push(stop);
    }
    // Issue 18: expired sessions are swept (by one replica), not kept for ever.
    const sweep = () => void (cluster.isLeader() ? sessions.sweep() : Promise.resolve(0)).catch((err) => console.warn(`session sweep: ${(err as Error).message}`));
    const sweeper = setInterval(sweep, 10 * 60_000);
    sweeper.unref();
    closers.push(async () => clearInterval(sweeper));
    sweep();
    return { app, url: `http://${config.host}:${port}`, mqttUrl, mqttAccount, services, routes, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Production refuses to start while any account still has the demo password. */
async function refuseDemoPasswords(db: Services['db']): Promise<void> {
  const users = await db.query<{ username: string; passwordHash: string }>('SELECT "username", "passwordHash" FROM users');
  for (const u of users) {
    if (await verifyPassword(u.passwordHash, DEMO_PASSWORD)) {
      throw new Error(`Refusing to start in production: user "${u.username}" still has the demo password. Change it, or start with DEMO=off on a fresh database.`);
    }
  }
}
