/**
 * `npm run cluster`: the console as a cluster on this machine, from Debian's packages —
 * PostgreSQL (shared state), Mosquitto (the robots' bus), HAProxy (round-robin balancer with
 * WebSocket upgrade and /readyz health checks), coturn (the calls' TURN server, scripts/turn.ts),
 * N stateless replicas of the server and the robot simulator as a process of its own. Prints the console's address; Ctrl-C stops it all.
 *
 * `startCluster` is also what the cluster test suite (tests/cluster) and the cluster benchmarks use.
 * README "Running a cluster" explains each part and how it maps to separate machines.
 */
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ACLS } from '../server/fleet/mosquitto-accounts';
import { startTurn, turnInstalled } from './turn';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ClusterOptions {
  /** Where PostgreSQL's data, each part's configuration, logs and the replicas' data folders go. */
  dir: string;
  /** Number of server replicas (default 3). */
  replicas?: number;
  /** Run the simulator process (default true). */
  simulator?: boolean;
  /** The balancer's port (default: a free one). */
  port?: number;
  /** Extra environment of every replica (CAPTCHA=off for tests …). */
  env?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One server replica. */
export interface Replica {
  name: string;
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess | null;
}

export interface RunningCluster {
  /** The balancer: the console's address. */
  url: string;
  databaseUrl: string;
  mqttUrl: string;
  /** The server's MQTT account (the broker's dynamic-security administrator): tests that watch every topic use it. */
  mqttAccount: { username: string; password: string };
  replicas: Replica[];
  /** Kills a replica (SIGKILL by default: a crash). */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed replica again on its port and waits until it is ready. */
  restart(index: number): Promise<void>;
  /** Stops everything (and removes `dir` when `remove`). */
  stop(remove?: boolean): Promise<void>;
}

/** Debian's Mosquitto ships its dynamic-security plugin here. */
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/**
 * The plugin's file in `dir/mosquitto/` (made once with mosquitto_ctrl, kept across runs like the
 * database) and the server's account, its administrator, whose password is kept beside it (0600).
 * Mosquitto runs as its own user when started by root: the folder is its.
 */
function mosquittoAccounts(dir: string): { username: string; password: string } {
  const folder = path.join(dir, 'mosquitto');
  const file = path.join(folder, 'dynamic-security.json');
  const secret = path.join(dir, 'mqtt-server-password');
  fs.mkdirSync(folder, { recursive: true });
  if (!fs.existsSync(file) || !fs.existsSync(secret)) {
    const password = crypto.randomBytes(24).toString('base64url');
    fs.rmSync(file, { force: true });
    execFileSync('/usr/bin/mosquitto_ctrl', ['dynsec', 'init', file, 'fleet-console', password], { stdio: 'ignore' });
    // The server's account: the plugin's administrator, and publishing on every fleet topic; anything
    // not granted is denied (robots get a role each from the server when their secret is issued).
    const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { roles: { rolename: string; acls: object[] }[]; defaultACLAccess: Record<string, boolean> };
    config.roles.find((r) => r.rolename === 'admin')!.acls.push(...SERVER_ACLS);
    config.defaultACLAccess = { publishClientSend: false, publishClientReceive: false, subscribe: false, unsubscribe: true };
    fs.writeFileSync(file, JSON.stringify(config, null, 2));
    fs.writeFileSync(secret, password, { mode: 0o600 });
  }
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'mosquitto', folder]);
  return { username: 'fleet-console', password: fs.readFileSync(secret, 'utf8').trim() };
}

