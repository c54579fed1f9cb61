import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadExcel } from '../../lazy-packages';
import { subjectCan } from '../../../common/access';
import { formatMessage, pickLang } from '../../../common/messages';
import { RestCode, StatusCode, type Lang } from '../../../common/protocol';
import { TRACK_CHECK_ITEMS, TRACK_TASK_STATUS_KEYS } from '../../../common/track';
import { AppError } from '../../errors';
import type { EventContext } from '../../events/registry';
import type { Services } from '../../services';
import { trackRobot } from './track-events';

const MAP_FILE_MAX_BYTES = 1024 * 1024;
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

const STATUS_LABELS: Record<string, Record<Lang, string>> = {
  waiting: { en: 'Waiting', zh: '等待', ja: '待機' },
  inspecting: { en: 'Inspecting', zh: '巡检中', ja: '点検中' },
  paused: { en: 'Paused', zh: '已暂停', ja: '一時停止' },
  terminated: { en: 'Terminated', zh: '已终止', ja: '終了' },
  finished: { en: 'Finished', zh: '已完成', ja: '完了' },
};
const HEADERS: Record<Lang, string[]> = {
  en: ['Run', 'Task', 'Status', 'Started', 'Finished', 'Point', 'Position (m)', 'Readings', 'Picture'],
  zh: ['编号', '任务', '状态', '开始时间', '结束时间', '巡检点', '位置（米）', '读数', '图片'],
  ja: ['番号', 'タスク', '状態', '開始', '終了', 'ポイント', '位置（m）', '測定値', '画像'],
};

/**
 * The track calls that carry files (spec §7): result export (xlsx), track map export (file
 * download) and upload (a JSON map file), and `uploadSnapPictures`. Each checks the token and
 * the track permission itself; Fastify prefers these exact paths to the `/robot/*` REST route.
 */
