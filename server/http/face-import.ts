import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadExcel } from '../lazy-packages';
import { subjectCan } from '../../common/access';
import { Files } from '../../common/constants';
import { formatMessage, pickLang, type MessageKey } from '../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../common/protocol';
import { formatBytes, sniffFileType, UPLOAD_KINDS, type FileType } from '../../common/uploads';
import { bumpTable, insertEntity } from '../entities/crud';
import { AppError } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { Entity, PropSchema } from '../schemas/loader';
import type { Services } from '../services';
import { readFirstSheet, SHEET_LIMITS, WorkbookUnreadableError } from '../uploads/sheet-reader';
import { drain, makeTempDir, saveStream } from '../uploads/temp-files';
import { isFolder, ZipReader, ZipTooLargeError } from '../uploads/zip-reader';

/** Columns of the face template, in order (the Photos column names picture files of the batch). */
export const FACE_TEMPLATE_COLUMNS = ['name', 'gender', 'nation', 'idType', 'idNumber', 'workCompany', 'phone', 'jobTitle', 'entryType', 'remark', 'photos'] as const;
const PHOTOS_LABELS: Record<Lang, string> = { en: 'Photo files', zh: '照片文件', ja: '写真ファイル' };
/** The example row's name in each language: row 2 of the template, which must stay (spec §5). */
export const FACE_EXAMPLE_NAMES: Record<Lang, string> = { en: 'Example', zh: '示例', ja: '例' };
const REQUIRED = ['name', 'gender', 'idNumber', 'photos'] as const;
/** The template's example values (after the name). */
const EXAMPLE: Record<string, string> = { idNumber: '11010519491231002X', workCompany: 'Harbor Security', phone: '13800138000', jobTitle: 'Guard', remark: '', photos: 'example-1.jpg, example-2.jpg' };

class BatchError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

function labelOf(entity: Entity, name: string, lang: Lang): string {
  if (name === 'photos') return PHOTOS_LABELS[lang];
  const labels = entity.schema.properties[name]?.['x-labels'] as Record<string, string> | undefined;
  return labels?.[lang] ?? labels?.en ?? name;
}

/**
 * The face library's batch import (spec §5, §8, §9): `GET /api/faces/template` is the sheet to
 * fill in; `POST /api/faces/import` takes it (.xlsx) or a .zip holding it and the photos, plus
 * loose PNG/JPEG photos — at most 50 files a request, at most 500 people a batch. Every row is
 * checked by the same rules as a single entry; all are imported or none, with the batch error
 * naming the row. Uploads and zip entries stream to a temporary folder under DATA_DIR/tmp (removed
 * afterwards), the sheet is read row by row and zip entries are inflated with their real bytes
 * counted, so a batch holds little memory and a lying zip stops at its first byte too many.
 */
