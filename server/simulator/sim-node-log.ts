/**
 * Simulated robots: node log uploads (nodeLog, issue 19). On `logUpload` a robot writes each of its
 * node services' logs (a few hundred lines each: timestamps, levels DEBUG/INFO/WARN/ERROR, now and
 * then an error with a stack trace) and posts them one by one as multipart to the address it was
 * given, with its one-time key, paced (about 40 KB/s) so the console sees the progress it reports
 * on `job` every tick. `jobCancel` stops the upload; `simulateLogStall` makes the next upload stop
 * sending part-way: the robot's watchdog gives up after 2 s and reports the time-out.
 * Listed before the software extension so it answers logUpload (the software extension keeps upgrades).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { RobotType } from '../../common/robot';
import type { SimAnswer, SimExtension, SimIO, SimRobotView } from './extension';

interface Upload {
  jobId: string;
  files: { node: string; body: Buffer }[];
  /** Bytes of all files and bytes sent so far. */
  total: number;
  sent: number;
  state: 'running' | 'done' | 'failed' | 'timeout' | 'cancelled';
  stall: boolean;
  stalledFor: number;
  request?: http.ClientRequest;
  reported?: boolean;
}

const uploads = new Map<string, Upload>();
const stalls = new Set<string>();
/** Bytes written every 100 ms. */
const STEP_BYTES = 4 * 1024;

/** The node services of a robot (static robots have no navigation and no chassis driver, spec §2). */
export function nodesOf(robotType: number): string[] {
  const nodes = ['robot-core', 'video-service', 'interaction'];
  return robotType === RobotType.staticRobot ? nodes : [...nodes, 'navigation', 'chassis-driver'];
}

const MESSAGES: Record<string, { info: string[]; debug: string[]; warn: string[]; error: string[] }> = {
  'robot-core': {
    info: ['heartbeat sent to server (rtt {n} ms)', 'status published: battery {p}% status 1', 'mqtt connected to broker', 'task scheduler idle', 'config reloaded from /etc/robot/core.yaml'],
    debug: ['watchdog tick {n}', 'memory rss {n} MB', 'cpu load {p}%', 'pending commands 0'],
    warn: ['heartbeat late by {n} ms', 'disk usage {p}% on /data', 'clock drift {n} ms corrected'],
    error: ['command queue overflow, dropped {n} messages', 'failed to write /data/state.json: EIO'],
  },
  'video-service': {
    info: ['camera {c} stream started (1280x720 25 fps)', 'rtsp client connected from 10.0.0.{n}', 'keyframe interval 2 s', 'camera {c} stream stopped'],
    debug: ['encoder queue depth {n}', 'frame {n} sent', 'bitrate {n} kbps'],
    warn: ['camera {c} frame drop {n}', 'encoder latency {n} ms above target'],
    error: ['camera {c} open failed: device busy', 'rtmp push to server failed: connection reset'],
  },
  interaction: {
    info: ['speech recognizer ready', 'tts played {n} characters', 'screen touched at ({n},{n})', 'call state idle'],
    debug: ['audio level -{n} dB', 'wake word score 0.{n}'],
    warn: ['microphone gain clipped', 'tts queue full, waiting'],
    error: ['audio device lost: /dev/snd/pcmC0D0c', 'speech service timeout after {n} ms'],
  },
  navigation: {
    info: ['goal reached: point P{n}', 'path planned: {n} waypoints', 'localization score 0.9{n}', 'route patrol-{n} loaded'],
    debug: ['pose x={n} y={n} theta=0.{n}', 'costmap updated in {n} ms', 'velocity cmd 0.{n} m/s'],
    warn: ['obstacle ahead, replanning', 'localization score low: 0.6{n}', 'goal tolerance exceeded by {n} mm'],
    error: ['planner failed: no path to goal P{n}', 'localization lost, relocalise needed'],
  },
  'chassis-driver': {
    info: ['motors enabled', 'odometry {n} m', 'charging contact detected', 'bumper released'],
    debug: ['wheel L {n} rpm R {n} rpm', 'motor current L {n} mA R {n} mA', 'encoder ticks {n}'],
    warn: ['motor temperature {n} °C', 'wheel slip detected', 'battery voltage {n}.2 V low'],
    error: ['motor driver fault 0x{n}', 'CAN bus timeout on node 3'],
  },
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;

/** A node's log: `lines` lines over the last two hours (deterministic per robot and node). */
export function nodeLogText(robotId: string, node: string, lines: number, now = Date.now()): string {
  let seed = crypto.createHash('sha1').update(`${robotId}/${node}`).digest().readUInt32BE(0);
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const m = MESSAGES[node] ?? MESSAGES['robot-core']!;
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)]!.replace(/\{n\}/g, () => String(Math.floor(rand() * 900) + 10)).replace(/\{p\}/g, () => String(Math.floor(rand() * 100))).replace(/\{c\}/g, () => String(Math.floor(rand() * 2)));
  const out: string[] = [];
  const start = now - 2 * 3600_000;
  const step = (2 * 3600_000) / lines;
  for (let i = 0; out.length < lines; i++) {
    const t = new Date(start + i * step + Math.floor(rand() * step * 0.8));
    const r = rand();
    const [level, text] = r < 0.03 ? ['ERROR', pick(m.error)] : r < 0.12 ? ['WARN', pick(m.warn)] : r < 0.4 ? ['DEBUG', pick(m.debug)] : ['INFO', pick(m.info)];
    out.push(`${stamp(t)} ${level.padEnd(5)} [${node}] ${text}`);
    if (level === 'ERROR') out.push(`    at ${node.replace(/-./g, (x) => x[1]!.toUpperCase())}.handle (${node}/src/main.cpp:${Math.floor(rand() * 900) + 10})`, '    at EventLoop.run (core/src/loop.cpp:88)');
  }
  return `${out.slice(0, lines).join('\n')}\n`;
}

