/**
 * Spec §8 fault and alarm codes, §4 alarm and event-handling states, §9 alarm levels and report
 * periods: the one constants module both sides read. The code texts live in
 * schemas/enums/alarm-code.json (zh/ja/en) so lists show them like any other enum.
 */
import codes from '../schemas/enums/alarm-code.json';
import type { Lang } from './protocol';

type Labels = Record<Lang, string>;

/** The catalogue: code → texts in three languages. */
export const ALARM_CODES: ReadonlyMap<number, Labels> = new Map(codes.values.map((v) => [v.value, v.labels as Labels]));

/** The code of a catalogue key (e.g. 'collision' → 301); throws for a key the catalogue lacks, naming it. */
export function alarmCodeOf(key: string): number {
  const found = codes.values.find((v) => v.key === key);
  if (!found) throw new Error(`alarm-code.json has no code with key "${key}"`);
  return found.value;
}

/** Spec §8: what the console says for a code not in the catalogue. */
export const UNKNOWN_ALARM_TEXT: Labels = codes['x-extra']['*'] as Labels;

/** The code ranges of spec §8 by kind. */
export const ALARM_CODE_RANGES = {
  environment: [[101, 104]],
  fault: [
    [201, 211],
    [401, 410],
    [501, 504],
  ],
  alarm: [[301, 322]],
  /** Behaviour alarms (issue 19 actAlarm): raised by the server from behaviour recognition. */
  behaviour: [[601, 604]],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

/** Kind of a code: environment, fault or alarm (unknown codes count as faults). */
export type AlarmKind = keyof typeof ALARM_CODE_RANGES;

/** The kind of a code by its range. */
export function alarmKind(code: number): AlarmKind {
  for (const [kind, ranges] of Object.entries(ALARM_CODE_RANGES) as [AlarmKind, readonly (readonly [number, number])[]][]) {
    if (ranges.some(([lo, hi]) => code >= lo && code <= hi)) return kind;
  }
  return 'fault';
}

/** The text of a code in a language; unknown codes give the spec's anomaly text. */
export function alarmCodeText(code: number, lang: Lang): string {
  return (ALARM_CODES.get(code) ?? UNKNOWN_ALARM_TEXT)[lang];
}

/** Spec §4: the process (event-handling) states of an alarm. */
export const AlarmProcessStatus = { unprocessed: 0, processed: 1, outdated: 2, noProcessingNeeded: 3 } as const;

/** Spec §4: released or not (the alarm lock). */
export const AlarmReleaseStatus = { unreleased: 0, released: 1 } as const;

/** Spec §3/§9: alarm levels 1 to 3. */
export const AlarmLevels = { min: 1, max: 3 } as const;

/** Spec §5/§9: at most 5 prompts and 5 icons per alarm type, icons under 100 KB (Files.alarmIconMaxBytes). */
export const AlarmTypeLimits = { maxPrompts: 5, maxIcons: 5 } as const;

/** Realtime topic of alarm pushes (each caller gets the alarms of its company tree). */
export const ALARM_TOPIC = 'alarms';

/** Spec §9 report periods. */
export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year', 'custom'] as const;
/** One report period. */
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const DAY_MS = 86_400_000;

/** Where and how a report's calendar is read: the caller's UTC offset and first day of the week. */
export interface ReportCalendar {
  /** Minutes east of UTC (dayjs().utcOffset()); 0 when absent. */
  utcOffset?: number;
  /** 0 Sunday, 1 Monday. */
  weekStartsOn?: 0 | 1;
}

/** The first day of the week in a language's usual calendar: Monday in Chinese, Sunday in English (US) and Japanese. */
export function weekStartOf(lang: string): 0 | 1 {
  return lang === 'zh' ? 1 : 0;
}

/** The largest UTC offset there is (±14 h), in minutes. */
const MAX_OFFSET = 14 * 60;

/**
 * The time range of a report period (issue 22: calendar periods in the caller's time zone): week =
 * this calendar week, month = this calendar month, quarter, year = this calendar quarter / year, each
 * from its first day to the end of today; custom = the given days (inclusive). Days begin at the
 * caller's midnight (`utcOffset`). Returns ISO instants, the day count and the first and last day.
 */
export function reportRange(
  period: ReportPeriod,
  now: Date,
  custom?: { start: string; end: string },
  calendar: ReportCalendar = {},
): { start: string; end: string; days: number; firstDay: string; lastDay: string } {
  const off = Math.max(-MAX_OFFSET, Math.min(MAX_OFFSET, Math.round(calendar.utcOffset ?? 0))) * 60_000;
  const day = (ms: number) => new Date(ms + off).toISOString().slice(0, 10);
  const shape = (s: number, e: number) => ({ start: new Date(s).toISOString(), end: new Date(e).toISOString(), days: Math.round((e - s) / DAY_MS), firstDay: day(s), lastDay: day(e - DAY_MS) });
  if (period === 'custom') {
    const s = Date.parse(`${custom?.start ?? ''}T00:00:00Z`) - off;
    const e = Date.parse(`${custom?.end ?? ''}T00:00:00Z`) + DAY_MS - off;
    if (!Number.isFinite(s) || !Number.isFinite(e) || e <= s) throw new RangeError('bad custom range');
    return shape(s, e);
  }
  // The caller's wall clock, read through UTC fields.
  const local = new Date(now.getTime() + off);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const midnight = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm, dd) - off;
  const endOfToday = midnight(y, m, d) + DAY_MS;
  const back = (local.getUTCDay() - (calendar.weekStartsOn ?? 1) + 7) % 7;
  const first = { week: midnight(y, m, d - back), month: midnight(y, m, 1), quarter: midnight(y, m - (m % 3), 1), year: midnight(y, 0, 1) }[period];
  return shape(first, endOfToday);
}

/** The period a report file is named by: `2026-11` (month), `2026-Q4`, `2026`, the week's first day, or `first_last` (custom). */
export function reportPeriodLabel(period: ReportPeriod, firstDay: string, lastDay: string): string {
  if (period === 'month') return firstDay.slice(0, 7);
  if (period === 'quarter') return `${firstDay.slice(0, 4)}-Q${Math.floor((Number(firstDay.slice(5, 7)) - 1) / 3) + 1}`;
  if (period === 'year') return firstDay.slice(0, 4);
  if (period === 'week') return firstDay;
  return `${firstDay}_${lastDay}`;
}

/** Longest custom report range, in days. */
export const REPORT_MAX_DAYS = 366;