export function registerFaceImport(app: FastifyInstance, svc: Services): void {
  const entityOf = () => svc.schemas.entities.get('face-entry');
  const langOf = (req: FastifyRequest): Lang => pickLang((req.query as { lang?: string }).lang ?? req.headers['accept-language'], 'en');

  app.get('/api/faces/template', async (req, reply) => {
    const lang = langOf(req);
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    const entity = entityOf();
    if (!session) return reply.send({ code: StatusCode.tokenInvalid, message: formatMessage('tokenInvalid', lang) });
    if (!entity) return reply.send({ code: StatusCode.notFound, message: formatMessage('notFound', lang) });
    if (!subjectCan(session, entity.schema['x-access']?.create ?? 'face:create')) return reply.send({ code: StatusCode.noPermission, message: formatMessage('noPermission', lang) });
    const wb = new (await loadExcel()).Workbook();
    const ws = wb.addWorksheet('faces');
    ws.addRow(FACE_TEMPLATE_COLUMNS.map((c) => labelOf(entity, c, lang)));
    const enumLabel = (prop: string, value: number) => {
      const e = svc.schemas.enums.get(String(entity.schema.properties[prop]?.['x-enum']));
      return e?.values.find((v) => v.value === value)?.labels[lang] ?? String(value);
    };
    ws.addRow(
      FACE_TEMPLATE_COLUMNS.map((c) =>
        c === 'name' ? FACE_EXAMPLE_NAMES[lang] : c === 'gender' ? enumLabel('gender', 1) : c === 'idType' ? enumLabel('idType', 1) : c === 'entryType' ? enumLabel('entryType', 1) : c === 'nation' ? '' : (EXAMPLE[c] ?? ''),
      ),
    );
    ws.getRow(1).font = { bold: true };
    ws.getRow(2).font = { italic: true, color: { argb: 'FF888888' } };
    ws.columns.forEach((col) => (col.width = 18));
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="face-template.xlsx"')
      .send(buf);
  });

  app.post('/api/faces/import', async (req): Promise<RestAnswer> => {
    const lang = langOf(req);
    const say = (code: number, key: MessageKey, vars: Record<string, string | number> = {}) => ({ code, message: formatMessage(key, lang, vars) });
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return say(StatusCode.tokenInvalid, 'tokenInvalid');
    const entity = entityOf();
    if (!entity) return say(StatusCode.notFound, 'notFound');
    if (!subjectCan(session, entity.schema['x-access']?.create ?? 'face:create')) return say(StatusCode.noPermission, 'noPermission');
    if (!req.isMultipart()) return say(StatusCode.badRequest, 'noFile');
    const ctx: AuthedContext = { db: svc.db, lang, ip: req.ip, session, event: 'import:face-entry' };
    const written: string[] = [];
    let tmp: string | null = null;
    try {
      tmp = await makeTempDir(path.join(svc.config.dataDir, 'tmp'), 'face-import-');
      const files: Upload[] = [];
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        if (files.length >= Files.filesPerBatch) {
          await drain(part.file).catch(() => undefined);
          return say(StatusCode.badRequest, 'tooManyFiles', { limit: Files.filesPerBatch });
        }
        const file = path.join(tmp, `upload-${files.length}`);
        // A loose photo beyond the photo limit counts as absent: it is read on but not kept.
        const saved = await saveStream(part.file, file, (head) => (isPicture(sniffFileType(head)) ? UPLOAD_KINDS.image!.maxBytes : Infinity));
        if (part.file.truncated) throw new BatchError('fileTooLarge', { limit: formatBytes(Files.uploadMaxBytes) });
        files.push({ name: path.basename(part.filename), file, size: saved.size, type: sniffFileType(saved.head), kept: saved.kept });
      }
      if (files.length === 0) return say(StatusCode.badRequest, 'noFile');
      const { sheet, photos } = await collect(files, tmp);
      const rows = await readSheet(svc, entity, sheet, lang);
      const urls = new Map<string, string>();
      const root = path.join(svc.config.dataDir, 'uploads');
      const count = await svc.db.transaction(async (tx) => {
        for (const { row, values, photoNames } of rows) {
          const list: string[] = [];
          for (const name of photoNames) {
            const photo = photos.get(name.toLowerCase());
            if (!photo) throw new BatchError('faceBatchPhoto', { row, file: name });
            let url = urls.get(name.toLowerCase());
            if (!url) {
              const month = new Date().toISOString().slice(0, 7);
              const file = `${crypto.randomBytes(16).toString('hex')}.${photo.type === 'png' ? 'png' : 'jpg'}`;
              fs.mkdirSync(path.join(root, month), { recursive: true });
              const full = path.join(root, month, file);
              await fs.promises.copyFile(photo.file, full);
              written.push(full);
              await svc.blobs.saved(`uploads/${month}/${file}`);
              url = `/uploads/${month}/${file}`;
              urls.set(name.toLowerCase(), url);
            }
            list.push(url);
          }
          try {
            await insertEntity(ctx, tx, entity, { ...values, pictureUrl: list.join(',') });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const detail = err.messageKey === 'validationFailed' ? (err.text ?? '') : formatMessage(err.messageKey, lang, err.vars);
            throw new BatchError('faceBatchInvalid', { row, detail });
          }
        }
        return rows.length;
      });
      written.length = 0; // kept: they belong to the new entries
      bumpTable(entity.table);
      await svc.db.query('INSERT INTO operation_log ("userId", "username", "companyId", "event", "param", "result", "statusCode") VALUES ($1, $2, $3, $4, $5, $6, 200)', [
        session.userId,
        session.username,
        session.companyId,
        ctx.event,
        JSON.stringify({ files: files.map((f) => f.name).slice(0, Files.filesPerBatch) }),
        JSON.stringify({ imported: count }),
      ]);
      return { code: RestCode.ok, message: formatMessage('ok', lang), data: { imported: count } };
    } catch (err) {
      if (err instanceof BatchError) return say(StatusCode.badRequest, err.key, err.vars);
      if (err instanceof AppError) return say(err.statusCode, err.messageKey, err.vars);
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') return say(StatusCode.badRequest, 'tooManyFiles', { limit: Files.filesPerBatch });
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return say(StatusCode.badRequest, 'fileTooLarge', { limit: formatBytes(Files.uploadMaxBytes) });
      req.log.error(err);
      return say(StatusCode.serverError, 'serverError');
    } finally {
      for (const f of written) fs.rmSync(f, { force: true });
      if (tmp) await fs.promises.rm(tmp, { recursive: true, force: true });
    }
  });
}

