/**
 * nodeLog (issue 19), the server half of a robot's log upload and the reading of its files.
 *
 * logUpload (server/features/maintenance-software) gives the robot `logUploadParams`: the address
 * NODE_LOG_UPLOAD_PATH and a one-time key (node_log_uploads, migration 038, shared by replicas).
 * The robot posts one multipart request per node service log; each file streams to the data
 * folder, goes into the blob store every replica reads and becomes a robot_logs row (uploaded).
 * The job's progress comes from the robot on the `job` topic as for upgrades. getLogLines reads a
 * file line by line on the server (paging, text search, level filter) so big files stay there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOG_LINES_MAX, LOG_LINE_PATTERN, NODE_LOG_MAX_BYTES, NODE_LOG_UPLOAD_PATH, nodeLogEvents, type LogLevel } from '../../../common/events/node-log';
import { formatMessage } from '../../../common/messages';
import { StatusCode, type EventAnswer, type Lang } from '../../../common/protocol';
import { defineEntityHooks } from '../../entities/hooks';
import { AppError } from '../../errors';
import type { EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import { storeUpload } from '../../uploads/store-upload';
import { robotCommands } from '../control/robot-commands';

/** Log type (schemas/enums/log-type.json) of a node service's log. */
const LOG_TYPE_OF: Record<string, number> = { 'robot-core': 1, navigation: 2, 'video-service': 3, interaction: 4, 'chassis-driver': 5 };
const NODE_TYPE = 6;
/** robot_logs status (schemas/enums/log-status.json). */
const UPLOADED = 2;

type LogRow = {
  id: number;
  robotId: string;
  companyId: number;
  logType: number;
  fileName: string;
  fileSize: number;
  fileUrl: string | null;
  fileKey: string | null;
  uploadTime: Date | string;
  status: number;
  jobId: string | null;
};

const fileOf = (r: LogRow) => ({
  id: Number(r.id),
  robotId: r.robotId,
  companyId: Number(r.companyId),
  logType: Number(r.logType),
  fileName: r.fileName,
  fileSize: Number(r.fileSize),
  fileUrl: r.fileUrl,
  uploadTime: new Date(r.uploadTime).toISOString(),
  status: Number(r.status),
  jobId: r.jobId,
});

