import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadExcel } from '../../lazy-packages';
import { subjectCan } from '../../../common/access';
import { formatMessage, pickLang } from '../../../common/messages';
import { StatusCode, type Lang } from '../../../common/protocol';
import { listEntity } from '../../entities/crud';
import { AppError } from '../../errors';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import { DETECTION_READ_PERMISSION, detectionsEvents, type DetectionHeat, type MeterStatement } from '../../../common/events/detections';

/** The entity whose rows are the meter readings (custom detections). */
const METER_ENTITY = 'custom-detection';
/** Most readings one statement covers. */
export const METER_STATEMENT_MAX_ROWS = 50_000;

type Reading = { robotId: string; meterName: string; unit: string; reading: number | null; detectedAt: string };

const HEADERS: Record<Lang, Record<keyof MeterStatement | 'reading' | 'detectedAt' | 'statement' | 'readings', string>> = {
  en: { robotId: 'Robot', meterName: 'Meter', unit: 'Unit', count: 'Readings', min: 'Minimum', max: 'Maximum', average: 'Average', first: 'First reading at', last: 'Last reading at', lastReading: 'Last reading', reading: 'Reading', detectedAt: 'Read at', statement: 'Meter statement', readings: 'Readings' },
  zh: { robotId: '机器人', meterName: '仪表', unit: '单位', count: '读数次数', min: '最小值', max: '最大值', average: '平均值', first: '首次读数时间', last: '最近读数时间', lastReading: '最近读数', reading: '读数', detectedAt: '读数时间', statement: '仪表报表', readings: '读数明细' },
  ja: { robotId: 'ロボット', meterName: 'メーター', unit: '単位', count: '読み取り回数', min: '最小値', max: '最大値', average: '平均値', first: '最初の読み取り日時', last: '最後の読み取り日時', lastReading: '最新の読み値', reading: '読み値', detectedAt: '読み取り日時', statement: 'メーター報告書', readings: '読み値一覧' },
};

