/** Pure parts of the report page: the statistics params of a period and the chart options. */
import type { AnswerOf, ParamOf } from '@common/events';
import { formatMonthDay, REPORT_MAX_DAYS, type ReportPeriod } from '@runtime';

/** Params every statistics event of the page takes (common/events/reports.ts). */
export type ReportQuery = ParamOf<'getSummaryStatistics'>;

/** The query of a period; a custom period needs both days (YYYY-MM-DD), else null (nothing to ask yet). */
export function reportQuery(robotId: string | undefined, period: ReportPeriod, custom: [string, string] | null, utcOffset = -new Date().getTimezoneOffset()): ReportQuery | null {
  // Issue 22: calendar periods whose days begin at the browser's midnight.
  if (period !== 'custom') return { robotId, period, utcOffset };
  if (!custom || !custom[0] || !custom[1]) return null;
  return { robotId, period, start: custom[0], end: custom[1], utcOffset };
}

/** Whether a custom range is acceptable to the server (start ≤ end, at most REPORT_MAX_DAYS days). */
export function customRangeOk(start: string, end: string): boolean {
  const s = Date.parse(`${start}T00:00:00Z`);
  const e = Date.parse(`${end}T00:00:00Z`);
  return Number.isFinite(s) && Number.isFinite(e) && e >= s && (e - s) / 86_400_000 + 1 <= REPORT_MAX_DAYS;
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** The addresses that are not e-mail addresses. */
export function badAddresses(addresses: string[]): string[] {
  return addresses.filter((a) => !EMAIL.test(a.trim()));
}

/** One day of getOperationalAlarm. */
export type DailyPoint = AnswerOf<'getOperationalAlarm'>[number];

/** Stacked bars of alarms per day by kind. */
export function dailyOption(points: DailyPoint[], names: { alarm: string; fault: string; environment: string }, lang: string) {
  const colours = { alarm: '#ff4d4f', fault: '#fa8c16', environment: '#13c2c2' };
  const series = (['alarm', 'fault', 'environment'] as const).map((k) => ({
    name: names[k],
    type: 'bar' as const,
    stack: 'all',
    barMaxWidth: 28,
    itemStyle: { color: colours[k] },
    data: points.map((p) => p[k]),
  }));
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category' as const, data: points.map((p) => formatMonthDay(p.date, lang)) },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series,
  };
}

/** Horizontal bars of the most frequent codes (top 10) labelled with their text. */
export function byCodeOption(rows: { code: number; count: number }[], label: (code: number) => string) {
  const top = rows.slice(0, 10).reverse();
  return {
    tooltip: { trigger: 'item' as const },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value' as const, minInterval: 1 },
    yAxis: { type: 'category' as const, data: top.map((r) => `${r.code} ${label(r.code)}`.slice(0, 28)) },
    series: [{ type: 'bar' as const, barMaxWidth: 22, data: top.map((r) => r.count), itemStyle: { color: '#fa8c16' } }],
  };
}

/** Doughnut of the process states. */
export function processOption(counts: Record<'unprocessed' | 'processed' | 'outdated' | 'noProcessingNeeded', number>, names: Record<string, string>) {
  const colours = { unprocessed: '#ff4d4f', processed: '#52c41a', outdated: '#bfbfbf', noProcessingNeeded: '#1677ff' };
  return {
    tooltip: { trigger: 'item' as const },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie' as const,
        radius: ['45%', '70%'],
        label: { formatter: '{c}' },
        // States with no alarm are left out of the ring (and its labels).
        data: (Object.keys(colours) as (keyof typeof colours)[])
          .filter((k) => counts[k] > 0)
          .map((k) => ({ name: names[k], value: counts[k], itemStyle: { color: colours[k] } })),
      },
    ],
  };
}

/** Lines of alarms per day, one per company. */
export function companyOption(trend: { name: string; series: { date: string; count: number }[] }[], lang: string) {
  const days = trend[0]?.series.map((p) => formatMonthDay(p.date, lang)) ?? [];
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category' as const, data: days },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: trend.map((c) => ({ name: c.name, type: 'line' as const, data: c.series.map((p) => p.count) })),
  };
}

/** One day of the detection trends (getFaceTrend, getPlateTrend, getPersonTrend, getInfraredTrend). */
export interface DetectionDay {
  date: string;
  face: number;
  plate: number;
  person: number;
  infrared: number;
}

/** The four trends of a period joined by day (they all cover every day of the period). */
export function joinTrends(face: { date: string; count: number }[], plate: { date: string; count: number }[], person: { date: string; count: number }[], infrared: { date: string; count: number }[]): DetectionDay[] {
  const of = (list: { date: string; count: number }[], date: string) => list.find((p) => p.date === date)?.count ?? 0;
  return face.map((f) => ({ date: f.date, face: f.count, plate: of(plate, f.date), person: of(person, f.date), infrared: of(infrared, f.date) }));
}

/** Lines of face, plate, person and infrared detections per day. */
export function detectionTrendOption(days: DetectionDay[], names: Record<'face' | 'plate' | 'person' | 'infrared', string>, lang: string) {
  const colours = { face: '#1677ff', plate: '#722ed1', person: '#52c41a', infrared: '#fa541c' };
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category' as const, data: days.map((d) => formatMonthDay(d.date, lang)) },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: (['face', 'plate', 'person', 'infrared'] as const).map((k) => ({
      name: names[k],
      type: 'line' as const,
      showSymbol: days.length <= 31,
      itemStyle: { color: colours[k] },
      data: days.map((d) => d[k]),
    })),
  };
}

/** Bars of the detection kinds that occurred (most first), labelled in the caller's language. */
export function kindsOption(kinds: Record<string, number>, label: (kind: string) => string) {
  const rows = Object.entries(kinds)
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[1] - b[1]);
  return {
    tooltip: { trigger: 'item' as const },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value' as const, minInterval: 1 },
    yAxis: { type: 'category' as const, data: rows.map(([k]) => label(k)) },
    series: [{ type: 'bar' as const, barMaxWidth: 22, data: rows.map(([, n]) => n), itemStyle: { color: '#1677ff' } }],
  };
}
