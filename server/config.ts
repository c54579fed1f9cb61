import os from 'node:os';
import path from 'node:path';
import { Security } from '../common/constants';
import { CALL_RING_TIMEOUT_MS } from '../common/events/calls';

/** Server configuration, read once from the environment. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Issue 23: connections in the PostgreSQL pool (DATABASE_POOL_SIZE; default 10 per core, 10 to 50). */
  databasePoolSize: number;
  mqttUrl?: string;
  mqttPort: number;
  captcha: boolean;
  production: boolean;
  simulator: boolean;
  seedDemo: boolean;
  /** The demo's tasks and versionManage rows (issue 19); tests leave them out (DEMO_WORK=off) so their counts are their own. */
  seedDemoWork: boolean;
  companyMaxLayer: number;
  mapMaxLayer: number;
  version: string;
  edition: string;
  https: boolean;
  iceServers: { urls: string; username?: string; credential?: string }[];
  /** Issue 21: the TURN server(s) with TURN REST credentials (TURN_URL, TURN_SECRET, TURN_TTL_SECONDS) and the default credentials of extra ICE servers (ICE_DEFAULT_USERNAME, ICE_DEFAULT_CREDENTIAL); server/features/calls/ice.ts. */
  turn: { urls: string[]; secret?: string; ttlSeconds: number; defaultUsername?: string; defaultCredential?: string };
  /** Issue 21: how long an SOS call from a robot rings before "no answer" (CALL_RING_TIMEOUT_MS). */
  callRingTimeoutMs: number;
  staticDir: string;
  schemasDir: string;
  logLevel: string;
  /** Issue 7: the simulator raises a random alarm per robot about every this many minutes (0: only on request). */
  simAlarmMinutes: number;
  /** Issue 4: mean minutes between a simulated robot's episodes (0: none). */
  simEpisodeMinutes: number;
  /** Issue 7: an SMTP relay (smtp://host:port) for all report and alarm mail; otherwise each company's mail server. */
  smtpUrl?: string;
  /** Issue 7: port of a company's mail server (465: TLS from the start; otherwise STARTTLS when offered). */
  smtpPort: number;
  /** Issue 7: seconds between two battery samples of a robot (energy consumption). */
  energySampleSeconds: number;
  /** Realtime batch window in ms (0: one frame per push). */
  realtimeBatchMs: number;
  /** Login attempts allowed per IP and minute (spec-less security choice; the e2e suite raises it: all its browsers share 127.0.0.1). */
  loginAttemptsPerMinute: number;
  /** Issue 5: seconds a robot may stay offline mid-run before its patrol run ends failed ("robot offline"). */
  naviOfflineGraceSeconds: number;
  /** This replica's own address as robots reach it (their live video is pushed here); default: the address it listens on. */
  advertiseUrl?: string;
  /**
   * Issue 18: which proxies' X-Forwarded-For is believed (addresses or CIDRs, comma-separated, or
   * `loopback`); false: none, the peer's address is the client's (a forged header gains nothing).
   */
  trustProxy: string | false;
  /**
   * Issue 18: the server's own MQTT account. With the embedded broker a password is made at start
   * unless MQTT_PASSWORD gives one; with MQTT_URL it is the account the broker knows.
   */
  mqttUsername: string;
  mqttPassword?: string;
  /** Issue 18: MQTT_ACCOUNTS=mosquitto: the external broker is Mosquitto with its dynamic-security plugin, whose administrator the server's account is; the server makes each robot's account there. */
  mqttAccounts: 'mosquitto' | 'none';
  /** Issue 18: origins besides the console's own from which browsers may open sockets. */
  allowedOrigins: string[];
  /** Every answer of a catalogue event is checked against its declared answer schema (on under vitest; CHECK_ANSWERS=on|off). */
  checkAnswers: boolean;
}

