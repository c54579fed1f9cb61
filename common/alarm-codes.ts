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

/**
 * The time range of a report period ending now (UTC days): week = the last 7 days, month = 30,
 * quarter = 91, year = 365, custom = the given dates (inclusive). Returns ISO strings and the day count.
 */
export function reportRange(period: ReportPeriod, now: Date, custom?: { start: string; end: string }): { start: string; end: string; days: number } {
  const endOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS;
  if (period === 'custom') {
    const s = Date.parse(`${custom?.start ?? ''}T00:00:00Z`);
    const e = Date.parse(`${custom?.end ?? ''}T00:00:00Z`) + DAY_MS;
    if (!Number.isFinite(s) || !Number.isFinite(e) || e <= s) throw new RangeError('bad custom range');
    return { start: new Date(s).toISOString(), end: new Date(e).toISOString(), days: Math.round((e - s) / DAY_MS) };
  }
  const days = { week: 7, month: 30, quarter: 91, year: 365 }[period];
  return { start: new Date(endOfToday - days * DAY_MS).toISOString(), end: new Date(endOfToday).toISOString(), days };
}

/** Longest custom report range, in days. */
export const REPORT_MAX_DAYS = 366;