/** The readings of the custom-detection list as filtered (scope, kind and filters as the list applies them), oldest first. */
async function readings(svc: Services, ctx: AuthedContext, param: Record<string, unknown>): Promise<Reading[]> {
  const entity = svc.schemas.entities.get(METER_ENTITY);
  if (!entity) throw new AppError(StatusCode.notFound, 'notFound');
  const { pageNum: _n, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = param;
  const rows: Reading[] = [];
  for (let page = 1; rows.length < METER_STATEMENT_MAX_ROWS; page++) {
    const { list } = await listEntity(ctx, entity, { ...filters, sortField: 'detectedAt', sortOrder: 'asc', pageNum: page, pageSize: 1000 });
    for (const r of list) {
      const detectedAt = r.detectedAt instanceof Date ? r.detectedAt.toISOString() : String(r.detectedAt ?? '');
      rows.push({ robotId: String(r.robotId ?? ''), meterName: String(r.meterName ?? ''), unit: String(r.unit ?? ''), reading: typeof r.reading === 'number' ? r.reading : null, detectedAt });
    }
    if (list.length < 1000) break;
  }
  return rows;
}

/** Groups readings by robot, meter and unit: count, minimum, maximum, average, first and last. */
export function meterStatements(rows: readonly Reading[]): MeterStatement[] {
  const groups = new Map<string, Reading[]>();
  for (const r of rows) {
    const key = JSON.stringify([r.robotId, r.meterName, r.unit]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .map((list) => {
      const values = list.map((r) => r.reading).filter((v): v is number => v !== null);
      const sorted = [...list].sort((a, b) => a.detectedAt.localeCompare(b.detectedAt));
      return {
        robotId: list[0]!.robotId,
        meterName: list[0]!.meterName,
        unit: list[0]!.unit,
        count: list.length,
        min: values.length ? Math.min(...values) : null,
        max: values.length ? Math.max(...values) : null,
        average: values.length ? Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(3)) : null,
        first: sorted[0]?.detectedAt ?? null,
        last: sorted[sorted.length - 1]?.detectedAt ?? null,
        lastReading: sorted[sorted.length - 1]?.reading ?? null,
      };
    })
    .sort((a, b) => a.meterName.localeCompare(b.meterName) || a.robotId.localeCompare(b.robotId));
}

/** customDetection's meter statements (spec §7 meterStatementsExport): the statements of the filtered readings. */
export function registerMeterStatementEvents(reg: EventRegistry, svc: Services): void {
  reg.handle(detectionsEvents.meterStatementsExport, async (ctx, p) => ({ list: meterStatements(await readings(svc, ctx, p ?? {})) }));
}

/**
 * `POST /api/meter-statements` ({param, lang}, token header): the meter statements of the filtered
 * custom-detection readings as an .xlsx with a statement sheet and a readings sheet. Needs the list's read permission.
 */
export function registerMeterStatementsRoute(app: FastifyInstance, svc: Services): void {
  const permission = () => svc.schemas.entities.get(METER_ENTITY)?.schema['x-access']?.read ?? DETECTION_READ_PERMISSION;
  app.post('/api/meter-statements', async (req: FastifyRequest, reply) => {
    const body = (req.body ?? {}) as { param?: unknown; lang?: unknown };
    const lang: Lang = body.lang === 'zh' || body.lang === 'ja' || body.lang === 'en' ? body.lang : pickLang(req.headers['accept-language'], 'en');
    const fail = (code: number, key: Parameters<typeof formatMessage>[0]) => reply.code(200).send({ code, message: formatMessage(key, lang) });
    const session = await svc.sessions.resolve(req.headers.token as string | undefined);
    if (!session) return fail(StatusCode.tokenInvalid, 'tokenInvalid');
    if (!subjectCan(session, permission())) return fail(StatusCode.noPermission, 'noPermission');
    const param = body.param && typeof body.param === 'object' && !Array.isArray(body.param) ? (body.param as Record<string, unknown>) : {};
    const ctx: AuthedContext = { db: svc.db, lang, ip: req.ip, session, event: 'meterStatementsExport' };
    try {
      const rows = await readings(svc, ctx, param);
      const h = HEADERS[lang];
      const wb = new (await loadExcel()).Workbook();
      wb.creator = 'Fleet Console';
      const sheet = wb.addWorksheet(h.statement);
      const cols = ['meterName', 'unit', 'robotId', 'count', 'min', 'max', 'average', 'first', 'last', 'lastReading'] as const;
      sheet.columns = cols.map((c) => ({ header: h[c], key: c, width: 18 }));
      for (const s of meterStatements(rows)) sheet.addRow({ ...s, first: s.first ? new Date(s.first) : '', last: s.last ? new Date(s.last) : '' });
      sheet.getRow(1).font = { bold: true };
      const detail = wb.addWorksheet(h.readings);
      const dcols = ['detectedAt', 'robotId', 'meterName', 'reading', 'unit'] as const;
      detail.columns = dcols.map((c) => ({ header: h[c], key: c, width: 20 }));
      for (const r of rows) detail.addRow({ ...r, detectedAt: r.detectedAt ? new Date(r.detectedAt) : '' });
      detail.getRow(1).font = { bold: true };
      const name = `${h.statement}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="meter-statement.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(await wb.xlsx.writeBuffer()));
    } catch (err) {
      if (err instanceof AppError) return reply.code(200).send({ code: err.statusCode, message: formatMessage(err.messageKey, lang, err.vars) });
      req.log.error(err);
      return fail(StatusCode.serverError, 'serverError');
    }
  });
}

/** Heat events (spec §7 getFaceHeat, getPlateHeat, getInfraredHeat) → the list whose rows they count. */
export const HEAT_EVENTS = { getFaceHeat: 'face-orbit', getPlateHeat: 'plate-detection', getInfraredHeat: 'thermal-imaging' } as const;

/**
 * Counts the rows of a detection list (its filters applied) by weekday (0 Sunday … 6) and hour of
 * day in the caller's time zone (`utcOffset`: minutes east of UTC, as dayjs().utcOffset() gives).
 */
export async function detectionHeat(svc: Services, ctx: AuthedContext, entityId: string, param: Record<string, unknown>): Promise<DetectionHeat> {
  const entity = svc.schemas.entities.get(entityId);
  if (!entity) throw new AppError(StatusCode.notFound, 'notFound');
  const { pageNum: _n, pageSize: _s, sortField: _f, sortOrder: _o, utcOffset, ...filters } = param;
  const offset = Math.max(-14 * 60, Math.min(14 * 60, Math.round(Number(utcOffset) || 0)));
  const counts = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  let total = 0;
  for (let page = 1; total < METER_STATEMENT_MAX_ROWS; page++) {
    const { list } = await listEntity(ctx, entity, { ...filters, pageNum: page, pageSize: 1000 });
    for (const r of list) {
      const at = new Date(new Date(r.detectedAt as string).getTime() + offset * 60_000);
      if (Number.isNaN(at.getTime())) continue;
      counts[at.getUTCDay()]![at.getUTCHours()]! += 1;
      total += 1;
    }
    if (list.length < 1000) break;
  }
  return { counts, total, max: Math.max(0, ...counts.flat()) };
}

/** Registers the heat events (the permission of each is its list's read permission, detection:read). */
export function registerHeatEvents(reg: EventRegistry, svc: Services): void {
  for (const [name, entityId] of Object.entries(HEAT_EVENTS) as [keyof typeof HEAT_EVENTS, string][]) {
    reg.handle(detectionsEvents[name], (ctx, p) => detectionHeat(svc, ctx, entityId, p ?? {}));
  }
}
