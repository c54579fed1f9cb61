import { REPORT_MAX_DAYS, reportRange, weekStartOf, type ReportPeriod } from '../../../common/alarm-codes';
import type { ReportParams } from '../../../common/events/reports';
import { StatusCode } from '../../../common/protocol';
import { fail } from '../../errors';
import { visibleCompanyIds } from '../../entities/scope';
import type { AuthedContext } from '../../events/registry';
import type { Services } from '../../services';
import { infoCount, navigationByDay, sosCount } from './report-detections';
import { daySql, daysOf } from './report-days';

/** Where a report looks: a time range and the robots' filter (one robot, or the caller's company tree). */
export interface ReportScope {
  start: string;
  end: string;
  days: number;
  /** The first and last day of the period in the caller's calendar (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
  /** The caller's UTC offset in minutes: days begin at its midnight. */
  utcOffset: number;
  period: ReportPeriod;
  robotId: string | null;
  robotName: string | null;
  /** Company ids of the caller's tree (null: all). */
  companies: number[] | null;
  /** The company whose mail server sends the report: the robot's, else the caller's. */
  companyId: number;
}

/** Checks the period and the robot and gives the scope of a report. */
export async function reportScope(svc: Services, ctx: AuthedContext, p: ReportParams, now = new Date()): Promise<ReportScope> {
  let range: ReturnType<typeof reportRange>;
  const utcOffset = p.utcOffset ?? 0;
  try {
    range = reportRange(p.period, now, p.period === 'custom' ? { start: p.start ?? '', end: p.end ?? '' } : undefined, { utcOffset, weekStartsOn: weekStartOf(ctx.lang) });
  } catch {
    throw fail.message(StatusCode.badRequest, 'reportRangeInvalid', { limit: REPORT_MAX_DAYS });
  }
  if (range.days > REPORT_MAX_DAYS) throw fail.message(StatusCode.badRequest, 'reportRangeInvalid', { limit: REPORT_MAX_DAYS });
  const companies = await visibleCompanyIds(svc.db, ctx.session);
  let robotName: string | null = null;
  let companyId = ctx.session.companyId;
  if (p.robotId) {
    const robot = (await svc.db.query<{ robotName: string; companyId: number }>('SELECT "robotName", "companyId" FROM robots WHERE "robotId" = $1', [p.robotId]))[0];
    if (!robot || (companies !== null && !companies.includes(Number(robot.companyId)))) throw fail.message(StatusCode.notFound, 'robotNotFound');
    robotName = robot.robotName;
    companyId = Number(robot.companyId);
  }
  return { ...range, utcOffset, period: p.period, robotId: p.robotId ?? null, robotName, companies, companyId };
}


/** WHERE clause and params over `alarms` for a scope. */
function alarmWhere(s: ReportScope): { sql: string; args: unknown[] } {
  const args: unknown[] = [s.start, s.end];
  const where = ['"createdAt" >= $1', '"createdAt" < $2'];
  if (s.companies !== null) {
    args.push(s.companies);
    where.push(`"companyId" = ANY($${args.length}::bigint[])`);
  }
  if (s.robotId) {
    args.push(s.robotId);
    where.push(`"robotId" = $${args.length}`);
  }
  return { sql: where.join(' AND '), args };
}


/** Alarm counts of a scope. */
type AlarmCounts = {
  total: number;
  alarms: number;
  faults: number;
  environment: number;
  unprocessed: number;
  processed: number;
  outdated: number;
  noProcessingNeeded: number;
  released: number;
};

