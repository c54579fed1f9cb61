import fs from 'node:fs';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectCan } from '../../common/access';
import { formatMessage, pickLang } from '../../common/messages';
import { RestCode, StatusCode, type Lang, type RestAnswer } from '../../common/protocol';
import { bumpTable, insertEntity } from '../entities/crud';
import { AppError } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { Entity, PropSchema } from '../schemas/loader';
import type { Services } from '../services';
import { readFirstSheet, SHEET_LIMITS, WorkbookUnreadableError } from '../uploads/sheet-reader';
import { storeUpload } from '../uploads/store-upload';

/** Most rows one import takes (it runs in one transaction). */
export const IMPORT_MAX_ROWS = 5_000;

/**
 * `POST /api/import?entity=<id>` (multipart .xlsx, token header): the first sheet's rows become
 * records of the entity, all or nothing, each validated exactly as a create call. Columns are
 * matched by the field's label in any language or by its name; enum labels and company names
 * are turned back into values. The file an export writes imports back. The upload streams to a
 * temporary file and the sheet is read row by row: the row beyond the limit stops the read.
 */
export function registerImport(app: FastifyInstance, svc: Services): void {
  app.post('/api/import', async (req: FastifyRequest): Promise<RestAnswer> => {
    const lang: Lang = pickLang((req.query as { lang?: string }).lang ?? req.headers['accept-language'], 'en');
    const say = (code: number, key: Parameters<typeof formatMessage>[0], vars: Record<string, string | number> = {}) => ({ code, message: formatMessage(key, lang, vars) });
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return say(StatusCode.tokenInvalid, 'tokenInvalid');
    const entity = svc.schemas.entities.get(String((req.query as { entity?: string }).entity ?? ''));
    if (!entity || !entity.schema['x-api']?.create) return say(StatusCode.notFound, 'notFound');
    if (!subjectCan(session, entity.schema['x-access']?.create ?? `${entity.id}:create`)) return say(StatusCode.noPermission, 'noPermission');
    if (!req.isMultipart()) return say(StatusCode.badRequest, 'noFile');
    const ctx: AuthedContext = { db: svc.db, lang, ip: req.ip, session, event: `import:${entity.id}` };
    const tmpRoot = fs.mkdtempSync(`${os.tmpdir()}/fc-import-`);
    try {
      const part = await req.file();
      if (!part) return say(StatusCode.badRequest, 'noFile');
      const stored = await storeUpload(part.file, { maxBytes: 50 * 1024 * 1024, types: ['xlsx', 'zip'] }, tmpRoot, '');
      let rows: Record<string, unknown>[];
      try {
        rows = await readRows(svc, entity, stored.path);
      } catch (err) {
        if (err instanceof WorkbookUnreadableError) return say(StatusCode.badRequest, 'importUnreadable');
        throw err;
      }
      let current = 0;
      try {
        await svc.db.transaction(async (tx) => {
          for (const [i, row] of rows.entries()) {
            current = i + 2; // sheet row number (row 1 is the header)
            await insertEntity(ctx, tx, entity, row);
          }
        });
      } catch (err) {
        if (err instanceof AppError) {
          const detail = err.messageKey === 'validationFailed' ? (err.text ?? '') : formatMessage(err.messageKey, lang, err.vars);
          return say(StatusCode.badRequest, 'importRowFailed', { row: current, detail });
        }
        throw err;
      }
      bumpTable(entity.table);
      await svc.db.query('INSERT INTO operation_log ("userId", "username", "companyId", "event", "param", "result", "statusCode") VALUES ($1, $2, $3, $4, $5, $6, 200)', [
        session.userId,
        session.username,
        session.companyId,
        ctx.event,
        JSON.stringify({ file: part.filename }),
        JSON.stringify({ imported: rows.length }),
      ]);
      return { code: RestCode.ok, message: formatMessage('ok', lang), data: { imported: rows.length } };
    } catch (err) {
      if (err instanceof AppError) return say(err.statusCode, err.messageKey, err.vars);
      req.log.error(err);
      return say(StatusCode.serverError, 'serverError');
    } finally {
      fs.rmSync(tmpRoot, { recursive: true, force: true });
    }
  });
}

