/**
 * Spec §7 statistics over detections (the `detections` table), patrol runs (`nav_records`) and SOS
 * episodes (robot status 12 in the minute samples of `energy_samples`): counts and per-day trends
 * of a report scope (one robot, or the caller's company tree, over a period).
 */
import { DETECTION_KINDS, type DetectionKind } from '../../../common/detections';
import type { Services } from '../../services';
import { daySql, daysOf } from './report-days';

/** What these statistics need of a report scope (report-data.ts ReportScope). */
interface ReportScope {
  start: string;
  end: string;
  utcOffset: number;
  robotId: string | null;
  companies: number[] | null;
}

/** Robot status code of an SOS call (spec §3 robot status codes). */
export const SOS_STATUS = 12;

/** WHERE clause over a table's time column, its company column and its robot column. */
function where(s: ReportScope, time: string, company: string, robot: string): { sql: string; args: unknown[] } {
  const args: unknown[] = [s.start, s.end];
  const parts = [`${time} >= $1`, `${time} < $2`];
  if (s.companies !== null) {
    args.push(s.companies);
    parts.push(`${company} = ANY($${args.length}::bigint[])`);
  }
  if (s.robotId) {
    args.push(s.robotId);
    parts.push(`${robot} = $${args.length}`);
  }
  return { sql: parts.join(' AND '), args };
}

const detWhere = (s: ReportScope) => where(s, '"detectedAt"', '"companyId"', '"robotId"');


/** getInfoCount: detections by kind (every kind, zero included) and in all. */
export async function infoCount(svc: Services, s: ReportScope): Promise<{ total: number; kinds: Record<DetectionKind, number> }> {
  const w = detWhere(s);
  const rows = await svc.db.query<{ kind: string; n: number }>(`SELECT kind, count(*)::int AS n FROM detections WHERE ${w.sql} GROUP BY kind`, w.args);
  const kinds = Object.fromEntries(DETECTION_KINDS.map((k) => [k, rows.find((r) => r.kind === k)?.n ?? 0])) as Record<DetectionKind, number>;
  return { total: Object.values(kinds).reduce((a, b) => a + b, 0), kinds };
}

/** queryFaceCount: face detections in all and by list type of the recognised face (spec §3 face list types). */
export async function faceCount(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const row = (
    await svc.db.query<Record<string, number>>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE data->>'entryType' = '1')::int AS whitelist,
              count(*) FILTER (WHERE data->>'entryType' = '2')::int AS blacklist,
              count(*) FILTER (WHERE data->>'entryType' = '3')::int AS intrusion,
              count(*) FILTER (WHERE data->>'entryType' = '4')::int AS person
         FROM detections WHERE kind = 'face' AND ${w.sql}`,
      w.args,
    )
  )[0]!;
  return { total: row.total!, whitelist: row.whitelist!, blacklist: row.blacklist!, intrusion: row.intrusion!, person: row.person!, other: row.total! - row.whitelist! - row.blacklist! - row.intrusion! - row.person! };
}

/** queryPlateCount: plate detections, distinct plates and plates by colour (most first). */
export async function plateCount(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const head = (
    await svc.db.query<{ total: number; distinct: number }>(
      `SELECT count(*)::int AS total, count(DISTINCT data->>'plateNumber')::int AS "distinct" FROM detections WHERE kind = 'plate' AND ${w.sql}`,
      w.args,
    )
  )[0]!;
  const colours = await svc.db.query<{ plateColor: string; count: number }>(
    `SELECT coalesce(data->>'plateColor', '') AS "plateColor", count(*)::int AS count FROM detections WHERE kind = 'plate' AND ${w.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
    w.args,
  );
  return { total: head.total, distinct: head.distinct, colours };
}

/** getPersonCount: person detections and the persons they counted. */
export async function personCount(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const row = (
    await svc.db.query<{ detections: number; persons: number }>(
      `SELECT count(*)::int AS detections,
              coalesce(sum(CASE WHEN jsonb_typeof(data->'personCount') = 'number' THEN (data->>'personCount')::numeric ELSE 1 END), 0)::int AS persons
         FROM detections WHERE kind = 'person' AND ${w.sql}`,
      w.args,
    )
  )[0]!;
  return row;
}