/** What the robot needs to upload its logs: the address and a fresh one-time key (replaces an older one). */
export async function logUploadParams(svc: Services, robotId: string): Promise<{ uploadUrl: string; uploadKey: string }> {
  const uploadKey = crypto.randomBytes(24).toString('hex');
  await svc.db.query(
    `INSERT INTO node_log_uploads ("robotId", "uploadKey", "createdAt") VALUES ($1, $2, now())
     ON CONFLICT ("robotId") DO UPDATE SET "uploadKey" = $2, "createdAt" = now()`,
    [robotId, uploadKey],
  );
  return { uploadUrl: `${svc.url ?? ''}${NODE_LOG_UPLOAD_PATH}`, uploadKey };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** `POST /robot/nodeLog/upload`: one node's log file from the robot (fields robotId, uploadKey, jobId, node before the file). */
export function registerNodeLogUploadRoute(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const root = path.join(svc.config.dataDir, 'uploads');
  const kind = { maxBytes: NODE_LOG_MAX_BYTES, types: 'any' as const };
  const say = (lang: Lang, statusCode: number, key: Parameters<typeof formatMessage>[0], vars?: Record<string, string | number>): EventAnswer => ({ statusCode, statusInfo: formatMessage(key, lang, vars) });
  app.post(NODE_LOG_UPLOAD_PATH, async (req): Promise<EventAnswer> => {
    const lang = langOf(req);
    if (!req.isMultipart()) return say(lang, StatusCode.badRequest, 'noFile');
    const fields: Record<string, string> = {};
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const robotId = fields.robotId ?? '';
        const expected = (await svc.db.query<{ uploadKey: string }>('SELECT "uploadKey" FROM node_log_uploads WHERE "robotId" = $1', [robotId]))[0];
        if (!expected || !fields.uploadKey || !safeEqual(expected.uploadKey, fields.uploadKey)) {
          part.file.resume();
          throw new AppError(StatusCode.badRequest, 'nodeLogUploadKey');
        }
        const robot = (await svc.db.query<{ companyId: number }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [robotId]))[0];
        if (!robot) {
          part.file.resume();
          throw new AppError(StatusCode.notFound, 'robotNotFound');
        }
        const node = (fields.node ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64) || 'node';
        const stored = await storeUpload(part.file, kind, root, '/uploads/');
        const key = path.relative(svc.config.dataDir, stored.path).split(path.sep).join('/');
        await svc.blobs.saved(key);
        const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
        const rows = await svc.db.query<LogRow>(
          `INSERT INTO robot_logs ("robotId", "companyId", "logType", "fileName", "fileSize", "fileUrl", "fileKey", status, "jobId")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [robotId, robot.companyId, LOG_TYPE_OF[node] ?? NODE_TYPE, `${robotId}-${node}-${stamp}.log`, stored.size, stored.url, key, UPLOADED, (fields.jobId ?? '').slice(0, 64) || null],
        );
        return { statusCode: StatusCode.ok, statusInfo: formatMessage('ok', lang), param: fileOf(rows[0]!) };
      }
      throw new AppError(StatusCode.badRequest, 'noFile');
    } catch (err) {
      if (err instanceof AppError) return say(lang, err.statusCode, err.messageKey, err.vars);
      req.log.warn(err);
      return say(lang, StatusCode.serverError, 'serverError');
    }
  });
}

/** The level of a parsed line (null for continuation lines). */
export function parseLogLine(text: string): { time: string | null; level: LogLevel | null } {
  const m = LOG_LINE_PATTERN.exec(text);
  return m ? { time: m[1]!, level: m[2] as LogLevel } : { time: null, level: null };
}

/** Reads a file's lines: those that match (text, levels) from `offset`, at most `limit`, with counts. */
export async function readLogLines(file: string, opts: { offset: number; limit: number; search?: string; levels?: readonly LogLevel[] }) {
  const search = opts.search?.trim().toLowerCase() || '';
  const levels = opts.levels?.length ? new Set(opts.levels) : null;
  const levelCounts: Record<LogLevel, number> = { DEBUG: 0, INFO: 0, WARN: 0, ERROR: 0 };
  const lines: { n: number; time: string | null; level: string | null; text: string }[] = [];
  let total = 0;
  let matched = 0;
  // A continuation line (stack trace) belongs to the level of the line it follows.
  let current: LogLevel | null = null;
  const rl = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const text of rl) {
    total += 1;
    const parsed = parseLogLine(text);
    if (parsed.level) {
      current = parsed.level;
      levelCounts[parsed.level] += 1;
    }
    if (levels && (!current || !levels.has(current))) continue;
    if (search && !text.toLowerCase().includes(search)) continue;
    if (matched >= opts.offset && lines.length < opts.limit) lines.push({ n: total, time: parsed.time, level: parsed.level, text });
    matched += 1;
  }
  return { total, matched, lines, levelCounts };
}

/** The module's services for the robot-log hook (set when the feature registers). */
let services: Services | null = null;

// A robot log deleted (delLog, on logManage or nodeLog) takes its file with it.
defineEntityHooks('robot-log', {
  async afterWrite(_ctx, kind, row) {
    const key = typeof row.fileKey === 'string' ? row.fileKey : null;
    if (kind === 'delete' && key && services) await services.blobs.remove(key).catch(() => undefined);
  },
});

export function registerNodeLogEvents(reg: EventRegistry, svc: Services): void {
  services = svc;
  const { visibleRobot, command } = robotCommands(svc);

  reg.handle(nodeLogEvents.getNodeLogs, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    const rows = await svc.db.query<LogRow>('SELECT * FROM robot_logs WHERE "robotId" = $1 ORDER BY "uploadTime" DESC, id DESC LIMIT 200', [p.robotId]);
    return { robotId: p.robotId, logs: rows.map(fileOf) };
  });

  reg.handle(nodeLogEvents.getLogLines, async (ctx, p) => {
    const row = (await svc.db.query<LogRow>('SELECT * FROM robot_logs WHERE id = $1', [p.id]))[0];
    if (!row) throw new AppError(StatusCode.notFound, 'notFound');
    await visibleRobot(ctx, row.robotId);
    if (!row.fileKey || !(await svc.blobs.local(row.fileKey))) throw new AppError(StatusCode.notFound, 'nodeLogNoFile');
    const offset = p.offset ?? 0;
    const limit = Math.min(p.limit ?? 200, LOG_LINES_MAX);
    const read = await readLogLines(svc.blobs.pathOf(row.fileKey), { offset, limit, search: p.search, levels: p.levels });
    return { id: Number(row.id), robotId: row.robotId, fileName: row.fileName, offset, ...read };
  });

  reg.handle(nodeLogEvents.simulateLogStall, async (ctx, p) => {
    await command(ctx, p.robotId, 'simulateLogStall');
    return { robotId: p.robotId };
  });
}

