/**
 * The phone client (issue 19, spec §2 phone and the login page's app download link and QR code):
 * app packages (schema entity app-package: queryApk, addApk, deleteApk) and phone client logs
 * (schema entity phone-log: getPhoneLog, deletePhoneLog); the hooks set what the server decides
 * (uploader, file size, the .apk rule: the name and the content, a zip with AndroidManifest.xml and
 * classes*.dex) and remove a deleted record's file. Routes:
 * - `GET /api/app/latest` (no token): the newest package's version and notes, or null.
 * - `GET /api/app/latest/download` (no token): the newest package's file, and only that one.
 * - `POST /api/phone/log` (token header): a phone client, logged in as a console user, uploads its log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatMessage } from '../../../common/messages';
import { RestCode, StatusCode, type RestAnswer } from '../../../common/protocol';
import { formatBytes, type UploadKind } from '../../../common/uploads';
import { defineEntityHooks } from '../../entities/hooks';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { Row } from '../../store/db';
import { storeUpload, type StoredFile } from '../../uploads/store-upload';
import { ZipReader } from '../../uploads/zip-reader';
import { defineFeature } from '../feature';

/** Path of the newest package's file (the login page's link and QR code point here). */
export const APP_DOWNLOAD_PATH = '/api/app/latest/download';
/** Most a phone client's log file may weigh. */
export const PHONE_LOG_MAX_BYTES = 100 * 1024 * 1024;
const PHONE_LOG_KIND: UploadKind = { maxBytes: PHONE_LOG_MAX_BYTES, types: 'any' };

/** The blob key of a stored upload's URL (/uploads/2026-11/x.apk → uploads/2026-11/x.apk); null for anything else. */
const keyOf = (url: unknown): string | null => (typeof url === 'string' && /^\/uploads\/[0-9-]+\/[0-9a-f]+\.[a-z0-9]+$/.test(url) ? url.slice(1) : null);

let services: Services | null = null;

const removeFile = async (row: Row) => {
  const key = keyOf(row.fileUrl);
  if (key && services) await services.blobs.remove(key).catch(() => undefined);
};

/** Entries of a package's central directory looked at before giving up (an app holds a few thousand). */
const APK_SCAN_MAX = 100_000;

/**
 * Whether a stored file is an Android app package: a zip whose central directory names
 * AndroidManifest.xml and at least one classes*.dex at its root. Only the directory is read
 * (nothing is inflated), through the lazily loaded yauzl of ZipReader.
 */
export async function isApk(file: string): Promise<boolean> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(file);
  } catch {
    return false; // not a zip at all
  }
  try {
    let manifest = false;
    let dex = false;
    await zip.entries({
      max: 0,
      scanMax: APK_SCAN_MAX,
      keep: (e) => {
        if (e.fileName === 'AndroidManifest.xml') manifest = true;
        else if (/^classes\d*\.dex$/.test(e.fileName)) dex = true;
        return manifest && dex; // the first kept entry ends the scan
      },
    });
    return manifest && dex;
  } catch {
    return false; // a broken directory
  } finally {
    zip.close();
  }
}

defineEntityHooks('app-package', {
  async beforeCreate(ctx, _tx, values) {
    const key = keyOf(values.fileUrl);
    if (typeof values.fileName !== 'string' || !/\.apk$/i.test(values.fileName)) throw new AppError(StatusCode.badRequest, 'apkFileRequired');
    values.uploader = ctx.session.username;
    // The name is not enough: the file must be a zip holding a manifest and compiled code. A refused
    // file stays where it is, as every refused upload does: the URL may name any stored file, of any
    // feature, and a refusal must never delete one.
    if (!key || !services || !(await services.blobs.local(key)) || !(await isApk(services.blobs.pathOf(key)))) throw new AppError(StatusCode.badRequest, 'notAnApk');
    // The size is the stored file's, whatever the form said.
    values.fileSize = fs.statSync(services.blobs.pathOf(key)).size;
  },
  async afterWrite(_ctx, kind, row) {
    if (kind === 'delete') await removeFile(row);
  },
});