/** An uploaded file, streamed to a temporary file. */
type Upload = { name: string; file: string; size: number; type: FileType; kept: boolean };

type Photo = { file: string; type: 'png' | 'jpeg' };

const isPicture = (type: FileType): type is 'png' | 'jpeg' => type === 'png' || type === 'jpeg';

/** Most bytes a batch zip may hold once inflated: 500 people × 9 photos × 512 KB, plus the sheet. */
const ZIP_MAX_BYTES = Files.facesPerBatch * Files.facesPerPerson * 512 * 1024 + 50 * 1024 * 1024;
/** Most bytes the sheet inside a batch zip may declare. */
const ZIP_SHEET_MAX_BYTES = 50 * 1024 * 1024;
/** Most files (not folders, not macOS metadata) a batch zip may hold: 9 photos for each of 500 people, and the sheet. */
const ZIP_MAX_FILES = Files.facesPerBatch * Files.facesPerPerson + 1;

/** The sheet (loose .xlsx or inside the .zip, as a file) and the photos by lower-case file name. */
async function collect(files: Upload[], tmp: string): Promise<{ sheet: string; photos: Map<string, Photo> }> {
  const sheets: string[] = [];
  const photos = new Map<string, Photo>();
  // A photo that is not a picture, or too big, counts as absent: the row naming it gets the content error.
  const addPhoto = (name: string, file: string, type: FileType, size: number, kept = true) => {
    if (isPicture(type) && kept && size <= UPLOAD_KINDS.image!.maxBytes) photos.set(path.basename(name).toLowerCase(), { file, type });
  };
  for (const f of files) {
    if (f.type === 'xlsx') sheets.push(f.file);
    else if (f.type === 'zip') await unzipBatch(f.file, tmp, sheets, addPhoto);
    else if (isPicture(f.type)) addPhoto(f.name, f.file, f.type, f.size, f.kept);
    else if (/\.(xlsx|zip)$/i.test(f.name)) throw new BatchError('faceBatchUnreadable');
    else throw new BatchError('faceBatchFormat');
  }
  if (sheets.length !== 1) throw new BatchError('faceBatchFormat');
  return { sheet: sheets[0]!, photos };
}

/**
 * Unpacks a batch zip into `tmp`: the .xlsx entries to `sheets`, pictures to `addPhoto`. The
 * directory's counts and declared sizes are checked before anything is inflated (a small zip can
 * hold gigabytes); then every entry's real bytes are counted while inflating, so an entry larger than
 * it declares, or more than ZIP_MAX_BYTES in all, stops the batch at the first byte too many.
 */
async function unzipBatch(file: string, tmp: string, sheets: string[], addPhoto: (name: string, file: string, type: FileType, size: number) => void): Promise<void> {
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(file);
  } catch {
    throw new BatchError('faceBatchUnreadable');
  }
  try {
    const { entries, complete } = await zip.entries({ max: ZIP_MAX_FILES, scanMax: 4 * ZIP_MAX_FILES, keep: (e) => !isFolder(e) && !e.fileName.startsWith('__MACOSX/') });
    if (!complete) throw new BatchError('faceBatchOver', { limit: Files.facesPerBatch });
    if (entries.reduce((sum, e) => sum + Math.min(e.uncompressedSize, ZIP_SHEET_MAX_BYTES + 1), 0) > ZIP_MAX_BYTES) throw new BatchError('faceBatchOver', { limit: Files.facesPerBatch });
    const budget = { left: ZIP_MAX_BYTES };
    for (const [i, e] of entries.entries()) {
      const sheet = /\.xlsx$/i.test(e.fileName);
      if (e.uncompressedSize > (sheet ? ZIP_SHEET_MAX_BYTES : UPLOAD_KINDS.image!.maxBytes)) {
        if (sheet) throw new BatchError('faceBatchUnreadable');
        continue; // a photo too big counts as absent
      }
      const out = path.join(tmp, `entry-${i}`);
      const saved = await saveStream(await zip.open(e, budget), out, (head) => (sheet || isPicture(sniffFileType(head)) ? Infinity : 0));
      if (sheet) sheets.push(out);
      else addPhoto(e.fileName, out, sniffFileType(saved.head), saved.size);
    }
  } catch (err) {
    if (err instanceof BatchError) throw err;
    if (err instanceof ZipTooLargeError) throw new BatchError('faceBatchZipTooLarge', { limit: formatBytes(ZIP_MAX_BYTES) });
    throw new BatchError('faceBatchUnreadable');
  } finally {
    zip.close();
  }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'richText' in (v as object)) return ((v as { richText: { text: string }[] }).richText ?? []).map((r) => r.text).join('').trim();
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text).trim();
  if (typeof v === 'object' && 'result' in (v as object)) return String((v as { result: unknown }).result).trim();
  return String(v).trim();
}