export function registerTrackHttp(app: FastifyInstance, svc: Services): void {
  const langOf = (req: FastifyRequest): Lang => pickLang(req.headers['accept-language'], 'en');
  const guard = async (req: FastifyRequest, permission: string): Promise<EventContext> => {
    const lang = langOf(req);
    // The header only: a token never travels in a URL (security point 7).
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) throw new AppError(StatusCode.tokenInvalid, 'tokenInvalid');
    if (!subjectCan(session, permission)) throw new AppError(StatusCode.noPermission, 'noPermission');
    return { db: svc.db, lang, ip: req.ip, session, event: req.routeOptions.url ?? req.url };
  };
  const failed = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (err instanceof AppError) return reply.code(200).send({ code: err.statusCode === StatusCode.tokenInvalid ? RestCode.tokenInvalid : err.statusCode, message: formatMessage(err.messageKey, langOf(req), err.vars) });
    req.log.error(err);
    return reply.code(200).send({ code: StatusCode.serverError, message: formatMessage('serverError', langOf(req)) });
  };
  const attachment = (reply: FastifyReply, filename: string, type: string) =>
    reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);

  app.get('/robot/track/inspectResult/:robot/export', async (req, reply) => {
    try {
      const ctx = await guard(req, 'track:read');
      const robotId = await trackRobot(svc, ctx, (req.params as { robot: string }).robot);
      const q = req.query as { id?: string };
      const ids = q.id ? String(q.id).split(',').map(Number).filter(Number.isInteger) : null;
      const rows = await svc.db.query<{ id: number; taskName: string; status: number; startedAt: Date; finishedAt: Date | null; items: { pointName: string; position: number; readings: Record<string, number>; picture: string | null }[] }>(
        'SELECT id, "taskName", "status", "startedAt", "finishedAt", "items" FROM track_results WHERE "robotId" = $1 AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[])) ORDER BY id DESC LIMIT 5000',
        [robotId, ids],
      );
      const lang = ctx.lang;
      const book = new (await loadExcel()).Workbook();
      const sheet = book.addWorksheet(robotId);
      sheet.addRow(HEADERS[lang]).font = { bold: true };
      const unit = Object.fromEntries(TRACK_CHECK_ITEMS.map((c) => [c.key, c.unit]));
      const when = (d: Date | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 19) : '');
      for (const r of rows) {
        const status = STATUS_LABELS[TRACK_TASK_STATUS_KEYS[r.status] ?? '']?.[lang] ?? String(r.status);
        const items = r.items.length ? r.items : [null];
        for (const it of items) {
          const readings = it ? Object.entries(it.readings).map(([k, v]) => `${k} ${v}${unit[k] ?? ''}`).join(', ') : '';
          sheet.addRow([Number(r.id), r.taskName, status, when(r.startedAt), when(r.finishedAt), it?.pointName ?? '', it?.position ?? '', readings, it?.picture ?? '']);
        }
      }
      sheet.columns.forEach((c) => (c.width = 18));
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      return attachment(reply, `inspection-results-${robotId}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(buffer);
    } catch (err) {
      return failed(req, reply, err);
    }
  });

  const mapOf = async (ctx: EventContext, id: string) => {
    const rows = await svc.db.query<{ id: number; robotId: string; name: string; length: number; labels: unknown[]; fileName: string | null }>('SELECT id, "robotId", "name", "length", "labels", "fileName" FROM track_maps WHERE id = $1', [Number(id) || 0]);
    if (!rows[0]) throw new AppError(StatusCode.notFound, 'notFound');
    await trackRobot(svc, ctx, rows[0].robotId).catch(() => {
      throw new AppError(StatusCode.notFound, 'notFound');
    });
    return rows[0];
  };

  app.get('/robot/track/map/export/:id', async (req, reply) => {
    try {
      const ctx = await guard(req, 'track:read');
      const map = await mapOf(ctx, (req.params as { id: string }).id);
      const doc = { format: 'fleet-console/track-map', version: 1, robotId: map.robotId, name: map.name, length: map.length, labels: map.labels };
      return attachment(reply, `${map.name}.json`, 'application/octet-stream').send(Buffer.from(JSON.stringify(doc, null, 2)));
    } catch (err) {
      return failed(req, reply, err);
    }
  });

  app.post('/robot/track/map/upload/:id', async (req, reply) => {
    try {
      const ctx = await guard(req, 'track:write');
      const map = await mapOf(ctx, (req.params as { id: string }).id);
      if (!req.isMultipart()) throw new AppError(StatusCode.badRequest, 'noFile');
      const file = await req.file({ limits: { fileSize: MAP_FILE_MAX_BYTES } });
      if (!file) throw new AppError(StatusCode.badRequest, 'noFile');
      const buf = await file.toBuffer().catch(() => {
        throw new AppError(StatusCode.badRequest, 'fileTooLarge', { limit: '1 MB' });
      });
      const doc = parseMapFile(buf.toString('utf8'));
      if (!doc) throw new AppError(StatusCode.badRequest, 'wrongFileFormat', { allowed: 'JSON track map (length, labels)' });
      const rows = await svc.db.query(
        'UPDATE track_maps SET "length" = $2, "labels" = $3, "fileName" = $4, "fileData" = $5, "updatedAt" = now() WHERE id = $1 RETURNING id, "robotId", "name", "length", "labels", "fileName", "updatedAt"',
        [map.id, doc.length, JSON.stringify(doc.labels), file.filename, buf.toString('utf8')],
      );
      await svc.db.query('INSERT INTO operation_log ("userId", "username", "companyId", "event", "param", "before", "result", "statusCode") VALUES ($1, $2, $3, $4, $5, $6, $7, 200)', [
        ctx.session!.userId,
        ctx.session!.username,
        ctx.session!.companyId,
        'POST /robot/track/map/upload/{id}',
        JSON.stringify({ id: map.id, fileName: file.filename }),
        JSON.stringify(map),
        JSON.stringify(rows[0]),
      ]);
      return reply.send({ code: RestCode.ok, message: formatMessage('ok', ctx.lang), data: rows[0] });
    } catch (err) {
      return failed(req, reply, err);
    }
  });

  // Snapshot pictures (form post: the picture file and a JSON data field with robotId).
  const snapDir = path.join(svc.config.dataDir, 'uploads', 'track');
  app.post('/robot/file/uploadSnapPictures', async (req, reply) => {
    try {
      const ctx = await guard(req, 'track:write');
      if (!req.isMultipart()) throw new AppError(StatusCode.badRequest, 'noFile');
      let data: { robotId?: string } = {};
      let saved: { url: string; name: string; size: number } | null = null;
      for await (const part of req.parts({ limits: { fileSize: PICTURE_MAX_BYTES } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'data') data = safeJson(String(part.value));
          continue;
        }
        const buf = await part.toBuffer().catch(() => {
          throw new AppError(StatusCode.badRequest, 'fileTooLarge', { limit: '5 MB' });
        });
        const ext = pictureExt(buf);
        if (!ext) throw new AppError(StatusCode.badRequest, 'wrongFileFormat', { allowed: 'png, jpg, svg' });
        fs.mkdirSync(snapDir, { recursive: true });
        const name = `${crypto.randomBytes(12).toString('hex')}.${ext}`;
        fs.writeFileSync(path.join(snapDir, name), buf);
        saved = { url: `/uploads/track/${name}`, name: part.filename, size: buf.length };
      }
      if (!saved) throw new AppError(StatusCode.badRequest, 'noFile');
      const robotId = await trackRobot(svc, ctx, data.robotId).catch((e: unknown) => {
        fs.rmSync(path.join(snapDir, path.basename(saved!.url)), { force: true });
        throw e;
      });
      // Shared once accepted: every replica serves it (the /uploads/ route fetches it from the store).
      await svc.blobs.saved(`uploads/track/${path.basename(saved.url)}`);
      return reply.send({ code: RestCode.ok, message: formatMessage('ok', ctx.lang), data: { ...saved, robotId } });
    } catch (err) {
      return failed(req, reply, err);
    }
  });
}

function safeJson(text: string): { robotId?: string } {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as { robotId?: string }) : {};
  } catch {
    return {};
  }
}

function pictureExt(buf: Buffer): string | null {
  if (buf.length > 8 && buf.readUInt32BE(0) === 0x89504e47) return 'png';
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  const head = buf.subarray(0, 256).toString('utf8').trimStart();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return null;
}

/** A track map file: `{length, labels: [{name, position}]}` (what the export writes). */
export function parseMapFile(text: string): { length: number; labels: { name: string; position: number }[] } | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!doc || typeof doc !== 'object') return null;
  const { length, labels } = doc as { length?: unknown; labels?: unknown };
  if (typeof length !== 'number' || !(length > 0) || length > 10_000 || !Array.isArray(labels) || labels.length > 200) return null;
  const ok = labels.every((l) => l && typeof l === 'object' && typeof (l as { name?: unknown }).name === 'string' && (l as { name: string }).name.length > 0 && typeof (l as { position?: unknown }).position === 'number');
  if (!ok) return null;
  return { length, labels: (labels as { name: string; position: number }[]).map((l) => ({ name: l.name.slice(0, 32), position: l.position })) };
}
