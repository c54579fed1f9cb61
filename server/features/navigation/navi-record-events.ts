import { isDeepStrictEqual } from 'node:util';
import { navigationEvents, type NaviRecord } from '../../../common/events/navigation';
import { formatMessage, type MessageKey } from '../../../common/messages';
import { StatusCode } from '../../../common/protocol';
import { recogniseDetection, RECOGNISED_KINDS, THRESHOLD_KINDS } from '../detections/recognise';
import { robotSettings } from '../detections/thresholds';
import { bumpTable } from '../../entities/crud';
import { companyVisible, visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import type { EventRegistry } from '../../events/registry';
import type { Services } from '../../services';
import type { NavigationRuns } from './navigation-runs';

/** The navigation records of spec §7 (REST /robot/naviRecord/…): the runs of a task, runs per day, re-recognition of a run. */

/** Longest range of GET /robot/naviRecord/getDayDataCount, in days. */
export const NAVI_DAY_COUNT_MAX_DAYS = 92;

/** A day written YYYY-MM-DD as its UTC midnight (ms), or null when it is not a real day. */
export function parseDay(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms;
}

/** A run as stored (its timestamps go out as ISO strings). */
type RecordRow = Omit<NaviRecord, 'reasonKey'>;

/** Registers the navigation record operations. */
export function registerNaviRecordEvents(reg: EventRegistry, svc: Services, runs: NavigationRuns): void {
  const { loadTask } = runs;

  // Spec §7: GET /robot/naviRecord/getByNaviId — the runs of one task, newest first.
  reg.handle(navigationEvents['GET /robot/naviRecord/getByNaviId'], async (ctx, p) => {
    const t = await loadTask(ctx, p.naviId);
    const rows = await svc.db.query<RecordRow>(
      `SELECT id, "taskId", "robotId", "mapId", "routeName", "status", "count", "laps", "point", "points", "result", "reason", "startedAt", "endedAt",
              floor(extract(epoch FROM (coalesce("endedAt", now()) - "startedAt")))::int AS "duration", "recognised", "recognisedAt"
       FROM nav_records WHERE "taskId" = $1 ORDER BY id DESC LIMIT 100`,
      [t.id],
    );
    // The reason in the caller's language beside its key.
    return rows.map((r) => ({ ...r, reasonKey: r.reason, reason: r.reason ? formatMessage(r.reason as MessageKey, ctx.lang) : null }));
  });

  // Spec §7: GET /robot/naviRecord/getDayDataCount — runs per UTC day of one task, or of the company's tasks.
  reg.handle(navigationEvents['GET /robot/naviRecord/getDayDataCount'], async (ctx, p) => {
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
    const end = p.endDate === undefined ? today : parseDay(p.endDate);
    const start = p.startDate === undefined ? (end ?? today) - 6 * 86_400_000 : parseDay(p.startDate);
    if (start === null || end === null) throw new AppError(StatusCode.badRequest, 'naviDateInvalid');
    if (start > end) throw new AppError(StatusCode.badRequest, 'naviRangeOrder');
    const days = Math.round((end - start) / 86_400_000) + 1;
    if (days > NAVI_DAY_COUNT_MAX_DAYS) throw new AppError(StatusCode.badRequest, 'naviRangeTooLong', { limit: NAVI_DAY_COUNT_MAX_DAYS });
    const where: string[] = ['r."startedAt" >= $1', 'r."startedAt" < $2'];
    const args: unknown[] = [new Date(start).toISOString(), new Date(end + 86_400_000).toISOString()];
    if (p.naviId !== undefined) {
      const t = await loadTask(ctx, p.naviId);
      args.push(t.id);
      where.push(`r."taskId" = $${args.length}`);
    } else if (p.companyId !== undefined) {
      if (!(await companyVisible(svc.db, ctx.session, p.companyId))) throw new AppError(StatusCode.notFound, 'notFound');
      args.push(p.companyId);
      where.push(`t."companyId" = $${args.length}`);
    } else {
      const ids = await visibleCompanyIds(svc.db, ctx.session);
      if (ids !== null) {
        args.push(ids);
        where.push(`t."companyId" = ANY($${args.length}::bigint[])`);
      }
    }
    const counts = await svc.db.query<{ day: string; result: string; n: number }>(
      `SELECT to_char(r."startedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, r."result", count(*)::int AS n
       FROM nav_records r JOIN nav_tasks t ON t.id = r."taskId" WHERE ${where.join(' AND ')} GROUP BY 1, 2`,
      args,
    );
    return Array.from({ length: days }, (_, i) => {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      const of = (result: string) => counts.filter((c) => c.day === date && c.result === result).reduce((n, c) => n + c.n, 0);
      const row = { date, count: 0, finished: of('finished'), stopped: of('stopped'), failed: of('failed'), running: of('running') };
      row.count = row.finished + row.stopped + row.failed + row.running;
      return row;
    });
  });

  // Spec §7: POST /robot/naviRecord/reRecog?recordId — the server's recognition again over the detections of a run.
  reg.handle(navigationEvents['POST /robot/naviRecord/reRecog'], async (ctx, p) => {
    const rec = (
      await svc.db.query<{ id: number; robotId: string; startedAt: string; endedAt: string | null; companyId: number | null; recognised: number | null }>(
        `SELECT r.id, r."robotId", r."startedAt", r."endedAt", r."recognised", coalesce(t."companyId", rb."companyId") AS "companyId"
         FROM nav_records r LEFT JOIN nav_tasks t ON t.id = r."taskId" LEFT JOIN robots rb ON rb."robotId" = r."robotId" WHERE r.id = $1`,
        [p.recordId],
      )
    )[0];
    if (!rec || rec.companyId === null || !(await companyVisible(svc.db, ctx.session, Number(rec.companyId)))) throw new AppError(StatusCode.notFound, 'naviRecordNotFound');
    if (rec.endedAt === null) throw new AppError(StatusCode.badRequest, 'naviRecordRunning');
    ctx.before = { recordId: rec.id, recognised: rec.recognised };
    const robot = (await svc.db.query<{ companyId: number | null }>('SELECT "companyId" FROM robots WHERE "robotId" = $1', [rec.robotId]))[0];
    const settings = await robotSettings(svc.db, svc.schemas, rec.robotId);
    const found = await svc.db.query<{ id: number; companyId: number | null; kind: string; data: Record<string, unknown> }>(
      `SELECT id, "companyId", kind, data FROM detections WHERE "robotId" = $1 AND "detectedAt" >= $2 AND "detectedAt" <= $3 AND kind = ANY($4::text[]) ORDER BY id`,
      [rec.robotId, rec.startedAt, rec.endedAt, RECOGNISED_KINDS],
    );
    let changed = 0;
    await svc.db.transaction(async (tx) => {
      for (const d of found) {
        const data = { ...d.data };
        await recogniseDetection(tx, d.companyId ?? robot?.companyId ?? null, d.kind, data, THRESHOLD_KINDS.includes(d.kind) ? settings : undefined);
        const differs = !isDeepStrictEqual(data, d.data);
        if (differs) changed++;
        await tx.query('UPDATE detections SET data = $2, "updatedAt" = now() WHERE id = $1', [d.id, JSON.stringify({ ...data, recognisedAt: new Date().toISOString() })]);
      }
      await tx.query('UPDATE nav_records SET "recognised" = $2, "recognisedAt" = now() WHERE id = $1', [rec.id, found.length]);
    });
    if (found.length) bumpTable('detections');
    return { recordId: rec.id, recognised: found.length, changed };
  });
}