/**
 * The data rows (after the example row) as create params, with their sheet row numbers and photo
 * file names, read as a stream: the first data row beyond the batch limit stops the read.
 */
async function readSheet(svc: Services, entity: Entity, sheet: string, lang: Lang): Promise<{ row: number; values: Record<string, unknown>; photoNames: string[] }[]> {
  const byHeader = new Map<string, string>();
  for (const name of FACE_TEMPLATE_COLUMNS) {
    byHeader.set(name.toLowerCase(), name);
    for (const lang of ['en', 'zh', 'ja'] as const) byHeader.set(labelOf(entity, name, lang).toLowerCase(), name);
  }
  let headerRow: unknown[] = [];
  let exampleRow: unknown[] = [];
  let columns: (string | null)[] | null = null;
  /** Checks the header (row 1) and the example row (row 2) once, before the first data row or at the end. */
  const prepare = (): (string | null)[] => {
    if (columns) return columns;
    const header = headerRow.slice(1).map(cellText);
    const named = header.map((h) => {
      if (!h) return null;
      const name = byHeader.get(h.toLowerCase());
      if (!name) throw new BatchError('faceBatchColumn', { column: h.slice(0, 40) });
      return name;
    });
    for (const need of REQUIRED) if (!named.includes(need)) throw new BatchError('faceBatchFormat');
    const example = cellText(exampleRow[named.indexOf('name') + 1]);
    if (!Object.values(FACE_EXAMPLE_NAMES).some((n) => n.toLowerCase() === example.toLowerCase())) throw new BatchError('faceBatchExample');
    return (columns = named);
  };
  const out: { row: number; values: Record<string, unknown>; photoNames: string[] }[] = [];
  let found: boolean;
  try {
    found = await readFirstSheet(sheet, SHEET_LIMITS, (n, rowValues) => {
      if (n === 1) headerRow = rowValues;
      else if (n === 2) exampleRow = rowValues;
      else {
        const cols = prepare();
        const cells = rowValues.slice(1).map(cellText);
        if (cells.every((c) => c === '')) return;
        if (out.length >= Files.facesPerBatch) throw new BatchError('faceBatchOver', { limit: Files.facesPerBatch });
        const values: Record<string, unknown> = {};
        let photoNames: string[] = [];
        cols.forEach((name, i) => {
          const raw = cells[i] ?? '';
          if (!name || raw === '') return;
          if (name === 'photos') photoNames = raw.split(/\s*[,，;；]\s*/).filter(Boolean);
          else values[name] = convert(svc, entity.schema.properties[name]!, raw);
        });
        for (const need of REQUIRED) {
          const present = need === 'photos' ? photoNames.length > 0 : values[need] !== undefined;
          if (!present) throw new BatchError('faceBatchMissing', { row: n, field: labelOf(entity, need, lang) });
        }
        out.push({ row: n, values, photoNames });
      }
    });
  } catch (err) {
    if (err instanceof WorkbookUnreadableError) throw new BatchError('faceBatchUnreadable');
    throw err;
  }
  if (!found) throw new BatchError('faceBatchUnreadable');
  prepare();
  if (out.length === 0) throw new BatchError('faceBatchFormat');
  return out;
}

function convert(svc: Services, p: PropSchema, raw: string): unknown {
  const enumId = p['x-enum'];
  if (enumId) {
    const e = svc.schemas.enums.get(String(enumId));
    const hit = e?.values.find((v) => String(v.value) === raw || v.key.toLowerCase() === raw.toLowerCase() || Object.values(v.labels).some((l) => l.toLowerCase() === raw.toLowerCase()));
    return hit ? hit.value : raw;
  }
  return p.type === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw;
}