/** getSummaryStatistics: robots, online, alarms by kind and by process state, detections, patrol runs and SOS calls. */
export async function summary(svc: Services, s: ReportScope) {
  const w = alarmWhere(s);
  const row = (
    await svc.db.query<AlarmCounts>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE "kind" = 'alarm')::int AS alarms,
              count(*) FILTER (WHERE "kind" = 'fault')::int AS faults,
              count(*) FILTER (WHERE "kind" = 'environment')::int AS environment,
              count(*) FILTER (WHERE "processStatus" = 0)::int AS unprocessed,
              count(*) FILTER (WHERE "processStatus" = 1)::int AS processed,
              count(*) FILTER (WHERE "processStatus" = 2)::int AS outdated,
              count(*) FILTER (WHERE "processStatus" = 3)::int AS "noProcessingNeeded",
              count(*) FILTER (WHERE "status" = 1)::int AS released
         FROM alarms WHERE ${w.sql}`,
      w.args,
    )
  )[0]!;
  const robots = robotsIn(svc, s);
  const [info, nav, sos] = await Promise.all([infoCount(svc, s), navigationByDay(svc, s), sosCount(svc, s)]);
  return {
    start: s.start,
    end: s.end,
    firstDay: s.firstDay,
    lastDay: s.lastDay,
    days: s.days,
    robots: robots.length,
    online: robots.filter((r) => r.online === 1).length,
    ...row,
    detections: info.total,
    faces: info.kinds.face,
    plates: info.kinds.plate,
    persons: info.kinds.person,
    infrared: info.kinds.thermal + info.kinds.temperature,
    navigations: nav.runs,
    navigationMinutes: nav.minutes,
    sos: sos.total,
  };
}

function robotsIn(svc: Services, s: ReportScope) {
  return svc.fleet.all().filter((r) => (s.robotId ? r.robotId === s.robotId : s.companies === null || s.companies.includes(r.companyId)));
}

/** getOperationalAlarm: alarms per day by kind (every day of the period, zero included). */
export async function dailyAlarms(svc: Services, s: ReportScope) {
  const w = alarmWhere(s);
  const rows = await svc.db.query<{ day: string; kind: string; n: number }>(
    `SELECT ${daySql(s, '"createdAt"')} AS day, "kind", count(*)::int AS n FROM alarms WHERE ${w.sql} GROUP BY 1, 2`,
    w.args,
  );
  return daysOf(s).map((date) => {
    const of = (kind: string) => rows.find((r) => r.day === date && r.kind === kind)?.n ?? 0;
    return { date, alarm: of('alarm'), fault: of('fault'), environment: of('environment') };
  });
}

/** getOperationalAlarmCount: alarms by code, most frequent first. */
export async function alarmsByCode(svc: Services, s: ReportScope) {
  const w = alarmWhere(s);
  return svc.db.query<{ code: number; kind: string; count: number }>(
    `SELECT "code", min("kind") AS kind, count(*)::int AS count FROM alarms WHERE ${w.sql} GROUP BY "code" ORDER BY count DESC, "code" LIMIT 50`,
    w.args,
  );
}

/** queryAlarmProcessCount: alarms by process state (spec §4). */
export async function processCounts(svc: Services, s: ReportScope) {
  const { unprocessed, processed, outdated, noProcessingNeeded } = await summary(svc, s);
  return { unprocessed, processed, outdated, noProcessingNeeded };
}

/** getCompanyTrend: alarms per day for each company of the scope that had any. */
export async function companyTrend(svc: Services, s: ReportScope) {
  const w = alarmWhere(s);
  const rows = await svc.db.query<{ day: string; companyId: number; name: string; n: number }>(
    `SELECT ${daySql(s, 'a."createdAt"')} AS day, a."companyId", c."name", count(*)::int AS n
       FROM alarms a JOIN companies c ON c.id = a."companyId" WHERE ${w.sql.replace(/"(createdAt|companyId|robotId)"/g, 'a."$1"')} GROUP BY 1, 2, 3`,
    w.args,
  );
  const companies = [...new Map(rows.map((r) => [Number(r.companyId), r.name])).entries()];
  const days = daysOf(s);
  return companies.map(([companyId, name]) => ({
    companyId,
    name,
    series: days.map((date) => ({ date, count: rows.find((r) => Number(r.companyId) === companyId && r.day === date)?.n ?? 0 })),
  }));
}

/** getRobots: the robots of the scope with their state and alarm count in the period. */
export async function robotsWithAlarms(svc: Services, s: ReportScope) {
  const w = alarmWhere(s);
  const counts = await svc.db.query<{ robotId: string; n: number }>(`SELECT "robotId", count(*)::int AS n FROM alarms WHERE ${w.sql} GROUP BY 1`, w.args);
  return robotsIn(svc, s).map((r) => ({
    robotId: r.robotId,
    robotName: r.robotName,
    robotType: r.robotType,
    companyId: r.companyId,
    online: r.online,
    status: r.status,
    battery: r.battery,
    alarms: counts.find((c) => c.robotId === r.robotId)?.n ?? 0,
  }));
}

/** The alarms of the scope, newest first (the report's detail sheet). */
export async function alarmRows(svc: Services, s: ReportScope, limit = 5_000) {
  const w = alarmWhere(s);
  return svc.db.query<Record<string, unknown>>(
    `SELECT id, "createdAt", "robotId", "robotName", "code", "kind", "level", "status", "processStatus", "handler", "result" FROM alarms WHERE ${w.sql} ORDER BY id DESC LIMIT ${limit}`,
    w.args,
  );
}
