/**
 * Simulated robots: what they answer and publish for the software feature (see ./extension.ts and
 * common/events/maintenance-software SOFTWARE_COMMANDS). Each robot keeps its node services and
 * firmware with versions (an upgrade changes them), service packs and programs; upgrades and
 * service packs go through download, unpack, install, restart, reported on `job` every tick; a log
 * upload reports its progress and can be cancelled; simulateJobStall makes the next upgrade stop in
 * a stage (no more progress: the server times it out). Static robots (type 4) have no chassis
 * driver and no navigation service (spec §2).
 */
import { randomBytes } from 'node:crypto';
import { UPGRADE_STAGES } from '../../common/events/maintenance-software';
import { RobotType } from '../../common/robot';
import type { SimAnswer, SimExtension, SimRobotView } from './extension';

interface Software { name: string; kind: 'node' | 'firmware'; version: string }
interface Pack { name: string; version: string; size: number; installed: boolean }
interface Job { jobId: string; kind: 'upgrade' | 'servicePack' | 'logUpload'; stage: number; progress: number; target: string; version: string; stall?: string; stalledFor?: number; done?: boolean; program?: Pack }
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
        // A program uploaded to the server (uploadMoveProgram): "downloaded" from its url, then installed.
        if (running(s)) return { refused: 'state' };
        s.job = { ...newJob('servicePack', String(p.name), String(p.version ?? ''), s.stall), program: { name: String(p.name), version: String(p.version ?? ''), size: Number(p.size) || 0, installed: true } };
        s.stall = undefined;
        return { data: { jobId: s.job.jobId } };
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
    // A stalled stage makes no more progress; the robot's own stage watchdog gives up after 2 s and
    // reports the time-out (the server also reads a stage without progress past its time-out as timed out).
    if (job.stall === stage && job.progress >= 40) {
      job.stalledFor = (job.stalledFor ?? 0) + dt;
      if (job.stalledFor < 2) return;
      job.done = true;
      io.publish('job', { t: Date.now(), jobId: job.jobId, kind: job.kind, stage, progress: Math.round(job.progress), state: 'timeout', target: job.target, version: job.version });
      return;
    }
    job.progress = Math.min(100, job.progress + STEP * dt);
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
    states.clear();
  },
};
