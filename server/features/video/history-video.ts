/**
 * History video (spec §7, §8; issue 7). Robots keep their recordings: reqEnabledDay and
 * reqHistoryVideo ask the robot which days and clips it holds. videoRecordUpload creates an
 * export (video_records, state uploading) and asks the robot to upload the clip to
 * `POST /robot/avstream/videoRecord` (multipart, a one-time upload key per export) — streamed to
 * disk, mp4 checked by content, progress kept while it arrives; cancelVideoRecordUpload stops
 * it on both sides and removes what had arrived. videoRecordInfo and
 * `GET /robot/avstream/listVideoRecord` show the exports.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Files, Paging } from '../../../common/constants';
import { videoEvents, type RecordedClip, type VideoRecordInfo } from '../../../common/events/video';
import { HISTORY_VIDEO_ERRORS, HistoryVideo, VideoRecordStatus, type HistoryVideoError } from '../../../common/history-video';
import { formatMessage } from '../../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../../common/protocol';
import type { RobotCommand } from '../../../common/robot-actions';
import { visibleCompanyIds, visibleRobot as visibleRobotOf } from '../../entities/scope';
import { AppError } from '../../errors';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import { storeUpload } from '../../uploads/store-upload';

/** Bytes received so far by export id (uploads in progress), and how to stop each. */
const progress = new Map<number, { received: number; total: number; abort: () => void }>();

type Row = {
  id: number;
  robotId: string;
  companyId: number | null;
  cameraId: number;
  startTime: Date;
  stopTime: Date;
  status: VideoRecordStatus;
  errorCode: number | null;
  fileUrl: string | null;
  size: string | null;
  uploadKey: string | null;
  createdAt: Date;
};

const pad = (n: number) => String(n).padStart(2, '0');
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

