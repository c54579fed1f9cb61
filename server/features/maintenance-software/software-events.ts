import { StatusCode } from '../../../common/protocol';
import { JOB_FAILURE_MESSAGES, LOG_UPLOAD_TIMEOUT_S, SOFTWARE_READ_PERMISSION, UPGRADE_STAGE_TIMEOUT_S, softwareEvents, type UpgradeStage } from '../../../common/events/maintenance-software';
import { subjectCan } from '../../../common/access';
import { companyChain } from '../alarms/alarm-service';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { EventRegistry } from '../../events/registry';
import { robotCommands } from '../control/robot-commands';
import { programSha256, removeServerProgram, serverPrograms } from './move-programs';
import { logUploadParams } from '../node-log/node-log-service';

type JobRow = {
  robotId: string;
  jobId: string;
  kind: string;
  stage: string;
  progress: number;
  state: string;
  target: string;
  version: string;
  /** Why a failed job failed (a key of JOB_FAILURE_MESSAGES), else null (migration 046). */
  message: string | null;
  updatedAt: Date | string;
};

const STATES = ['running', 'done', 'failed', 'timeout', 'cancelled'];
const KINDS = ['upgrade', 'servicePack', 'logUpload'];

/** Realtime topic of robots' long work (pushes `robotJob`, the getSoftwareJob shape). */
export const ROBOT_JOB_TOPIC = 'robotJob';

/** Pushes a robot's job to the sessions of every replica that read software and see the robot's company. */
async function publishJob(svc: Services, row: JobRow): Promise<void> {
  const company = await svc.db.query<{ companyId: number | null }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [row.robotId]);
  const companyId = company[0]?.companyId;
  const chain = companyId == null ? [] : await companyChain(svc.db, Number(companyId));
  svc.hub.publishTo(ROBOT_JOB_TOPIC, 'robotJob', jobOf(row), { permission: SOFTWARE_READ_PERMISSION, companies: chain });
}

/**
 * Stores a robot's `job` report (the robot's last job) and pushes it; malformed reports are dropped.
 * A failed job keeps the robot's reason when it is one of JOB_FAILURE_MESSAGES (any other is not kept).
 * onlyNewJob (a job just started): kept only when the robot has not already reported on this job
 * (a quick report, e.g. a download that failed at once, is not overwritten by "running").
 */
export async function storeJobReport(svc: Services, robotId: string, message: unknown, opts: { onlyNewJob?: boolean } = {}): Promise<void> {
  const r = (message ?? {}) as Record<string, unknown>;
  if (typeof r.jobId !== 'string' || !KINDS.includes(String(r.kind)) || !STATES.includes(String(r.state)) || typeof r.stage !== 'string') return;
  const progress = Math.max(0, Math.min(100, Number(r.progress) || 0));
  const reason = r.state === 'failed' && (JOB_FAILURE_MESSAGES as readonly unknown[]).includes(r.message) ? String(r.message) : null;
  await svc.db.query(
    `INSERT INTO robot_jobs ("robotId","jobId",kind,stage,progress,state,target,version,message,"updatedAt") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,now())
     ON CONFLICT ("robotId") DO UPDATE SET "jobId"=$2,kind=$3,stage=$4,progress=$5,state=$6,target=$7,version=$8,message=$9,"updatedAt"=now()
     ${opts.onlyNewJob ? 'WHERE robot_jobs."jobId" IS DISTINCT FROM EXCLUDED."jobId"' : ''}`,
    [robotId, r.jobId, r.kind, r.stage.slice(0, 32), progress, r.state, String(r.target ?? '').slice(0, 64), String(r.version ?? '').slice(0, 32), reason],
  );
  const row = (await svc.db.query<JobRow>('SELECT * FROM robot_jobs WHERE "robotId" = $1', [robotId]))[0];
  if (row) await publishJob(svc, row);
}

