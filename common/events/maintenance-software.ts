/**
 * Maintenance, software (issue 19): nodeVersion (firmware and node services, upgrades, service
 * packs, programs) and nodeLog (robots' node logs: logUpload, cancelFtpMission).
 * Declares the events, the robot commands and the `job` message (progress of long robot work).
 * Upgrades go through the spec §4 stages download, unpack, install, restart, each with a time-out
 * (UPGRADE_STAGE_TIMEOUT_S); a running upgrade cannot be cancelled (spec §8).
 */
import { Type } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Json, labels } from './schema';
import type { RobotCommandSpec } from './robot-command-spec';

/** nodeVersion / nodeLog: reading (every role with robots; spec §6 does not block these pages). */
export const SOFTWARE_READ_PERMISSION = 'software:read';
/** nodeVersion / nodeLog: upgrades, deletions, log uploads. */
export const SOFTWARE_WRITE_PERMISSION = 'software:write';

/** The stages of an upgrade (spec §4), in order. */
export const UPGRADE_STAGES = ['download', 'unpack', 'install', 'restart'] as const;
export type UpgradeStage = (typeof UPGRADE_STAGES)[number];
/** Time-out of each stage in seconds: without progress in a stage for this long, the job is timed out. */
export const UPGRADE_STAGE_TIMEOUT_S: Record<UpgradeStage, number> = { download: 600, unpack: 120, install: 300, restart: 180 };
/** Time-out of a log upload without progress (spec §8 "Log upload time-out"). */
export const LOG_UPLOAD_TIMEOUT_S = 120;
/**
 * Why a robot's job failed, as the robot reports it on `job` (`message`, a key of common/messages):
 * a program's download (programInstall) that could not be fetched, or whose bytes do not match the
 * size or the SHA-256 the server sent. Any other key a robot sends is not kept.
 */
export const JOB_FAILURE_MESSAGES = ['programDownloadFailed', 'programSizeMismatch', 'programHashMismatch'] as const;
export type JobFailureMessage = (typeof JOB_FAILURE_MESSAGES)[number];

const o = Type.Object;
const JobKind = Json<'upgrade' | 'servicePack' | 'logUpload'>({ type: 'string', enum: ['upgrade', 'servicePack', 'logUpload'] });
const JobState = Json<'running' | 'done' | 'failed' | 'timeout' | 'cancelled'>({ type: 'string', enum: ['running', 'done', 'failed', 'timeout', 'cancelled'] });

/** Robot → server progress of long work (topic `job`): an upgrade's stage, a log upload … */
export const RobotJobReportSchema = o(
  {
    robotId: Type.Optional(Type.String()),
    t: Type.Number({ description: "Milliseconds since the epoch (the sender's clock)." }),
    jobId: Type.String({ description: 'Id the robot gave the job when it accepted it.' }),
    kind: JobKind,
    /** The upgrade's stage (download, unpack, install, restart) or 'upload' for logs. */
    stage: Type.String(),
    /** 0-100 within the stage. */
    progress: Type.Number({ minimum: 0, maximum: 100 }),
    state: JobState,
    target: Type.Optional(Type.String({ description: 'Node service, firmware or service pack concerned.' })),
    version: Type.Optional(Type.String()),
    message: Type.Optional(
      Json<JobFailureMessage>({
        type: 'string',
        enum: [...JOB_FAILURE_MESSAGES],
        description: 'With state failed: why (a message key). programDownloadFailed: the url could not be fetched (HTTP status other than 200, connection); programSizeMismatch / programHashMismatch: the bytes received differ from `size` / `sha256`.',
      }),
    ),
  },
  { additionalProperties: true },
);

export const JobSchema = o({
  robotId: Type.String(),
  jobId: Type.String(),
  kind: Type.String(),
  stage: Type.String(),
  progress: Type.Number(),
  state: Type.String(),
  target: Type.String(),
  version: Type.String(),
  /** Message key when failed or timed out (upgradeTimeout, logUploadTimeout; a failed program download: JOB_FAILURE_MESSAGES). */
  message: Type.Optional(Type.String({ description: 'Message key (common/messages) when failed or timed out: upgradeTimeout, logUploadTimeout, programDownloadFailed, programSizeMismatch, programHashMismatch.' })),
  updatedAt: Type.String(),
});

const Software = o({ name: Type.String(), kind: Type.String({ description: 'node or firmware' }), version: Type.String(), latest: Type.Optional(Type.String()) });
const Pack = o({
  name: Type.String(),
  version: Type.String(),
  size: Type.Integer(),
  installed: Type.Boolean(),
  onServer: Type.Optional(Type.Boolean({ description: 'A program uploaded to the server (uploadMoveProgram) that the robot does not hold yet: issueServicePack sends it.' })),
});

