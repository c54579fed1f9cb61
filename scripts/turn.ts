/**
 * coturn (Debian's `coturn` package, /usr/bin/turnserver) as the TURN server of a call (issue 21):
 * `npm run cluster` starts it beside the replicas, and the TURN test (tests/api/calls-turn.test.ts)
 * starts its own. It authenticates with the TURN REST scheme (`use-auth-secret`): a secret made for
 * each run is given to the server only (TURN_SECRET), which hands out short-lived credentials
 * (username `<expiry>:<user>`, credential base64(HMAC-SHA1(secret, username))); there is no fixed
 * password anywhere. The secret is kept in a 0600 configuration file, never on a command line.
 *
 * On one machine every peer and every relay address is 127.0.0.1, hence `allow-loopback-peers`;
 * on a real deployment set TURN_LISTEN / TURN_RELAY_IP / TURN_EXTERNAL_IP to its addresses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const TURNSERVER = '/usr/bin/turnserver';

export interface RunningTurn {
  /** What the console server is given: TURN_URL (udp and tcp) and TURN_SECRET. */
  env: { TURN_URL: string; TURN_SECRET: string };
  port: number;
  /** The coturn log. */
  logFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Whether Debian's coturn is installed. */
export const turnInstalled = (): boolean => fs.existsSync(TURNSERVER);

/** A port free for both TCP and UDP on the listening address. */
async function freeUdpTcpPort(host: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const tcpOk = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, host, () => srv.close(() => resolve(true)));
    });
    if (!tcpOk) continue;
    const udpOk = await new Promise<boolean>((resolve) => {
      const sock = dgram.createSocket('udp4');
      sock.once('error', () => resolve(false));
      sock.bind(port, host, () => sock.close(() => resolve(true)));
    });
    if (udpOk) return port;
  }
  throw new Error('no free port for the TURN server');
}

function portOpen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.end();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Starts coturn in `dir` (its configuration, database and log go there). */
export async function startTurn(opts: { dir: string; host?: string; log?: (line: string) => void }): Promise<RunningTurn> {
  if (!turnInstalled()) throw new Error('coturn is not installed (apt-get install -y coturn)');
  const host = opts.host ?? process.env.TURN_LISTEN ?? '127.0.0.1';
  const relayIp = process.env.TURN_RELAY_IP ?? host;
  fs.mkdirSync(opts.dir, { recursive: true });
  const dir = fs.realpathSync(opts.dir);
  const port = await freeUdpTcpPort(host);
  // A relay port range of its own (200 ports) so that two TURN servers on one machine do not collide.
  const minPort = 40_000 + Math.floor(Math.random() * 100) * 200;
  const secret = crypto.randomBytes(32).toString('base64url');
  const conf = path.join(dir, 'turnserver.conf');
  const logFile = path.join(dir, 'turnserver.log');
  const lines = [
    `listening-ip=${host}`,
    `listening-port=${port}`,
    `relay-ip=${relayIp}`,
    ...(process.env.TURN_EXTERNAL_IP ? [`external-ip=${process.env.TURN_EXTERNAL_IP}`] : []),
    `min-port=${minPort}`,
    `max-port=${minPort + 199}`,
    'verbose',
    'fingerprint',
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=fleet-console',
    ...(host.startsWith('127.') ? ['allow-loopback-peers'] : []),
    'no-multicast-peers',
    'no-tls',
    'no-dtls',
    'no-cli',
    'no-software-attribute',
    `userdb=${path.join(dir, 'turndb')}`,
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    `log-file=${logFile}`,
    'simple-log',
    'no-stdout-log',
    '',
  ];
  fs.writeFileSync(conf, lines.join('\n'), { mode: 0o600 });
  fs.chmodSync(conf, 0o600);
  opts.log?.(`coturn: TURN on ${host}:${port} (udp and tcp), relay ports ${minPort}-${minPort + 199}, a new secret for this run`);
  const child = spawn(TURNSERVER, ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = Date.now() + 15_000;
  while (!(await portOpen(port, host))) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL');
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-10).join('\n') : '';
      throw new Error(`coturn did not start on ${host}:${port}\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    env: { TURN_URL: `turn:${host}:${port}?transport=udp,turn:${host}:${port}?transport=tcp`, TURN_SECRET: secret },
    port,
    logFile,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
