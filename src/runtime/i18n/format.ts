/**
 * The console's one way of showing values to a person (issue 22): one date / time format per
 * language, booleans as translated words, and severity (x-severity) judged the same everywhere.
 * Cells, viewers, filters and plugins format through here, never with their own patterns or
 * toLocaleString. Pure: no React (useFormat below is the hook for components).
 */
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@common/protocol';

/** Date-time, date, time, short (month-day with time) and month-day patterns per language (dayjs tokens, 24-hour clock). */
export const DATE_PATTERNS: Record<Lang, { dateTime: string; date: string; time: string; short: string; monthDay: string; month: string }> = {
  en: { dateTime: 'YYYY-MM-DD HH:mm:ss', date: 'YYYY-MM-DD', time: 'HH:mm:ss', short: 'MM-DD HH:mm', monthDay: 'MM-DD', month: 'YYYY-MM' },
  zh: { dateTime: 'YYYY-MM-DD HH:mm:ss', date: 'YYYY-MM-DD', time: 'HH:mm:ss', short: 'MM-DD HH:mm', monthDay: 'MM-DD', month: 'YYYY-MM' },
  ja: { dateTime: 'YYYY/MM/DD HH:mm:ss', date: 'YYYY/MM/DD', time: 'HH:mm:ss', short: 'MM/DD HH:mm', monthDay: 'MM/DD', month: 'YYYY/MM' },
};

/** A value that may be a moment: an ISO text, epoch milliseconds, a Date or a dayjs. */
export type Moment = string | number | Date | Dayjs | null | undefined;

const patternsOf = (lang: string | undefined) => DATE_PATTERNS[(lang as Lang) in DATE_PATTERNS ? (lang as Lang) : 'en'];

function format(value: Moment, lang: string | undefined, kind: keyof (typeof DATE_PATTERNS)['en'], empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format(patternsOf(lang)[kind]) : String(value);
}

/** A date and time in the language's format ('' → the empty text). */
export const formatDateTime = (value: Moment, lang: string | undefined, empty = ''): string => format(value, lang, 'dateTime', empty);
/** A date in the language's format. */
export const formatDate = (value: Moment, lang: string | undefined, empty = ''): string => format(value, lang, 'date', empty);
/** A time of day. */
export const formatTime = (value: Moment, lang: string | undefined, empty = ''): string => format(value, lang, 'time', empty);
/** Month, day, hours and minutes (chart axes, short spans). */
export const formatShort = (value: Moment, lang: string | undefined, empty = ''): string => format(value, lang, 'short', empty);
/** Month and day without the year (per-day chart axes and figures). */
export const formatMonthDay = (value: Moment, lang: string | undefined, empty = ''): string => format(value, lang, 'monthDay', empty);
/** The pattern of a kind for pickers (DatePicker format). */
export const datePattern = (lang: string | undefined, kind: keyof (typeof DATE_PATTERNS)['en'] = 'dateTime'): string => patternsOf(lang)[kind];

/** Duration units in the three languages: days, hours, minutes, seconds. */
export const DURATION_WORDS: Record<Lang, { dh: string; hm: string; ms: string; s: string }> = {
  en: { dh: '{d} d {h} h', hm: '{h} h {m} min', ms: '{m} min {s} s', s: '{s} s' },
  zh: { dh: '{d}天{h}小时', hm: '{h}小时{m}分', ms: '{m}分{s}秒', s: '{s}秒' },
  ja: { dh: '{d}日{h}時間', hm: '{h}時間{m}分', ms: '{m}分{s}秒', s: '{s}秒' },
};