/**
 * The first sheet's data rows as param objects for create, with labels turned back into values,
 * read as a stream: the first row beyond IMPORT_MAX_ROWS stops the read with `importTooMany`.
 */
async function readRows(svc: Services, entity: Entity, file: string): Promise<Record<string, unknown>[]> {
  const props = entity.schema.properties;
  const byHeader = new Map<string, string>();
  for (const [name, p] of Object.entries(props)) {
    byHeader.set(name.toLowerCase(), name);
    for (const label of Object.values((p['x-labels'] as Record<string, string>) ?? {})) byHeader.set(label.toLowerCase(), name);
  }
  const companies = new Map((await svc.db.query<{ id: number; name: string }>('SELECT id, "name" FROM companies')).map((c) => [c.name.toLowerCase(), c.id] as const));
  const roles = new Map((await svc.db.query<{ id: number; name: string }>('SELECT id, "name" FROM roles')).map((r) => [r.name.toLowerCase(), r.id] as const));
  let headerValues: unknown[] = []; // row 1; a sheet without it has no known column
  let columns: (string | null)[] | null = null; // checked once a row below the header shows the sheet has data rows
  const rows: Record<string, unknown>[] = [];
  await readFirstSheet(file, SHEET_LIMITS, (n, rowValues) => {
    if (n === 1) {
      headerValues = rowValues;
      return;
    }
    columns ??= headerValues
      .slice(1)
      .map((v) => String(v ?? '').trim())
      .map((h) => {
        if (!h) return null;
        const name = byHeader.get(h.toLowerCase());
        if (!name) throw new AppError(StatusCode.badRequest, 'importUnknownColumn', { column: h.slice(0, 40) });
        return props[name]!.readOnly ? null : name; // read-only columns of an export are skipped
      });
    const values = rowValues.slice(1);
    const out: Record<string, unknown> = {};
    columns.forEach((name, i) => {
      const raw = cellText(values[i]);
      if (!name || raw === '') return;
      out[name] = convert(svc, props[name]!, raw, companies, roles);
    });
    if (!Object.keys(out).length) return;
    if (rows.length >= IMPORT_MAX_ROWS) throw new AppError(StatusCode.badRequest, 'importTooMany', { limit: IMPORT_MAX_ROWS });
    rows.push(out);
  });
  if (rows.length === 0) throw new AppError(StatusCode.badRequest, 'importEmpty');
  return rows;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text);
  if (typeof v === 'object' && 'result' in (v as object)) return String((v as { result: unknown }).result);
  return String(v).trim();
}

function convert(svc: Services, p: PropSchema, raw: string, companies: Map<string, number>, roles: Map<string, number>): unknown {
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  const fromEnum = (enumId: unknown, text: string): unknown => {
    const e = enumId ? svc.schemas.enums.get(String(enumId)) : undefined;
    const hit = e?.values.find((v) => String(v.value) === text || v.key === text || Object.values(v.labels).some((l) => l.toLowerCase() === text.toLowerCase()));
    return hit ? hit.value : Number.isFinite(Number(text)) ? Number(text) : text;
  };
  if (type === 'array') return raw.split(/\s*[,，]\s*/).filter(Boolean).map((t) => (p.items?.['x-enum'] ? fromEnum(p.items['x-enum'], t) : t));
  if (p['x-enum']) return fromEnum(p['x-enum'], raw);
  if (p['x-ref'] === 'company') return companies.get(raw.toLowerCase()) ?? (Number.isFinite(Number(raw)) ? Number(raw) : raw);
  if (p['x-ref'] === 'role') return roles.get(raw.toLowerCase()) ?? fromEnum('role', raw);
  if (type === 'integer' || type === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === 'boolean') return ['1', 'true', 'yes', '是', 'はい'].includes(raw.toLowerCase());
  return raw;
}