/** getInfraredAlarmCount: thermal images and body temperatures, and those over their threshold. */
export async function infraredCount(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const row = (
    await svc.db.query<{ thermal: number; overThreshold: number; temperature: number; fever: number }>(
      `SELECT count(*) FILTER (WHERE kind = 'thermal')::int AS thermal,
              count(*) FILTER (WHERE kind = 'thermal' AND data->>'overThreshold' = 'true')::int AS "overThreshold",
              count(*) FILTER (WHERE kind = 'temperature')::int AS temperature,
              count(*) FILTER (WHERE kind = 'temperature' AND data->>'tempStatus' = '1')::int AS fever
         FROM detections WHERE kind IN ('thermal', 'temperature') AND ${w.sql}`,
      w.args,
    )
  )[0]!;
  return { ...row, alarms: row.overThreshold + row.fever };
}

/** The readings of an environment detection judged against thresholds (server/features/detections/thresholds.ts). */
export const ENV_READINGS = ['temperature', 'humidity', 'smoke', 'pm25', 'methane', 'hydrogenFluoride'] as const;

/** queryHarmfulgasCount: environment readings, those with a reading over its threshold, and the count per reading. */
export async function harmfulGasCount(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const cols = ENV_READINGS.map((g) => `count(*) FILTER (WHERE data->'exceeded' @> '["${g}"]'::jsonb)::int AS "${g}"`).join(', ');
  const row = (
    await svc.db.query<Record<string, number>>(
      `SELECT count(*)::int AS readings,
              count(*) FILTER (WHERE jsonb_typeof(data->'exceeded') = 'array' AND jsonb_array_length(data->'exceeded') > 0)::int AS exceeded,
              ${cols}
         FROM detections WHERE kind = 'env' AND ${w.sql}`,
      w.args,
    )
  )[0]!;
  return { readings: row.readings!, exceeded: row.exceeded!, byReading: Object.fromEntries(ENV_READINGS.map((g) => [g, row[g] ?? 0])) as Record<(typeof ENV_READINGS)[number], number> };
}

/** getTestNumber: detections per robot of the scope (zeros included), most first. */
export async function detectionsPerRobot(svc: Services, s: ReportScope) {
  const w = detWhere(s);
  const rows = await svc.db.query<{ robotId: string; n: number }>(`SELECT "robotId", count(*)::int AS n FROM detections WHERE ${w.sql} GROUP BY 1`, w.args);
  const robots = svc.fleet.all().filter((r) => (s.robotId ? r.robotId === s.robotId : s.companies === null || s.companies.includes(r.companyId)));
  return robots
    .map((r) => ({ robotId: r.robotId, robotName: r.robotName, count: rows.find((x) => x.robotId === r.robotId)?.n ?? 0 }))
    .sort((a, b) => b.count - a.count || a.robotId.localeCompare(b.robotId));
}

/** Detections of some kinds per day (every day of the period, zero included). */
async function kindTrend(svc: Services, s: ReportScope, kinds: string[], alarmSql?: string) {
  const w = detWhere(s);
  w.args.push(kinds);
  const rows = await svc.db.query<{ day: string; n: number; a: number }>(
    `SELECT ${daySql(s, '"detectedAt"')} AS day, count(*)::int AS n, count(*) FILTER (WHERE ${alarmSql ?? 'false'})::int AS a
       FROM detections WHERE ${w.sql} AND kind = ANY($${w.args.length}::text[]) GROUP BY 1`,
    w.args,
  );
  return daysOf(s).map((date) => {
    const r = rows.find((x) => x.day === date);
    return { date, count: r?.n ?? 0, alarms: r?.a ?? 0 };
  });
}