function report(io: SimIO, u: Upload): void {
  // 100 only once every file is in (the multipart overhead is estimated).
  const progress = u.total ? Math.min(99, Math.round((u.sent / u.total) * 100)) : 0;
  io.publish('job', { t: Date.now(), jobId: u.jobId, kind: 'logUpload', stage: 'upload', progress: u.state === 'done' ? 100 : progress, state: u.state, target: 'nodeLog', version: '' });
}

/** Posts the files one after another, STEP_BYTES every 100 ms. */
function sendFiles(robotId: string, u: Upload, url: string, key: string): void {
  const sendOne = (i: number) => {
    if (u.state !== 'running') return;
    if (i >= u.files.length) {
      u.state = 'done';
      return;
    }
    const file = u.files[i]!;
    const boundary = `----fcsim${crypto.randomBytes(8).toString('hex')}`;
    const fields: Record<string, string> = { robotId, uploadKey: key, jobId: u.jobId, node: file.node };
    const head = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const body = Buffer.concat([
      Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.node}.log"\r\nContent-Type: text/plain\r\n\r\n`),
      file.body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let req: http.ClientRequest;
    try {
      req = http.request(new URL(url), { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) } });
    } catch {
      u.state = 'failed';
      return;
    }
    u.request = req;
    req.on('error', () => {
      if (u.state === 'running') u.state = 'failed';
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let ok: boolean;
        try {
          ok = (JSON.parse(text) as { statusCode?: number }).statusCode === 200;
        } catch {
          ok = false;
        }
        if (!ok && u.state === 'running') u.state = 'failed';
        else sendOne(i + 1);
      });
    });
    let at = 0;
    const next = () => {
      if (req.destroyed || u.state !== 'running') return;
      // A stalled upload stops sending once 40 % is out (the watchdog in tick reports the time-out).
      if (u.stall && u.sent >= u.total * 0.4) return;
      const chunk = body.subarray(at, at + STEP_BYTES);
      at += chunk.length;
      u.sent = Math.min(u.total, u.sent + chunk.length);
      if (at >= body.length) req.end(chunk);
      else {
        req.write(chunk);
        setTimeout(next, 100).unref();
      }
    };
    next();
  };
  sendOne(0);
}

export const nodeLogSim: SimExtension = {
  id: 'node-log',
  command(robot: SimRobotView, cmd): SimAnswer | undefined {
    const id = robot.spec.robotId;
    const p = (cmd.params ?? {}) as Record<string, unknown>;
    const u = uploads.get(id);
    switch (cmd.action) {
      case 'logUpload': {
        if (u?.state === 'running') return { refused: 'state' };
        if (typeof p.uploadUrl !== 'string' || typeof p.uploadKey !== 'string') return { refused: 'unsupported' };
        const files = nodesOf(robot.spec.robotType).map((node, i) => ({ node, body: Buffer.from(nodeLogText(id, node, 300 + i * 40)) }));
        const upload: Upload = { jobId: crypto.randomBytes(6).toString('hex'), files, total: 0, sent: 0, state: 'running', stall: stalls.delete(id), stalledFor: 0 };
        // Progress counts the multipart bodies (the files and their few hundred bytes of fields).
        upload.total = files.reduce((n, f) => n + f.body.length + 400, 0);
        uploads.set(id, upload);
        sendFiles(id, upload, p.uploadUrl, p.uploadKey);
        return { data: { jobId: upload.jobId } };
      }
      case 'jobCancel':
        // Only this extension's uploads; other jobs are the software extension's.
        if (!u || u.jobId !== p.jobId) return undefined;
        if (u.state !== 'running') return { refused: 'state' };
        u.state = 'cancelled';
        u.reported = true;
        u.request?.destroy();
        return {};
      case 'simulateLogStall':
        stalls.add(id);
        return {};
      default:
        return undefined;
    }
  },
  tick(robot, io, dt) {
    const u = uploads.get(robot.spec.robotId);
    if (!u || u.reported) return;
    if (u.state === 'running' && u.stall && u.sent >= u.total * 0.4) {
      u.stalledFor += dt;
      if (u.stalledFor >= 2) {
        u.state = 'timeout';
        u.request?.destroy();
      }
    }
    if (u.state !== 'running') u.reported = true;
    report(io, u);
  },
  stop() {
    for (const u of uploads.values()) u.request?.destroy();
    uploads.clear();
    stalls.clear();
  },
};
