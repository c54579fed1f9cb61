/** Plain data of the navigation records page: record and day types, tag colours, the chart option. */
import type { NaviDay, NaviRecord, RunResult } from '@common/events/navigation';

/** A run (GET /robot/naviRecord/getByNaviId), a day of runs (GET /robot/naviRecord/getDayDataCount) and how a run ended, as the catalogue declares them. */
export type { NaviDay, NaviRecord, RunResult };

export const RESULTS: readonly RunResult[] = ['finished', 'stopped', 'failed', 'running'];

/** The alarm level a failed run is marked with: the run broke off (emergency stop, fault), red as it always was. */
export const FAILED_LEVEL = 3;

/** antd Tag colours of the results that are not abnormal (a failed run carries the severity tag). */
export const RESULT_TAG: Record<RunResult, string> = { running: 'processing', finished: 'success', stopped: 'default', failed: 'error' };

/** Chart colours of the results (antd palette). */
export const RESULT_COLOUR: Record<RunResult, string> = { finished: '#52c41a', stopped: '#8c8c8c', failed: '#ff4d4f', running: '#1677ff' };

/** Whether a run may be re-recognised (it has ended). */
export const canReRecognise = (r: Pick<NaviRecord, 'result' | 'endedAt'>): boolean => r.result !== 'running' && r.endedAt !== null;


/** The day range shown first: the last `days` days up to today (UTC, as the server counts). */
export function defaultRange(now: Date, days = 7): [string, string] {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return [start, end];
}

/** A stacked bar chart of runs per day by result (ECharts option). */
export function dayChartOption(days: NaviDay[], labels: Record<RunResult, string>, dayLabel: (date: string) => string): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 32, right: 12, top: 32, bottom: 24 },
    xAxis: { type: 'category', data: days.map((d) => dayLabel(d.date)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: RESULTS.map((r) => ({ name: labels[r], type: 'bar', stack: 'runs', barMaxWidth: 28, itemStyle: { color: RESULT_COLOUR[r] }, data: days.map((d) => d[r]) })),
  };
}