/** A span of seconds in the language's words, to its two largest units ("2 h 5 min", "2小时5分"); '' when absent. */
export function formatDuration(seconds: number | null | undefined, lang: string | undefined, empty = ''): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return empty;
  const words = DURATION_WORDS[(lang as Lang) in DURATION_WORDS ? (lang as Lang) : 'en'];
  const total = Math.max(0, Math.floor(seconds));
  const parts = { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
  const kind = parts.d ? 'dh' : total >= 3600 ? 'hm' : total >= 60 ? 'ms' : 's';
  return words[kind].replace(/\{(\w)\}/g, (_, k: keyof typeof parts) => String(parts[k]));
}

/** Yes / no in the three languages. */
export const BOOLEAN_WORDS: Record<Lang, { yes: string; no: string }> = {
  en: { yes: 'Yes', no: 'No' },
  zh: { yes: '是', no: '否' },
  ja: { yes: 'はい', no: 'いいえ' },
};

/** A boolean as a word of the language (1 / 0 and 'true' / 'false' too); '' when absent. */
export function formatBoolean(value: unknown, lang: string | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const words = BOOLEAN_WORDS[(lang as Lang) in BOOLEAN_WORDS ? (lang as Lang) : 'en'];
  const yes = value === true || value === 1 || value === 'true' || value === '1';
  return yes ? words.yes : words.no;
}

/** One severity rule: the alarm level (1–3) a value has when it matches. */
export interface SeverityRule {
  level: 1 | 2 | 3;
  /** Numbers at or above. */
  atLeast?: number;
  /** Numbers above. */
  above?: number;
  /** Numbers below. */
  below?: number;
  /** Values that are abnormal (enum values, booleans, texts). */
  values?: readonly (string | number | boolean)[];
  /** A sibling array field naming the properties that are out of range (env readings in `exceeded`). */
  flaggedBy?: string;
}

/** x-severity: one rule or several (the highest matching level wins). */
export type SeveritySpec = SeverityRule | readonly SeverityRule[];

/** The alarm level of a value under its x-severity (0: nothing to flag). `property` and `row` serve `flaggedBy`. */
export function severityOf(spec: SeveritySpec | undefined, value: unknown, row?: Record<string, unknown>, property?: string): 0 | 1 | 2 | 3 {
  if (!spec) return 0;
  const rules = (Array.isArray(spec) ? spec : [spec]) as readonly SeverityRule[];
  let level: 0 | 1 | 2 | 3 = 0;
  for (const r of rules) {
    if (r.level <= level) continue;
    if (matches(r, value, row, property)) level = r.level;
  }
  return level;
}

function matches(r: SeverityRule, value: unknown, row?: Record<string, unknown>, property?: string): boolean {
  if (r.flaggedBy) {
    const list = row?.[r.flaggedBy];
    if (property && Array.isArray(list) && list.includes(property)) return true;
  }
  if (value === null || value === undefined || value === '') return false;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : undefined;
  if (n !== undefined) {
    if (r.atLeast !== undefined && n >= r.atLeast) return true;
    if (r.above !== undefined && n > r.above) return true;
    if (r.below !== undefined && n < r.below) return true;
  }
  if (r.values?.some((v) => v === value || String(v) === String(value))) return true;
  return false;
}

/** The alarm levels' tag colours (schemas/enums/alarm-level.json holds the same; these are its fallback). */
export const LEVEL_COLOURS: Record<1 | 2 | 3, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

/** The formatters bound to the user's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return {
    lang,
    dateTime: (v: Moment, empty = '') => formatDateTime(v, lang, empty),
    date: (v: Moment, empty = '') => formatDate(v, lang, empty),
    time: (v: Moment, empty = '') => formatTime(v, lang, empty),
    short: (v: Moment, empty = '') => formatShort(v, lang, empty),
    monthDay: (v: Moment, empty = '') => formatMonthDay(v, lang, empty),
    boolean: (v: unknown) => formatBoolean(v, lang),
    duration: (seconds: number | null | undefined, empty = '') => formatDuration(seconds, lang, empty),
    pattern: (kind: keyof (typeof DATE_PATTERNS)['en'] = 'dateTime') => datePattern(lang, kind),
  };
}