/** uploadMoveProgram's path on the large-file address (spec §7; /config.json largeFileUrl): multipart `param` (JSON) then `file`, at most 1 GB (spec §9; at or above is refused). */
export const MOVE_PROGRAM_PATH = '/api/largeFile/uploadMoveProgram';
/** uploadMoveProgram's param (the multipart field `param`, JSON). */
export const MoveProgramParamSchema = o(
  {
    robotId: Type.String({ minLength: 1, maxLength: 32 }),
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
    version: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9A-Za-z.+-]*$' })),
  },
  { additionalProperties: false },
);
const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });
const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$', ...labels('Name', '名称', '名前') });
const Version = Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z.+-]+$', ...labels('Version', '版本', 'バージョン') });
const RobotOnly = o({ robotId: RobotId }, { additionalProperties: false });

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const SOFTWARE_COMMANDS = {
  softwareList: { action: 'softwareList', summary: "The robot's node services and firmware with their versions.", params: o({}), data: o({ softwares: Type.Array(Software) }) },
  softwareUpgrade: { action: 'softwareUpgrade', summary: 'Start upgrading a node service or the firmware to a version; progress on `job` (refused state: a job is running).', params: o({ name: Type.String(), version: Type.String() }), data: o({ jobId: Type.String() }), reasons: ['state', 'unsupported'] },
  servicePackList: { action: 'servicePackList', summary: 'Service packs and programs the robot holds.', params: o({}), data: o({ packs: Type.Array(Pack), programs: Type.Array(Pack) }) },
  servicePackInstall: { action: 'servicePackInstall', summary: 'Install a service pack; progress on `job` through the upgrade stages.', params: o({ name: Type.String() }), data: o({ jobId: Type.String() }), reasons: ['state'] },
  servicePackDelete: { action: 'servicePackDelete', summary: 'Delete a service pack (refused state: it is being installed).', params: o({ name: Type.String() }), reasons: ['state'] },
  programInstall: {
    action: 'programInstall',
    summary:
      "Download a program uploaded to the server and install it; progress on `job` (kind servicePack) through the upgrade stages. The robot GETs `url` (the server's own address, under /uploads/; http or https only), streaming: the download stage's progress is the bytes received out of `size`; more or fewer bytes than `size`, a SHA-256 other than `sha256`, or a failed GET end the job `failed` in the download stage with its `message`.",
    params: o({
      name: Type.String(),
      version: Type.String(),
      url: Type.String({ description: "Absolute http(s) address of the file on the server's own address (the server builds it)." }),
      size: Type.Integer({ minimum: 0, description: 'Bytes of the file.' }),
      sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the file (lower-case hex), computed by the server while the upload streamed in.' }),
    }),
    data: o({ jobId: Type.String() }),
    reasons: ['state', 'unsupported'],
  },
  programDelete: { action: 'programDelete', summary: 'Delete a program.', params: o({ name: Type.String() }), reasons: ['state'] },
  logUpload: {
    action: 'logUpload',
    summary: 'Upload the node logs: one multipart POST per node service log to uploadUrl (fields robotId, uploadKey, jobId, node, then file); progress on `job` (kind logUpload).',
    params: o({ uploadUrl: Type.String(), uploadKey: Type.String() }),
    data: o({ jobId: Type.String() }),
    reasons: ['state'],
  },
  jobCancel: { action: 'jobCancel', summary: 'Cancel a log upload (upgrades are never cancelled).', params: o({ jobId: Type.String() }), reasons: ['state'] },
  simulateJobStall: { action: 'simulateJobStall', summary: 'Simulated robots only (tests, demos): the next upgrade stops in this stage and times out.', params: o({ stage: Type.String() }) },
} as const satisfies Record<string, RobotCommandSpec>;

const JobAnswer = o({ job: JobSchema });

export const softwareEvents = defineEvents('maintenance-software', {
  getSoftwares: {
    summary: "The robot's node services and firmware with their versions, and the latest of each in versionManage.",
    access: can(SOFTWARE_READ_PERMISSION),
    mutating: false,
    param: RobotOnly,
    answer: o({ robotId: Type.String(), softwares: Type.Array(Software), job: Type.Optional(JobSchema) }),
  },
  softwareUpdate: {
    summary: 'Upgrades a node service or the firmware of the robot through download, unpack, install, restart; progress on the realtime link (softwareJob) and in getSoftwares.',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, name: Name, version: Version }, { additionalProperties: false }),
    answer: JobAnswer,
  },
  getServicePack: {
    summary: 'Service packs and programs on the robot.',
    access: can(SOFTWARE_READ_PERMISSION),
    mutating: false,
    param: RobotOnly,
    answer: o({ robotId: Type.String(), packs: Type.Array(Pack), programs: Type.Array(Pack) }),
  },
  issueServicePack: {
    summary: 'Installs a service pack on the robot through the upgrade stages, or sends a program uploaded to the server (uploadMoveProgram) for the robot to download and install.',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, name: Name }, { additionalProperties: false }),
    answer: JobAnswer,
  },
  deleteServicePack: {
    summary: 'Deletes a service pack from the robot.',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, name: Name }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), name: Type.String() }),
  },
  deleteProgram: {
    summary: 'Deletes a program from the robot, and the uploaded copy on the server (a program only on the server is deleted there even when the robot is offline).',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, name: Name }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), name: Type.String() }),
  },
  logUpload: {
    summary: 'Asks the robot to upload its node logs; progress as a job (kind logUpload); without progress for LOG_UPLOAD_TIMEOUT_S it times out (spec §8).',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: RobotOnly,
    answer: JobAnswer,
  },
  cancelFtpMission: {
    summary: 'Cancels the robot\'s running log upload; a running upgrade is refused "Upgrade running cannot be cancelled" (spec §8).',
    access: can(SOFTWARE_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: RobotOnly,
    answer: JobAnswer,
  },
  getSoftwareJob: {
    summary: "The robot's last long job (upgrade, service pack, log upload) with its stage, progress and state; a stage without progress past its time-out reads timeout.",
    access: can(SOFTWARE_READ_PERMISSION),
    mutating: false,
    param: RobotOnly,
    answer: o({ job: Type.Union([JobSchema, Type.Null()]) }),
  },
  simulateJobStall: {
    summary: 'Simulated robots only (tests, demos): the next upgrade of the robot stops in this stage and times out.',
    access: can('system:simulate'),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, stage: Json<UpgradeStage>({ type: 'string', enum: [...UPGRADE_STAGES], ...labels('Stage', '阶段', '段階') }) }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), stage: Type.String() }),
  },
});
