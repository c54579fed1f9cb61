/**
 * uploadMoveProgram (spec §7: "uses a separate large-file address"): `POST
 * /api/largeFile/uploadMoveProgram` on /config.json's largeFileUrl, multipart with the field `param`
 * (JSON {robotId, name, version?}) and the field `file`. The file streams to the data folder (never
 * whole in memory), at most 1 GB (spec §5/§9: at or above the limit is refused, the partial file
 * removed), then into the blob store every replica reads; the row in move_programs (migration 037)
 * lists it with the robot's programs until it is issued (programInstall) or deleted. The SHA-256
 * of the file is computed while it streams in (migration 046) and sent to the robot with the size
 * and the url, so the robot checks what it downloads.
 * Answered like an event: {statusCode, statusInfo, param}.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectCan } from '../../../common/access';
import { Files } from '../../../common/constants';
import { MOVE_PROGRAM_PATH, MoveProgramParamSchema, SOFTWARE_WRITE_PERMISSION } from '../../../common/events/maintenance-software';
import { formatMessage } from '../../../common/messages';
import { StatusCode, type EventAnswer, type Lang } from '../../../common/protocol';
import { formatBytes, type UploadKind } from '../../../common/uploads';
import { describeAjvError } from '../../../common/validation';
import { visibleRobot } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { storeUpload, type StoredFile } from '../../uploads/store-upload';
import { lazyCompile } from '../../schemas/shared-ajv';

/** A program as stored on the server. */
export type MoveProgramRow = {
  id: number;
  robotId: string;
  name: string;
  version: string;
  size: number;
  fileKey: string;
  url: string;
  /** SHA-256 of the file (hex); null for a row stored before migration 046 (see programSha256). */
  sha256: string | null;
};

const PROGRAM_KIND: UploadKind = { maxBytes: Files.uploadMaxBytes, types: 'any' };
// Compiled on first use, not at start-up (issue 23).
const validate = lazyCompile(MoveProgramParamSchema);

/** The programs uploaded to the server for a robot. */
export async function serverPrograms(svc: Services, robotId: string): Promise<MoveProgramRow[]> {
  const rows = await svc.db.query<MoveProgramRow>('SELECT id, "robotId", name, version, size, "fileKey", url, sha256 FROM move_programs WHERE "robotId" = $1 ORDER BY name', [robotId]);
  return rows.map((r) => ({ ...r, id: Number(r.id), size: Number(r.size), sha256: r.sha256 ?? null }));
}

/**
 * The SHA-256 a program is sent with: the one stored at upload; a row stored before migration 046
 * has none, so its file is hashed once (streamed, from the blob store) and the hash kept. Null when
 * the file is gone.
 */
export async function programSha256(svc: Services, row: MoveProgramRow): Promise<string | null> {
  if (row.sha256) return row.sha256;
  if (!(await svc.blobs.local(row.fileKey).catch(() => false))) return null;
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(svc.blobs.pathOf(row.fileKey))) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  await svc.db.query('UPDATE move_programs SET sha256 = $1 WHERE id = $2 AND "fileKey" = $3 AND sha256 IS NULL', [sha256, row.id, row.fileKey]);
  return sha256;
}

/** Removes a program uploaded to the server (its row and its file); false when there is none. */
export async function removeServerProgram(svc: Services, robotId: string, name: string): Promise<boolean> {
  const row = (await svc.db.query<{ fileKey: string }>('DELETE FROM move_programs WHERE "robotId" = $1 AND name = $2 RETURNING "fileKey"', [robotId, name]))[0];
  if (!row) return false;
  await svc.blobs.remove(row.fileKey).catch(() => undefined);
  return true;
}

export function registerMoveProgramRoute(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const root = path.join(svc.config.dataDir, 'uploads');
  const say = (lang: Lang, statusCode: number, key: Parameters<typeof formatMessage>[0], vars?: Record<string, string | number>): EventAnswer => ({ statusCode, statusInfo: formatMessage(key, lang, vars) });

  app.post(MOVE_PROGRAM_PATH, async (req): Promise<EventAnswer> => {
    const lang = langOf(req);
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return say(lang, StatusCode.tokenInvalid, 'tokenInvalid');
    if (!subjectCan(session, SOFTWARE_WRITE_PERMISSION)) return say(lang, StatusCode.noPermission, 'noPermission');
    // A declared body at or above the limit is refused before a byte is read (a chunked one is counted as it streams).
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared >= Files.uploadMaxBytes + 1024 * 1024) return say(lang, StatusCode.badRequest, 'fileTooLarge', { limit: formatBytes(Files.uploadMaxBytes) });
    if (!req.isMultipart()) return say(lang, StatusCode.badRequest, 'noFile');
    let stored: StoredFile | null = null;
    let param: unknown = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'param') param = parseJson(String(part.value));
          continue;
        }
        if (stored || part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        stored = await storeUpload(part.file, PROGRAM_KIND, root, '/uploads/');
      }
      if (!validate(param)) {
        const err = validate.errors?.[0];
        const detail = err ? describeAjvError(err, MoveProgramParamSchema as never, lang).message : 'param';
        throw new AppError(StatusCode.badRequest, 'validationFailed', { detail });
      }
      const p = param as { robotId: string; name: string; version?: string };
      await visibleRobot(svc.db, session, svc.fleet.get(p.robotId));
      if (!stored) throw new AppError(StatusCode.badRequest, 'noFile');
      const key = path.relative(svc.config.dataDir, stored.path).split(path.sep).join('/');
      await svc.blobs.saved(key);
      // A program of the same name for the robot is replaced (its file removed once the new row is in).
      const old = (await svc.db.query<{ fileKey: string }>('SELECT "fileKey" FROM move_programs WHERE "robotId" = $1 AND name = $2', [p.robotId, p.name]))[0];
      await svc.db.query(
        `INSERT INTO move_programs ("robotId", name, version, size, "fileKey", url, uploader, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("robotId", name) DO UPDATE SET version = $3, size = $4, "fileKey" = $5, url = $6, uploader = $7, sha256 = $8, "createdAt" = now()`,
        [p.robotId, p.name, p.version ?? '', stored.size, key, stored.url, session.username, stored.sha256],
      );
      if (old && old.fileKey !== key) await svc.blobs.remove(old.fileKey).catch(() => undefined);
      const answer = { robotId: p.robotId, name: p.name, version: p.version ?? '', size: stored.size };
      await svc.db
        .query('INSERT INTO operation_log ("userId", "username", "companyId", "event", "param", "result", "statusCode") VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          session.userId,
          session.username,
          session.companyId,
          'uploadMoveProgram',
          JSON.stringify(p),
          JSON.stringify(answer),
          StatusCode.ok,
        ])
        .catch(() => undefined);
      return { statusCode: StatusCode.ok, statusInfo: formatMessage('ok', lang), param: answer };
    } catch (err) {
      if (stored) {
        fs.rmSync(stored.path, { force: true });
        await svc.blobs.remove(path.relative(svc.config.dataDir, stored.path).split(path.sep).join('/')).catch(() => undefined);
      }
      if (err instanceof AppError) return say(lang, err.statusCode, err.messageKey, err.vars);
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return say(lang, StatusCode.badRequest, 'fileTooLarge', { limit: formatBytes(Files.uploadMaxBytes) });
      req.log.error(err);
      return say(lang, StatusCode.serverError, 'serverError');
    }
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
