/**
 * Simulated robots: what they answer and publish for the software feature (see ./extension.ts and
 * common/events/maintenance-software SOFTWARE_COMMANDS). Each robot keeps its node services and
 * firmware with versions (an upgrade changes them), service packs and programs; upgrades and
 * service packs go through download, unpack, install, restart, reported on `job` every tick; a log
 * upload reports its progress and can be cancelled; simulateJobStall makes the next upgrade stop in
 * a stage (no more progress: the server times it out). Static robots (type 4) have no chassis
 * driver and no navigation service (spec §2).
 *
 * A program uploaded to the server (programInstall) is really downloaded, as a robot would: a plain
 * HTTP GET of the url the server built (http or https only; no redirect is followed), streamed,
 * its bytes counted and hashed (SHA-256) on the way, never held whole; the download stage's progress
 * is the bytes received out of `size`. A failed GET (status other than 200, connection, no data for
 * DOWNLOAD_IDLE_MS), more or fewer bytes than `size`, or another SHA-256 ends the job `failed` in the
 * download stage with the reason (JOB_FAILURE_MESSAGES); the robot's programs stay as they were.
 * Upgrades and service packs without an uploaded file keep a simulated download.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { UPGRADE_STAGES, type JobFailureMessage } from '../../common/events/maintenance-software';
import { RobotType } from '../../common/robot';
import type { SimAnswer, SimExtension, SimRobotView } from './extension';

interface Software { name: string; kind: 'node' | 'firmware'; version: string }
interface Pack { name: string; version: string; size: number; installed: boolean }
/** A program's real download (programInstall). */
interface Download {
  url: URL;
  size: number;
  sha256: string;
  received: number;
  hash: Hash;
  /** The file is in and matches. */
  ok?: boolean;
  failed?: JobFailureMessage;
  request?: http.ClientRequest;
  /** Paused by a stall in the download stage (simulateJobStall). */
  paused?: boolean;
}
interface Job { jobId: string; kind: 'upgrade' | 'servicePack' | 'logUpload'; stage: number; progress: number; target: string; version: string; stall?: string; stalledFor?: number; done?: boolean; program?: Pack; download?: Download }
interface State { softwares: Software[]; packs: Pack[]; programs: Pack[]; job?: Job; stall?: string }

const states = new Map<string, State>();
/** Progress per second within a stage (a stage takes about 4 s; a log upload about 5 s). */
const STEP = 25;

function stateOf(robot: SimRobotView): State {
  let s = states.get(robot.spec.robotId);
  if (!s) {
    const isStatic = robot.spec.robotType === RobotType.staticRobot;
    const softwares: Software[] = [
      { name: 'firmware', kind: 'firmware', version: '2.3.1' },
      { name: 'robot-core', kind: 'node', version: '1.8.0' },
      { name: 'video-service', kind: 'node', version: '1.4.2' },
      { name: 'interaction', kind: 'node', version: '1.2.0' },
      ...(isStatic ? [] : [{ name: 'navigation', kind: 'node' as const, version: '3.1.0' }, { name: 'chassis-driver', kind: 'node' as const, version: '0.9.5' }]),
    ];
    s = {
      softwares,
      packs: [
        { name: 'sp-2026.10', version: '2026.10', size: 48_000_000, installed: true },
        { name: 'sp-2026.11', version: '2026.11', size: 52_000_000, installed: false },
      ],
      programs: [{ name: 'patrol-scripts', version: '1.0.0', size: 2_400_000, installed: true }],
    };
    states.set(robot.spec.robotId, s);
  }
  return s;
}

/** A download with no byte for this long fails (programDownloadFailed). */
const DOWNLOAD_IDLE_MS = 10_000;

/** The params of programInstall as a download, or null when they are not usable (refused: unsupported). */
function downloadOf(p: Record<string, unknown>): Download | null {
  let url: URL;
  try {
    url = new URL(String(p.url ?? ''));
  } catch {
    return null;
  }
  // Only http(s), and no credentials in the address: a robot fetches files from its server, nothing else.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const size = Number(p.size);
  if (!Number.isSafeInteger(size) || size < 0 || typeof p.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(p.sha256)) return null;
  return { url, size, sha256: p.sha256, received: 0, hash: createHash('sha256') };
}

/** GETs the file, streaming: counts the bytes and hashes them; sets `ok` or `failed` when it ends. */
function startDownload(job: Job, d: Download): void {
  const fail = (why: JobFailureMessage) => {
    if (!d.ok && !d.failed) d.failed = why;
    d.request?.destroy();
  };
  const get = d.url.protocol === 'https:' ? https.get : http.get;
  let req: http.ClientRequest;
  try {
    req = get(d.url, { timeout: DOWNLOAD_IDLE_MS, headers: { 'accept-encoding': 'identity' } }, (res) => {
      // No redirect is followed: the file is on the server's own address or not at all.
      if (res.statusCode !== 200) {
        res.resume();
        return fail('programDownloadFailed');
      }
      res.on('data', (chunk: Buffer) => {
        if (d.failed || d.ok) return;
        d.received += chunk.length;
        if (d.received > d.size) return fail('programSizeMismatch');
        d.hash.update(chunk);
        // A stall in the download stage (simulateJobStall) stops reading at 40 %; the watchdog in tick times it out.
        if (job.stall === 'download' && d.received >= d.size * 0.4 && !d.paused) {
          d.paused = true;
          res.pause();
        }
      });
      res.on('end', () => {
        if (d.failed || d.ok) return;
        if (d.received !== d.size) return fail('programSizeMismatch');
        if (d.hash.digest('hex') !== d.sha256) return fail('programHashMismatch');
        d.ok = true;
      });
      res.on('error', () => fail('programDownloadFailed'));
      res.on('close', () => {
        if (!res.complete) fail('programDownloadFailed');
      });
    });
  } catch {
    d.failed = 'programDownloadFailed';
    return;
  }
  d.request = req;
  req.on('timeout', () => fail('programDownloadFailed'));
  req.on('error', () => fail('programDownloadFailed'));
}