/** Which Debian packages the cluster needs and lacks. */
export function missingClusterParts(): string[] {
  const missing: string[] = [];
  if (!postgresBin()) missing.push('postgresql');
  if (!fs.existsSync('/usr/sbin/mosquitto') || !fs.existsSync(DYNSEC_PLUGIN)) missing.push('mosquitto');
  if (!fs.existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
  return missing;
}

/** Where Debian keeps PostgreSQL's server binaries (the newest version), or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const v = fs
    .readdirSync(base)
    .filter((x) => fs.existsSync(path.join(base, x, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? path.join(base, v, 'bin') : null;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
}

const httpOk = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;

/** PostgreSQL in `dir/pg` (created on first use), on its own port; as the postgres user when we are root. */
async function startPostgres(dir: string, log: (s: string) => void): Promise<{ url: string; stop: () => void }> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const data = path.join(dir, 'pg');
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]): [string, string[]] => (root ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  const run = (cmd: string, args: string[]) => {
    const [c, a] = as(cmd, args);
    const res = spawnSync(c, a, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${path.basename(cmd)} failed: ${res.stderr || res.stdout}`);
  };
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    log(`PostgreSQL: creating a database cluster in ${data}`);
    fs.mkdirSync(data, { recursive: true });
    if (root) execFileSync('chown', ['-R', 'postgres:postgres', data]);
    run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  if (root) execFileSync('chown', ['-R', 'postgres:postgres', data]);
  const port = await freePort();
  // The socket folder holds PostgreSQL's log too: the postgres user writes there.
  const sock = path.join(dir, 'pg-run');
  fs.mkdirSync(sock, { recursive: true });
  fs.chmodSync(sock, 0o777);
  log(`PostgreSQL: starting on 127.0.0.1:${port}`);
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(sock, 'postgres.log'), '-w', '-o', `-k ${sock} -h 127.0.0.1 -p ${port} -c max_connections=300`, 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return { url, stop: () => void spawnSync(...as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'])) };
}

/** A child process whose output goes to `dir/<name>.log`. */
function child(dir: string, name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const out = fs.openSync(path.join(dir, `${name}.log`), 'a');
  const p = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return p;
}

function stopChild(p: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => p.kill('SIGKILL'), 8_000);
    p.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    p.kill(signal);
  });
}

/** Starts PostgreSQL, Mosquitto, the replicas (together), the balancer and the simulator. */
export async function startCluster(opts: ClusterOptions): Promise<RunningCluster> {
  const log = opts.log ?? (() => undefined);
  const missing = missingClusterParts();
  if (missing.length) throw new Error(`The cluster needs ${missing.join(', ')} (apt-get install -y ${missing.join(' ')})`);
  fs.mkdirSync(opts.dir, { recursive: true });
  const dir = fs.realpathSync(opts.dir);
  fs.chmodSync(dir, 0o755); // PostgreSQL and Mosquitto run as their own users and must reach their files
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) {
      try {
        await s();
      } catch (err) {
        log(`stopping: ${(err as Error).message}`);
      }
    }
    stops.length = 0;
  };
  try {
    const pg = await startPostgres(dir, log);
    stops.push(pg.stop);

    const mqttPort = await freePort();
    const mqttAccount = mosquittoAccounts(dir);
    const mqttConf = path.join(dir, 'mosquitto.conf');
    // Issue 18: no anonymous clients; accounts and their rules in the dynamic-security plugin, whose
    // administrator is the server's account (it makes each robot's account there).
    fs.writeFileSync(
      mqttConf,
      [
        `listener ${mqttPort} 127.0.0.1`,
        'allow_anonymous false',
        'persistence false',
        'log_dest stdout',
        `plugin ${DYNSEC_PLUGIN}`,
        `plugin_opt_config_file ${path.join(dir, 'mosquitto', 'dynamic-security.json')}`,
        '',
      ].join('\n'),
    );
    fs.chmodSync(mqttConf, 0o644);
    log(`Mosquitto: starting on 127.0.0.1:${mqttPort}`);
    const mosquitto = child(dir, 'mosquitto', '/usr/sbin/mosquitto', ['-c', mqttConf], process.env);
    stops.push(() => stopChild(mosquitto));
    const mqttUrl = `mqtt://127.0.0.1:${mqttPort}`;
    await waitFor('Mosquitto', () => portOpen(mqttPort), 10_000);

    // Issue 21: coturn as the calls' TURN (and STUN) server, with a TURN REST secret made for this run;
    // the replicas hand out short-lived credentials from it (TURN_URL, TURN_SECRET).
    let turnEnv: Record<string, string> = {};
    if (turnInstalled()) {
      const turn = await startTurn({ dir: path.join(dir, 'turn'), log });
      stops.push(() => turn.stop());
      turnEnv = { ...turn.env, ICE_SERVERS: process.env.ICE_SERVERS ?? `stun:127.0.0.1:${turn.port}` };
    } else log('coturn is not installed (apt-get install -y coturn): calls use direct ICE only');

    const n = opts.replicas ?? 3;
    const replicas: Replica[] = [];
    for (let i = 0; i < n; i++) {
      const port = await freePort();
      replicas.push({ name: `replica-${i + 1}`, port, url: `http://127.0.0.1:${port}`, dataDir: path.join(dir, `replica-${i + 1}`), process: null });
    }
    const replicaEnv = (r: Replica): NodeJS.ProcessEnv => ({
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      HOST: '127.0.0.1',
      PORT: String(r.port),
      DATABASE_URL: pg.url,
      MQTT_URL: mqttUrl,
      MQTT_USERNAME: mqttAccount.username,
      MQTT_PASSWORD: mqttAccount.password,
      MQTT_ACCOUNTS: 'mosquitto',
      // HAProxy on this machine adds X-Forwarded-For: the login limits count the browser's address.
      TRUST_PROXY: 'loopback',
      DATA_DIR: r.dataDir,
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      ...turnEnv,
      ...opts.env,
    });
    const launch = (r: Replica) => {
      r.process = child(dir, r.name, process.execPath, ['--import', 'tsx', 'server/main.ts'], replicaEnv(r));
    };
    log(`Replicas: starting ${n} together (ports ${replicas.map((r) => r.port).join(', ')})`);
    for (const r of replicas) launch(r);
    stops.push(async () => {
      await Promise.all(replicas.map((r) => stopChild(r.process)));
    });
    await Promise.all(replicas.map((r) => waitFor(r.name, httpOk(`${r.url}/readyz`), 180_000)));

    const port = opts.port ?? (await freePort());
    const haConf = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      haConf,
      [
        'global',
        '  maxconn 4096',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 60s',
        '  timeout server 60s',
        // WebSockets (realtime, live video) stay open long after the upgrade.
        '  timeout tunnel 1h',
        '  option redispatch',
        '  retries 2',
        'frontend console',
        `  bind 127.0.0.1:${port}`,
        '  option forwardfor',
        '  default_backend replicas',
        'backend replicas',
        '  balance roundrobin',
        '  option httpchk GET /readyz',
        '  http-check expect status 200',
        '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
        ...replicas.map((r) => `  server ${r.name} 127.0.0.1:${r.port} check`),
        '',
      ].join('\n'),
    );
    log(`HAProxy: balancing 127.0.0.1:${port} over the replicas`);
    const haproxy = child(dir, 'haproxy', '/usr/sbin/haproxy', ['-f', haConf, '-db'], process.env);
    stops.push(() => stopChild(haproxy));
    const url = `http://127.0.0.1:${port}`;
    await waitFor('HAProxy', httpOk(`${url}/readyz`), 15_000);

    if (opts.simulator ?? true) {
      log('Simulator: the demo robots connect to Mosquitto as a process of their own');
      const sim = child(dir, 'simulator', process.execPath, ['--import', 'tsx', 'server/simulator/main.ts'], {
        ...process.env,
        DATABASE_URL: pg.url,
        MQTT_URL: mqttUrl,
        SERVER_URL: url,
        ...opts.env,
      });
      stops.push(() => stopChild(sim));
    }

    return {
      url,
      databaseUrl: pg.url,
      mqttUrl,
      mqttAccount,
      replicas,
      async kill(index, signal = 'SIGKILL') {
        await stopChild(replicas[index]!.process, signal);
      },
      async restart(index) {
        const r = replicas[index]!;
        launch(r);
        await waitFor(r.name, httpOk(`${r.url}/readyz`), 120_000);
      },
      async stop(remove = false) {
        await stopAll();
        if (remove) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.end();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

// `npm run cluster` (REPLICAS=3, PORT=8080, CLUSTER_DIR=data/cluster).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(ROOT, process.env.CLUSTER_DIR ?? path.join('data', 'cluster'));
  const started = Date.now();
  const log = (line: string) => console.log(`[cluster] ${line}`);
  startCluster({ dir, replicas: Number(process.env.REPLICAS ?? 3), port: Number(process.env.PORT ?? 8080), log })
    .then((c) => {
      log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: open ${c.url} (logs and data in ${path.relative(ROOT, dir) || dir}; ${os.cpus().length} cores)`);
      // Ctrl-C and npm may each send a signal: the first stops everything, the others wait for it.
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        log('stopping');
        void c.stop().then(() => {
          log('stopped');
          process.exit(0);
        });
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((err: unknown) => {
      console.error(`[cluster] failed: ${(err as Error).message}`);
      process.exit(1);
    });
}