/** getFaceTrend: face detections per day; `alarms` are black-list faces. */
export const faceTrend = (svc: Services, s: ReportScope) => kindTrend(svc, s, ['face'], `data->>'entryType' = '2'`);
/** getPlateTrend: plate detections per day. */
export const plateTrend = async (svc: Services, s: ReportScope) => (await kindTrend(svc, s, ['plate'])).map(({ date, count }) => ({ date, count }));
/** getPersonTrend: person detections per day. */
export const personTrend = async (svc: Services, s: ReportScope) => (await kindTrend(svc, s, ['person'])).map(({ date, count }) => ({ date, count }));
/** getInfraredTrend: thermal and body-temperature detections per day; `alarms` are those over their threshold. */
export const infraredTrend = (svc: Services, s: ReportScope) =>
  kindTrend(svc, s, ['thermal', 'temperature'], `(kind = 'thermal' AND data->>'overThreshold' = 'true') OR (kind = 'temperature' AND data->>'tempStatus' = '1')`);

const navWhere = (s: ReportScope) => where(s, 'n."startedAt"', 'r."companyId"', 'n."robotId"');
const MINUTES = `round(coalesce(sum(extract(epoch FROM (coalesce(n."endedAt", now()) - n."startedAt"))), 0) / 60.0, 1)::float8`;

/** getNavigationNameCount: patrol runs started in the period per route, with finished runs and minutes. */
export async function navigationByRoute(svc: Services, s: ReportScope) {
  const w = navWhere(s);
  return svc.db.query<{ routeName: string; runs: number; finished: number; minutes: number }>(
    `SELECT n."routeName", count(*)::int AS runs, count(*) FILTER (WHERE n."status" = 3)::int AS finished, ${MINUTES} AS minutes
       FROM nav_records n JOIN robots r ON r."robotId" = n."robotId" WHERE ${w.sql} GROUP BY 1 ORDER BY runs DESC, 1`,
    w.args,
  );
}

/** getNavigationTimeCount: patrol runs and minutes per day (every day, zero included) and in all. */
export async function navigationByDay(svc: Services, s: ReportScope) {
  const w = navWhere(s);
  const rows = await svc.db.query<{ day: string; runs: number; minutes: number }>(
    `SELECT ${daySql(s, 'n."startedAt"')} AS day, count(*)::int AS runs, ${MINUTES} AS minutes
       FROM nav_records n JOIN robots r ON r."robotId" = n."robotId" WHERE ${w.sql} GROUP BY 1`,
    w.args,
  );
  const daily = daysOf(s).map((date) => {
    const r = rows.find((x) => x.day === date);
    return { date, runs: r?.runs ?? 0, minutes: r?.minutes ?? 0 };
  });
  return { runs: daily.reduce((a, d) => a + d.runs, 0), minutes: Math.round(daily.reduce((a, d) => a + d.minutes, 0) * 10) / 10, daily };
}

/** getSOSCount: SOS calls (a robot entering status 12) in all, per robot and per day. */
export async function sosCount(svc: Services, s: ReportScope) {
  const w = where(s, '"t"', '"companyId"', '"robotId"');
  const rows = await svc.db.query<{ robotId: string; day: string; n: number }>(
    `SELECT "robotId", ${daySql(s, '"t"')} AS day, count(*)::int AS n FROM (
       SELECT "robotId", "t", "status", lag("status") OVER (PARTITION BY "robotId" ORDER BY "t") AS prev FROM energy_samples WHERE ${w.sql}
     ) x WHERE "status" = ${SOS_STATUS} AND (prev IS NULL OR prev <> ${SOS_STATUS}) GROUP BY 1, 2`,
    w.args,
  );
  const names = new Map(svc.fleet.all().map((r) => [r.robotId, r.robotName]));
  const perRobot = new Map<string, number>();
  for (const r of rows) perRobot.set(r.robotId, (perRobot.get(r.robotId) ?? 0) + r.n);
  return {
    total: rows.reduce((a, r) => a + r.n, 0),
    robots: [...perRobot].map(([robotId, count]) => ({ robotId, robotName: names.get(robotId) ?? robotId, count })).sort((a, b) => b.count - a.count || a.robotId.localeCompare(b.robotId)),
    daily: daysOf(s).map((date) => ({ date, count: rows.filter((r) => r.day === date).reduce((a, r) => a + r.n, 0) })),
  };
}