function info(r: Row): VideoRecordInfo {
  const p = progress.get(r.id);
  return {
    id: r.id,
    robotId: r.robotId,
    cameraId: r.cameraId,
    startTime: local(new Date(r.startTime)),
    stopTime: local(new Date(r.stopTime)),
    status: r.status,
    progress: r.status === 'uploaded' ? 100 : p && p.total > 0 ? Math.min(99, Math.floor((p.received * 100) / p.total)) : 0,
    errorCode: (r.errorCode as HistoryVideoError | null) ?? null,
    fileUrl: r.status === 'uploaded' ? r.fileUrl : null,
    size: r.size === null ? null : Number(r.size),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** Registers the history video events and REST calls. */
export function registerHistoryVideoEvents(reg: EventRegistry, svc: Services): void {
  const visibleRobot = (ctx: AuthedContext, id: string) => visibleRobotOf(svc.db, ctx.session, svc.fleet.get(id));
  /** Asks the robot; its video subsystem must be online (spec §8 "subsystem offline"). */
  const ask = async (ctx: AuthedContext, id: string, action: RobotCommand['action'], params: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, id);
    if (!robot.online || !robot.videoOnline || !svc.gateway) throw new AppError(StatusCode.badRequest, HISTORY_VIDEO_ERRORS[5]);
    const reply = await svc.gateway.request(id, action, params);
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, HISTORY_VIDEO_ERRORS[4]);
    return { robot, data: (reply.data ?? {}) as Record<string, unknown> };
  };
  const recordOf = async (ctx: AuthedContext, id: number): Promise<Row> => {
    const rows = await svc.db.query<Row>('SELECT * FROM video_records WHERE id = $1', [id]);
    const row = rows[0];
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (!row || (ids !== null && !ids.includes(row.companyId ?? -1))) throw new AppError(StatusCode.notFound, 'notFound');
    return row;
  };

  reg.handle(videoEvents.reqEnabledDay, async (ctx, p) => ({
    robotId: p.robotId,
    month: p.month,
    days: ((await ask(ctx, p.robotId, 'recordedDays', { month: p.month })).data.days ?? []) as string[],
  }));

  reg.handle(videoEvents.reqHistoryVideo, async (ctx, p) => {
    const cam = p.cameraId ?? 0;
    const { data } = await ask(ctx, p.robotId, 'listRecordings', { day: p.day, cameraId: cam });
    return { robotId: p.robotId, day: p.day, cameraId: cam, clips: (data.clips ?? []) as RecordedClip[] };
  });

  reg.handle(videoEvents.videoRecordUpload, async (ctx, p) => {
    const start = new Date(p.startTime);
    const stop = new Date(p.stopTime);
    const minutes = (stop.getTime() - start.getTime()) / 60_000;
    if (!(minutes > 0) || minutes > HistoryVideo.maxExportMinutes || p.startTime.slice(0, 10) !== p.stopTime.slice(0, 10)) {
      throw new AppError(StatusCode.badRequest, 'historyVideoRange', { minutes: HistoryVideo.maxExportMinutes });
    }
    const robot = await visibleRobot(ctx, p.robotId);
    if (!robot.online || !robot.videoOnline || !svc.gateway) throw new AppError(StatusCode.badRequest, HISTORY_VIDEO_ERRORS[5]);
    const uploadKey = crypto.randomBytes(24).toString('hex');
    const [row] = await svc.db.query<Row>(
      'INSERT INTO video_records ("robotId", "companyId", "cameraId", "startTime", "stopTime", status, "uploadKey", "userId") VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *',
      [p.robotId, robot.companyId, p.cameraId, start, stop, VideoRecordStatus.uploading, uploadKey, ctx.session.userId],
    );
    const reply = await svc.gateway.request(p.robotId, 'uploadRecording', {
      recordId: row!.id,
      cameraId: p.cameraId,
      startTime: p.startTime,
      stopTime: p.stopTime,
      uploadKey,
      uploadUrl: `${svc.url ?? ''}/robot/avstream/videoRecord`,
    });
    const code = !reply ? 4 : reply.result !== 'accepted' ? 4 : Number((reply.data as { errorCode?: number } | undefined)?.errorCode ?? 0);
    if (code) {
      await svc.db.query('UPDATE video_records SET status = $2, "errorCode" = $3, "uploadKey" = NULL WHERE id = $1', [row!.id, VideoRecordStatus.failed, code]);
      throw new AppError(StatusCode.badRequest, HISTORY_VIDEO_ERRORS[code as HistoryVideoError] ?? HISTORY_VIDEO_ERRORS[4]);
    }
    // A robot that never starts uploading: the export fails as "other" instead of hanging.
    setTimeout(() => {
      if (progress.has(row!.id)) return;
      void svc.db
        .query('UPDATE video_records SET status = $2, "errorCode" = 4, "uploadKey" = NULL WHERE id = $1 AND status = $3 AND size IS NULL', [row!.id, VideoRecordStatus.failed, VideoRecordStatus.uploading])
        .catch(() => undefined);
    }, HistoryVideo.uploadStartTimeoutMs).unref();
    return info(row!);
  });

  reg.handle(videoEvents.videoRecordInfo, async (ctx, p) => info(await recordOf(ctx, p.id)));

  reg.handle(videoEvents.cancelVideoRecordUpload, async (ctx, p) => {
    const row = await recordOf(ctx, p.id);
    if (row.status !== VideoRecordStatus.uploading) return info(row);
    await svc.db.query('UPDATE video_records SET status = $2, "uploadKey" = NULL WHERE id = $1', [row.id, VideoRecordStatus.cancelled]);
    progress.get(row.id)?.abort();
    progress.delete(row.id);
    if (svc.gateway && svc.fleet.get(row.robotId)?.online) void svc.gateway.request(row.robotId, 'cancelUpload', { recordId: row.id }).catch(() => undefined);
    return info({ ...row, status: VideoRecordStatus.cancelled });
  });

  reg.handle(videoEvents['GET /robot/avstream/listVideoRecord'], async (ctx, p) => {
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    const pageSize = p.pageSize ?? Paging.defaultPageSize;
    const pageNum = p.pageNum ?? 1;
    const where: string[] = [];
    const args: unknown[] = [];
    if (p.robotId) where.push(`"robotId" = $${args.push(p.robotId)}`);
    if (ids !== null) where.push(`"companyId" = ANY($${args.push(ids)})`);
    const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await svc.db.query<{ n: string }>(`SELECT count(*) AS n FROM video_records ${sql}`, args);
    const rows = await svc.db.query<Row>(`SELECT * FROM video_records ${sql} ORDER BY "createdAt" DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`, args);
    return { list: rows.map(info), total: Number(count?.n ?? 0), pageNum, pageSize };
  });

  // Issue 20 (spec §7 history video): a robot's face detections, newest first.
  reg.handle(videoEvents.reqFaceByRobotId, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    return svc.db.query(`SELECT id, "robotId", "detectedAt", "pictureUrl", "mapId", data FROM detections WHERE "robotId" = $1 AND kind = 'face' ORDER BY id DESC LIMIT 100`, [p.robotId]);
  });
}