const running = (s: State) => !!s.job && !s.job.done;
const newJob = (kind: Job['kind'], target: string, version: string, stall?: string): Job => ({ jobId: randomBytes(6).toString('hex'), kind, stage: 0, progress: 0, target, version, ...(stall ? { stall } : {}) });

export const softwareSim: SimExtension = {
  id: 'software',
  command(robot, cmd): SimAnswer | undefined {
    const s = stateOf(robot);
    const p = (cmd.params ?? {}) as Record<string, unknown>;
    switch (cmd.action) {
      case 'softwareList':
        return { data: { softwares: s.softwares.map((x) => ({ ...x })) } };
      case 'servicePackList':
        return { data: { packs: s.packs.map((x) => ({ ...x })), programs: s.programs.map((x) => ({ ...x })) } };
      case 'softwareUpgrade': {
        if (running(s)) return { refused: 'state' };
        if (!s.softwares.some((x) => x.name === p.name)) return { refused: 'unsupported' };
        s.job = newJob('upgrade', String(p.name), String(p.version), s.stall);
        s.stall = undefined;
        return { data: { jobId: s.job.jobId } };
      }
      case 'servicePackInstall': {
        if (running(s)) return { refused: 'state' };
        if (!s.packs.some((x) => x.name === p.name)) return { refused: 'unsupported' };
        s.job = newJob('servicePack', String(p.name), '', s.stall);
        s.stall = undefined;
        return { data: { jobId: s.job.jobId } };
      }
      case 'programInstall': {
        // A program uploaded to the server (uploadMoveProgram): downloaded from its url (checked by size and SHA-256), then installed.
        if (running(s)) return { refused: 'state' };
        const download = downloadOf(p);
        if (!download) return { refused: 'unsupported' };
        const job: Job = { ...newJob('servicePack', String(p.name), String(p.version ?? ''), s.stall), program: { name: String(p.name), version: String(p.version ?? ''), size: download.size, installed: true }, download };
        s.job = job;
        s.stall = undefined;
        startDownload(job, download);
        return { data: { jobId: job.jobId } };
      }
      case 'servicePackDelete': {
        if (running(s) && s.job?.target === p.name) return { refused: 'state' };
        s.packs = s.packs.filter((x) => x.name !== p.name);
        return {};
      }
      case 'programDelete':
        s.programs = s.programs.filter((x) => x.name !== p.name);
        return {};
      case 'logUpload':
        if (running(s)) return { refused: 'state' };
        s.job = newJob('logUpload', 'nodeLog', '');
        return { data: { jobId: s.job.jobId } };
      case 'jobCancel':
        if (!s.job || s.job.done || s.job.kind !== 'logUpload' || s.job.jobId !== p.jobId) return { refused: 'state' };
        s.job.done = true;
        return {};
      case 'simulateJobStall':
        s.stall = String(p.stage);
        return {};
      default:
        return undefined;
    }
  },
  tick(robot, io, dt) {
    const s = states.get(robot.spec.robotId);
    const job = s?.job;
    if (!s || !job || job.done) return;
    const stages = job.kind === 'logUpload' ? ['upload'] : [...UPGRADE_STAGES];
    const stage = stages[job.stage];
    // A program's real download: its progress is the bytes received; a failed one ends the job in this stage.
    const download = job.stage === 0 ? job.download : undefined;
    if (download?.failed) {
      job.done = true;
      io.publish('job', { t: Date.now(), jobId: job.jobId, kind: job.kind, stage, progress: Math.round(job.progress), state: 'failed', target: job.target, version: job.version, message: download.failed });
      return;
    }
    if (download) job.progress = download.ok ? 100 : download.size > 0 ? Math.min(99, (download.received / download.size) * 100) : 0;
    // A stalled stage makes no more progress; the robot's own stage watchdog gives up after 2 s and
    // reports the time-out (the server also reads a stage without progress past its time-out as timed out).
    if (job.stall === stage && job.progress >= 40) {
      job.stalledFor = (job.stalledFor ?? 0) + dt;
      if (job.stalledFor < 2) return;
      job.done = true;
      download?.request?.destroy();
      io.publish('job', { t: Date.now(), jobId: job.jobId, kind: job.kind, stage, progress: Math.round(job.progress), state: 'timeout', target: job.target, version: job.version });
      return;
    }
    if (!download) job.progress = Math.min(100, job.progress + STEP * dt);
    let state = 'running';
    if (job.progress >= 100 && job.stage < stages.length - 1) {
      job.stage += 1;
      job.progress = 0;
    } else if (job.progress >= 100) {
      job.done = true;
      state = 'done';
      if (job.kind === 'upgrade') {
        const sw = s.softwares.find((x) => x.name === job.target);
        if (sw) sw.version = job.version;
      } else if (job.kind === 'servicePack' && job.program) {
        s.programs = [...s.programs.filter((x) => x.name !== job.program!.name), job.program];
      } else if (job.kind === 'servicePack') {
        for (const pk of s.packs) pk.installed = pk.installed || pk.name === job.target;
      }
    }
    io.publish('job', { t: Date.now(), jobId: job.jobId, kind: job.kind, stage: stages[job.stage], progress: Math.round(job.progress), state, target: job.target, version: job.version });
  },
  stop() {
    for (const s of states.values()) s.job?.download?.request?.destroy();
    states.clear();
  },
};