defineEntityHooks('phone-log', {
  async afterWrite(_ctx, kind, row) {
    if (kind === 'delete') await removeFile(row);
  },
});

type Latest = { id: number; version: string; description: string | null; fileName: string | null; fileSize: number | null; fileUrl: string; createdAt: Date | string };

async function latestPackage(svc: Services): Promise<Latest | null> {
  const rows = await svc.db.query<Latest>('SELECT id, version, description, "fileName", "fileSize", "fileUrl", "createdAt" FROM app_packages ORDER BY "createdAt" DESC, id DESC LIMIT 1');
  return rows[0] ?? null;
}

export default defineFeature({
  id: 'phone',
  register: ({ svc }) => {
    services = svc;
  },
  routes: (app, { svc, langOf }) => {
    app.get('/api/app/latest', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await latestPackage(svc);
      if (!row) return { latest: null };
      return {
        latest: {
          version: row.version,
          description: row.description ?? '',
          fileName: row.fileName ?? `app-${row.version}.apk`,
          fileSize: Number(row.fileSize ?? 0),
          uploadedAt: new Date(row.createdAt).toISOString(),
          url: APP_DOWNLOAD_PATH,
        },
      };
    });

    app.get(APP_DOWNLOAD_PATH, async (req, reply) => {
      const row = await latestPackage(svc);
      const key = row && keyOf(row.fileUrl);
      if (!row || !key || !(await svc.blobs.local(key))) {
        return reply.code(404).send({ code: StatusCode.notFound, message: formatMessage('noAppPackage', langOf(req)) });
      }
      const file = svc.blobs.pathOf(key);
      const name = (row.fileName ?? `app-${row.version}.apk`).replace(/[^\w.-]/g, '_');
      return reply
        .header('content-type', 'application/vnd.android.package-archive')
        .header('content-length', String(fs.statSync(file).size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    });

    app.post('/api/phone/log', async (req): Promise<RestAnswer> => {
      const lang = langOf(req);
      const session = await svc.sessions.resolve(req.headers.token as string | undefined);
      if (!session) return { code: RestCode.tokenInvalid, message: formatMessage('tokenInvalid', lang) };
      if (!req.isMultipart()) return { code: StatusCode.badRequest, message: formatMessage('noFile', lang) };
      const root = path.join(svc.config.dataDir, 'uploads');
      let stored: (StoredFile & { name: string }) | null = null;
      const fields: Record<string, string> = {};
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value).slice(0, 64);
            continue;
          }
          if (stored) {
            part.file.resume();
            continue;
          }
          stored = { ...(await storeUpload(part.file, PHONE_LOG_KIND, root, '/uploads/')), name: part.filename.slice(0, 128) };
        }
        if (!stored) throw new AppError(StatusCode.badRequest, 'noFile');
        await svc.blobs.saved(stored.url.slice(1));
        const row = await svc.db.query<{ id: number }>(
          'INSERT INTO phone_logs (username, "companyId", "phoneModel", "appVersion", "fileName", "fileSize", "fileUrl") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
          [session.username, session.companyId, fields.phoneModel ?? '', fields.appVersion ?? '', stored.name, stored.size, stored.url],
        );
        return { code: RestCode.ok, message: formatMessage('ok', lang), data: { id: Number(row[0]!.id), url: stored.url, size: stored.size } };
      } catch (err) {
        if (stored) {
          fs.rmSync(stored.path, { force: true });
          await svc.blobs.remove(stored.url.slice(1)).catch(() => undefined);
        }
        if (err instanceof AppError) return { code: err.statusCode, message: formatMessage(err.messageKey, lang, err.vars) };
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return { code: StatusCode.badRequest, message: formatMessage('fileTooLarge', lang, { limit: formatBytes(PHONE_LOG_MAX_BYTES) }) };
        req.log.error(err);
        return { code: StatusCode.serverError, message: formatMessage('serverError', lang) };
      }
    });
  },
});