/** Reads the configuration from environment variables (documented in README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const captcha = env.CAPTCHA !== 'off';
  if (!captcha && production) throw new Error('CAPTCHA=off is refused when NODE_ENV=production.');
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSizeOf(env.DATABASE_POOL_SIZE),
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: Number(env.MQTT_PORT ?? 1883),
    captcha,
    production,
    simulator: env.SIMULATOR !== 'off',
    seedDemo: env.DEMO !== 'off',
    seedDemoWork: env.DEMO_WORK !== 'off',
    companyMaxLayer: Number(env.COMPANY_MAX_LAYER ?? 3),
    mapMaxLayer: Number(env.MAP_MAX_LAYER ?? 10),
    version: env.npm_package_version ?? '0.1.0',
    edition: env.EDITION ?? 'standard',
    https: env.HTTPS === 'on',
    iceServers: (env.ICE_SERVERS ?? 'stun:127.0.0.1:3478')
      .split(',')
      .filter(Boolean)
      .map((urls) => ({ urls })),
    turn: {
      urls: (env.TURN_URL ?? '').split(',').map((u) => u.trim()).filter(Boolean),
      secret: env.TURN_SECRET || undefined,
      ttlSeconds: Math.max(60, Number(env.TURN_TTL_SECONDS) || 3600),
      defaultUsername: env.ICE_DEFAULT_USERNAME || undefined,
      defaultCredential: env.ICE_DEFAULT_CREDENTIAL || undefined,
    },
    callRingTimeoutMs: Number(env.CALL_RING_TIMEOUT_MS) > 0 ? Number(env.CALL_RING_TIMEOUT_MS) : CALL_RING_TIMEOUT_MS,
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    schemasDir: path.resolve(root, 'schemas'),
    logLevel: env.LOG_LEVEL ?? 'warn',
    simAlarmMinutes: Number(env.SIM_ALARM_MINUTES ?? 15),
    // Issue 4: mean minutes between a simulated robot's episodes (statuses, drops, offline, collisions); 0 = off.
    simEpisodeMinutes: Number(env.SIM_EPISODE_MINUTES ?? 10),
    smtpUrl: env.SMTP_URL || undefined,
    smtpPort: Number(env.SMTP_PORT ?? 465),
    energySampleSeconds: Number(env.ENERGY_SAMPLE_SECONDS ?? 60),
    realtimeBatchMs: Number(env.REALTIME_BATCH_MS ?? 50),
    loginAttemptsPerMinute: Number(env.LOGIN_ATTEMPTS_PER_MINUTE ?? Security.loginAttemptsPerIpPerMinute),
    naviOfflineGraceSeconds: Number(env.NAVI_OFFLINE_GRACE_SECONDS ?? 10),
    advertiseUrl: env.ADVERTISE_URL || undefined,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    mqttUsername: env.MQTT_USERNAME || 'fleet-console',
    mqttPassword: env.MQTT_PASSWORD || undefined,
    mqttAccounts: env.MQTT_ACCOUNTS === 'mosquitto' ? 'mosquitto' : 'none',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    checkAnswers: env.CHECK_ANSWERS === 'on' || (env.CHECK_ANSWERS !== 'off' && Boolean(env.VITEST)),
  };
}

/** TRUST_PROXY: a list of proxy addresses; "true" or "*" (trust anyone) is refused: it would let any client choose its address. */
function trustProxyOf(value: string | undefined): string | false {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === 'off') return false;
  if (v === 'true' || v === '*' || v === 'on') throw new Error('TRUST_PROXY must name the proxy (addresses, CIDRs or "loopback"): trusting every sender lets any client forge its address.');
  return v;
}

/** The pool size: DATABASE_POOL_SIZE (1-500), else 10 per core between 10 and 50. */
export function poolSizeOf(value: string | undefined, cores = os.availableParallelism()): number {
  if (value === undefined || value === '') return Math.max(10, Math.min(50, cores * 10));
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500 (got "${value}").`);
  return n;
}
