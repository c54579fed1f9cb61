import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statusLabelKey } from '../../common/robot';
import { loadExcel } from '../lazy-packages';
import { subjectCan } from '../../common/access';
import { formatMessage, pickLang } from '../../common/messages';
import { StatusCode, type Lang } from '../../common/protocol';
import { listEntity } from '../entities/crud';
import { AppError } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { Services } from '../services';
import type { Entity, PropSchema } from '../schemas/loader';

/** Most rows one export writes (a bigger export is a report job, not a click). */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * `POST /api/export` `{entity, param, lang}` with the token header: the entity's list, filtered
 * and sorted as `param` says, as an .xlsx file with the columns of x-list in the caller's
 * language (enum labels, company names). Needs the entity's read permission; company scope holds.
 */
export function registerExport(app: FastifyInstance, svc: Services): void {
  app.post('/api/export', async (req: FastifyRequest, reply) => {
    const body = (req.body ?? {}) as { entity?: unknown; param?: unknown; lang?: unknown };
    const lang: Lang = body.lang === 'zh' || body.lang === 'ja' || body.lang === 'en' ? body.lang : pickLang(req.headers['accept-language'], 'en');
    const fail = (code: number, message: string) => reply.code(200).send({ code, message });
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return fail(StatusCode.tokenInvalid, formatMessage('tokenInvalid', lang));
    const entity = typeof body.entity === 'string' ? svc.schemas.entities.get(body.entity) : undefined;
    const listBinding = entity?.schema['x-api']?.list;
    if (!entity || !listBinding) return fail(StatusCode.notFound, formatMessage('notFound', lang));
    const permission = entity.schema['x-access']?.read ?? `${entity.id}:read`;
    if (!subjectCan(session, permission)) return fail(StatusCode.noPermission, formatMessage('noPermission', lang));
    const param = body.param && typeof body.param === 'object' && !Array.isArray(body.param) ? (body.param as Record<string, unknown>) : {};
    const ctx: AuthedContext = { db: svc.db, lang, ip: req.ip, session, event: 'export' };
    try {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
        const { list } = await listEntity(ctx, entity, { ...param, pageNum: page, pageSize: 1000 });
        rows.push(...list);
        if (list.length < 1000) break;
      }
      const buffer = await workbook(svc, entity, rows.slice(0, EXPORT_MAX_ROWS), lang);
      const title = entity.schema['x-labels']?.[lang] ?? entity.id;
      const name = `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${entity.id}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(buffer);
    } catch (err) {
      if (err instanceof AppError) return fail(err.statusCode, formatMessage(err.messageKey, lang, err.vars));
      req.log.error(err);
      return fail(StatusCode.serverError, formatMessage('serverError', lang));
    }
  });
}

async function workbook(svc: Services, entity: Entity, rows: Record<string, unknown>[], lang: Lang): Promise<Buffer> {
  const columns = entity.schema['x-list']?.columns ?? entity.readColumns;
  const companies = new Map(
    (await svc.db.query<{ id: number; name: string }>('SELECT id, "name" FROM companies')).map((c) => [c.id, c.name] as const),
  );
  // Roles: built-in ones by their translated enum label, custom ones by their name.
  const roleEnum = svc.schemas.enums.get('role');
  const roles = new Map(
    (await svc.db.query<{ id: number; name: string }>('SELECT id, "name" FROM roles')).map(
      (r) => [r.id, roleEnum?.values.find((ev) => ev.value === r.id)?.labels[lang] ?? r.name] as const,
    ),
  );
  const enumLabel = (p: PropSchema | undefined, v: unknown): unknown => {
    const id = (p?.['x-enum'] ?? (p?.items as PropSchema | undefined)?.['x-enum']) as string | undefined;
    if (!id) return undefined;
    const e = svc.schemas.enums.get(id);
    // x-extra "*": the label of any value outside the enumeration (spec §8: an unknown fault code).
    const other = (e as { 'x-extra'?: Record<string, Record<string, string>> } | undefined)?.['x-extra']?.['*'];
    const one = (x: unknown) => e?.values.find((ev) => ev.value === x)?.labels[lang] ?? (other && x !== '' ? (other[lang] ?? other.en ?? x) : x);
    return Array.isArray(v) ? v.map(one).join(', ') : one(v);
  };
  const cell = (name: string, v: unknown, row: Record<string, unknown>): unknown => {
    if (v === null || v === undefined) return '';
    const p = entity.schema.properties[name];
    // A robot's status reads as the list shows it (spec §4): its label only when online, else offline / unknown.
    if (p?.['x-enum'] === 'robot-status' && 'online' in row) {
      const key = statusLabelKey(row.online as number, v as number);
      const extra = (svc.schemas.enums.get('robot-status') as { 'x-extra'?: Record<string, Record<string, string>> } | undefined)?.['x-extra']?.[key];
      if (extra) return extra[lang] ?? extra.en ?? key;
    }
    const label = enumLabel(p, v);
    if (label !== undefined) return label;
    if (p?.['x-ref'] === 'company') return companies.get(Number(v)) ?? v;
    if (p?.['x-ref'] === 'role') return roles.get(Number(v)) ?? v;
    if (v instanceof Date) return v;
    if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
    if (typeof v === 'object') return JSON.stringify(v);
    return v;
  };
  const wb = new (await loadExcel()).Workbook();
  wb.creator = 'Fleet Console';
  const ws = wb.addWorksheet((entity.schema['x-labels']?.[lang] ?? entity.id).slice(0, 31));
  ws.columns = columns.map((c) => {
    const labels = entity.schema.properties[c]?.['x-labels'] as Record<string, string> | undefined;
    return { header: labels?.[lang] ?? c, key: c, width: 20 };
  });
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c, cell(c, r[c], r)])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