/** A job as the events answer it: a running stage without progress past its time-out reads timeout. */
function jobOf(row: JobRow) {
  const updated = new Date(row.updatedAt);
  let state = row.state;
  if (state === 'running') {
    const limit = row.kind === 'logUpload' ? LOG_UPLOAD_TIMEOUT_S : (UPGRADE_STAGE_TIMEOUT_S[row.stage as UpgradeStage] ?? 600);
    if (Date.now() - updated.getTime() > limit * 1000) state = 'timeout';
  }
  const message = state === 'timeout' ? (row.kind === 'logUpload' ? 'logUploadTimeout' : 'upgradeTimeout') : state === 'failed' ? (row.message ?? undefined) : undefined;
  return {
    robotId: row.robotId,
    jobId: row.jobId,
    kind: row.kind,
    stage: row.stage,
    progress: Number(row.progress),
    state,
    target: row.target,
    version: row.version,
    ...(message ? { message } : {}),
    updatedAt: updated.toISOString(),
  };
}

/**
 * getSoftwares … cancelFtpMission: each asks the robot over MQTT (SOFTWARE_COMMANDS); the robot
 * reports long work on `job`, stored in robot_jobs (one row a robot, every replica reads it).
 */
export function registerSoftwareEvents(reg: EventRegistry, svc: Services): void {
  svc.hub.addTopicKind(ROBOT_JOB_TOPIC, { snapshot: async (session) => (subjectCan(session, SOFTWARE_READ_PERMISSION) ? {} : null) });
  const { visibleRobot, command } = robotCommands(svc);

  const lastJob = async (robotId: string) => {
    const row = (await svc.db.query<JobRow>('SELECT * FROM robot_jobs WHERE "robotId" = $1', [robotId]))[0];
    return row ? jobOf(row) : null;
  };
  /** Starts a job on the robot (none may be running) and records it as running at its first stage. */
  const start = async (robotId: string, kind: string, stage: string, target: string, version: string, run: () => Promise<{ data?: unknown }>) => {
    const current = await lastJob(robotId);
    if (current?.state === 'running') throw new AppError(StatusCode.badRequest, 'softwareJobRunning');
    const reply = await run();
    const jobId = String((reply.data as { jobId?: unknown } | undefined)?.jobId ?? '');
    await storeJobReport(svc, robotId, { jobId, kind, stage, progress: 0, state: 'running', target, version }, { onlyNewJob: !!jobId });
    // A report of the robot may already have arrived: answer what is stored.
    const job = await lastJob(robotId);
    if (!job) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    return { job };
  };

  reg.handle(softwareEvents.getSoftwares, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'softwareList');
    const list = ((reply.data as { softwares?: unknown } | undefined)?.softwares ?? []) as Record<string, unknown>[];
    const latest = new Map<string, string>();
    try {
      // versionManage (software_versions): the newest row of each project is its latest version.
      const rows = await svc.db.query<{ name: string; version: string }>('SELECT "projectName" AS name, version FROM software_versions ORDER BY "createdAt" DESC');
      for (const r of rows) if (!latest.has(String(r.name))) latest.set(String(r.name), String(r.version));
    } catch {
      // versionManage not there (no latest versions to compare).
    }
    const softwares = (Array.isArray(list) ? list : []).map((s) => {
      const name = String(s.name ?? '');
      const l = latest.get(name);
      return { name, kind: String(s.kind ?? 'node'), version: String(s.version ?? ''), ...(l ? { latest: l } : {}) };
    });
    const job = await lastJob(p.robotId);
    return { robotId: p.robotId, softwares, ...(job ? { job } : {}) };
  });

  reg.handle(softwareEvents.softwareUpdate, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return start(p.robotId, 'upgrade', 'download', p.name, p.version, () => command(ctx, p.robotId, 'softwareUpgrade', { name: p.name, version: p.version }));
  });

  reg.handle(softwareEvents.getServicePack, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'servicePackList');
    const d = (reply.data ?? {}) as { packs?: unknown; programs?: unknown };
    const packs = (v: unknown) =>
      (Array.isArray(v) ? v : []).map((x: Record<string, unknown>) => ({ name: String(x.name ?? ''), version: String(x.version ?? ''), size: Math.max(0, Math.round(Number(x.size) || 0)), installed: x.installed === true }));
    const programs: { name: string; version: string; size: number; installed: boolean; onServer?: boolean }[] = packs(d.programs);
    // Programs uploaded to the server for the robot (uploadMoveProgram) that it does not hold yet.
    for (const up of await serverPrograms(svc, p.robotId)) {
      if (!programs.some((x) => x.name === up.name)) programs.push({ name: up.name, version: up.version, size: up.size, installed: false, onServer: true });
    }
    return { robotId: p.robotId, packs: packs(d.packs), programs };
  });

  reg.handle(softwareEvents.issueServicePack, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    const uploaded = (await serverPrograms(svc, p.robotId)).find((x) => x.name === p.name);
    if (uploaded) {
      // The robot downloads the uploaded program from the server's own address (the server builds the
      // url: the robot is never sent elsewhere), checks its size and SHA-256, and installs it through
      // the same stages; a download that fails or does not match fails the job in the download stage.
      // The cheap refusals come first (robot offline, then a job already running, in start): the hash
      // of a program stored before migration 046 reads its whole file, only for an install that goes ahead.
      if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
      return start(p.robotId, 'servicePack', 'download', p.name, uploaded.version, async () => {
        const sha256 = await programSha256(svc, uploaded);
        if (!sha256 || !svc.url) throw new AppError(StatusCode.notFound, 'programFileMissing');
        return command(ctx, p.robotId, 'programInstall', { name: uploaded.name, version: uploaded.version, url: `${svc.url}${uploaded.url}`, size: uploaded.size, sha256 });
      });
    }
    return start(p.robotId, 'servicePack', 'download', p.name, '', () => command(ctx, p.robotId, 'servicePackInstall', { name: p.name }));
  });

  reg.handle(softwareEvents.deleteServicePack, async (ctx, p) => {
    await command(ctx, p.robotId, 'servicePackDelete', { name: p.name });
    return { robotId: p.robotId, name: p.name };
  });

  reg.handle(softwareEvents.deleteProgram, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    // A program uploaded to the server goes from there at once; the robot's copy (if any) when it is online.
    const onServer = await removeServerProgram(svc, p.robotId, p.name);
    if (!onServer || robot.online) await command(ctx, p.robotId, 'programDelete', { name: p.name });
    return { robotId: p.robotId, name: p.name };
  });

  reg.handle(softwareEvents.logUpload, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    // Where and with which one-time key the robot posts its log files (server/features/node-log).
    return start(p.robotId, 'logUpload', 'upload', 'nodeLog', '', async () => command(ctx, p.robotId, 'logUpload', await logUploadParams(svc, p.robotId)));
  });

  reg.handle(softwareEvents.cancelFtpMission, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    const job = await lastJob(p.robotId);
    if (!job || job.state !== 'running') throw new AppError(StatusCode.badRequest, 'noSoftwareJob');
    // Spec §8: a running upgrade cannot be cancelled.
    if (job.kind !== 'logUpload') throw new AppError(StatusCode.badRequest, 'upgradeNotCancellable');
    await command(ctx, p.robotId, 'jobCancel', { jobId: job.jobId });
    await storeJobReport(svc, p.robotId, { ...job, state: 'cancelled' });
    const after = await lastJob(p.robotId);
    return { job: after ?? job };
  });

  reg.handle(softwareEvents.getSoftwareJob, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return { job: await lastJob(p.robotId) };
  });

  reg.handle(softwareEvents.simulateJobStall, async (ctx, p) => {
    await command(ctx, p.robotId, 'simulateJobStall', { stage: p.stage });
    return { robotId: p.robotId, stage: p.stage };
  });
}