/**
 * `POST /robot/avstream/videoRecord`: the robot's upload of an export (multipart: recordId,
 * uploadKey, robotId, cameraId, startTime, stopTime, videoType mp4, then the file). Fields must
 * come before the file; the key must match an export still uploading.
 */
export function registerVideoRecordRoute(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const root = path.join(svc.config.dataDir, 'uploads');
  const kind = { maxBytes: Files.uploadMaxBytes, types: ['mp4' as const] };
  app.post('/robot/avstream/videoRecord', async (req): Promise<RestAnswer> => {
    const lang = langOf(req);
    if (!req.isMultipart()) return { code: StatusCode.badRequest, message: formatMessage('noFile', lang) };
    const fields: Record<string, string> = {};
    let row: Row | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const id = Number(fields.recordId);
        const rows = id ? await svc.db.query<Row>('SELECT * FROM video_records WHERE id = $1', [id]) : [];
        row = rows[0];
        if (!row || row.status !== VideoRecordStatus.uploading || !row.uploadKey || !fields.uploadKey || !safeEqual(row.uploadKey, fields.uploadKey)) {
          part.file.resume();
          throw new AppError(StatusCode.badRequest, 'historyVideoUploadKey');
        }
        if (fields.videoType && fields.videoType !== HistoryVideo.videoType) throw new AppError(StatusCode.badRequest, 'wrongFileFormat', { allowed: 'mp4' });
        const total = Number(req.headers['content-length'] ?? 0);
        const entry = { received: 0, total, abort: () => req.raw.destroy() };
        progress.set(row.id, entry);
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            entry.received += chunk.length;
            cb(null, chunk);
          },
        });
        const stored = await storeUpload(part.file.pipe(counter), kind, root, '/uploads/');
        const done = await svc.db.query<Row>(
          'UPDATE video_records SET status = $2, "fileUrl" = $3, size = $4, "uploadKey" = NULL WHERE id = $1 AND status = $5 RETURNING *',
          [row.id, VideoRecordStatus.uploaded, stored.url, stored.size, VideoRecordStatus.uploading],
        );
        progress.delete(row.id);
        if (!done[0]) {
          fs.rmSync(stored.path, { force: true }); // cancelled while the last bytes arrived
          throw new AppError(StatusCode.badRequest, 'historyVideoUploadKey');
        }
        await svc.blobs.saved(path.relative(svc.config.dataDir, stored.path));
        return { code: RestCode.ok, message: formatMessage('ok', lang), data: info(done[0]) };
      }
      throw new AppError(StatusCode.badRequest, 'noFile');
    } catch (err) {
      if (row) {
        progress.delete(row.id);
        await svc.db
          .query('UPDATE video_records SET status = $2, "errorCode" = 3, "uploadKey" = NULL WHERE id = $1 AND status = $3', [row.id, VideoRecordStatus.failed, VideoRecordStatus.uploading])
          .catch(() => undefined);
      }
      if (err instanceof AppError) return { code: err.statusCode, message: formatMessage(err.messageKey, lang, err.vars) };
      req.log.warn(err);
      return { code: StatusCode.badRequest, message: formatMessage('historyVideoUploadFailed', lang) };
    }
  });
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
