import { decodePathPart } from './socket-guard';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Files } from '../../common/constants';
import { formatMessage } from '../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../common/protocol';
import { UPLOAD_KINDS } from '../../common/uploads';
import { AppError } from '../errors';
import type { Services } from '../services';
import { storeUpload, type StoredFile } from '../uploads/store-upload';

/**
 * `POST /api/upload?kind=logo|image|alarmIcon|media|document|file` (multipart, token header; a
 * `data` field may carry JSON): files stream to DATA_DIR/uploads with the kind's size limit and
 * types checked while streaming; at most 50 files a request. Answers `{code, message, data:
 * {url, name, size, type, files}}`. Stored files are served under /uploads/ by unguessable names.
 */
export async function registerUploads(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): Promise<void> {
  const root = path.join(svc.config.dataDir, 'uploads');
  fs.mkdirSync(root, { recursive: true });
  await app.register(multipart, { limits: { fileSize: Files.uploadMaxBytes, files: Files.filesPerBatch + 1, fields: 20, fieldSize: 1024 * 1024 } });
  // In a cluster a file uploaded through another replica is fetched from the store before it is served.
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const url = req.url.split('?')[0]!;
    if (!url.startsWith('/uploads/') || url.includes('/.partial/')) return;
    const key = decodePathPart(url.slice(1));
    if (key === null) return; // a broken escape: the static route answers 404
    await svc.blobs.local(key).catch(() => false);
  });
  await app.register(fastifyStatic, { root, prefix: '/uploads/', decorateReply: false, index: false });

  app.post('/api/upload', async (req): Promise<RestAnswer> => {
    const lang = langOf(req);
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return { code: RestCode.tokenInvalid, message: formatMessage('tokenInvalid', lang) };
    const kindName = String((req.query as { kind?: string }).kind ?? 'file');
    const kind = UPLOAD_KINDS[kindName];
    if (!kind) return { code: StatusCode.badRequest, message: formatMessage('unknownUploadKind', lang, { kind: kindName.slice(0, 32) }) };
    if (!req.isMultipart()) return { code: StatusCode.badRequest, message: formatMessage('noFile', lang) };
    const stored: (StoredFile & { name: string })[] = [];
    let data: unknown = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'data') data = safeJson(String(part.value));
          continue;
        }
        if (stored.length >= Files.filesPerBatch) throw new AppError(StatusCode.badRequest, 'tooManyFiles', { limit: Files.filesPerBatch });
        const file = await storeUpload(part.file, kind, root, '/uploads/');
        stored.push({ ...file, name: part.filename });
        await svc.blobs.saved(path.relative(svc.config.dataDir, file.path));
      }
      if (stored.length === 0) throw new AppError(StatusCode.badRequest, 'noFile');
    } catch (err) {
      for (const f of stored) fs.rmSync(f.path, { force: true });
      if (err instanceof AppError) return { code: err.statusCode, message: formatMessage(err.messageKey, lang, err.vars) };
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (err as { code?: string }).code === 'FST_FILES_LIMIT') {
        return { code: StatusCode.badRequest, message: formatMessage('fileTooLarge', lang, { limit: '1 GB' }) };
      }
      req.log.error(err);
      return { code: StatusCode.serverError, message: formatMessage('serverError', lang) };
    }
    const files = stored.map(({ url, name, size, type }) => ({ url, name, size, type }));
    return { code: RestCode.ok, message: formatMessage('ok', lang), data: { ...files[0]!, files, data } };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
