import { describe, expect, it } from 'vitest';
import { canReRecognise, dayChartOption, defaultRange, type NaviDay } from './navigation-records-model';

describe('navigation records model', () => {
  it('offers re-recognition only for runs that ended', () => {
    expect(canReRecognise({ result: 'running', endedAt: null })).toBe(false);
    for (const result of ['finished', 'stopped', 'failed'] as const) expect(canReRecognise({ result, endedAt: '2026-11-23T10:00:00Z' })).toBe(true);
  });

  it('starts with the last seven UTC days', () => {
    expect(defaultRange(new Date('2026-03-02T23:30:00Z'))).toEqual(['2026-02-24', '2026-03-02']);
  });

  it('stacks the results per day in the chart', () => {
    const days: NaviDay[] = [
      { date: '2026-11-22', count: 0, finished: 0, stopped: 0, failed: 0, running: 0 },
      { date: '2026-11-23', count: 3, finished: 1, stopped: 0, failed: 1, running: 1 },
    ];
    const option = dayChartOption(days, { finished: 'Finished', stopped: 'Stopped', failed: 'Failed', running: 'Running' }, (d) => `day ${d}`) as { xAxis: { data: string[] }; series: { name: string; stack: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['day 2026-11-22', 'day 2026-11-23']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Finished', [0, 1]],
      ['Stopped', [0, 0]],
      ['Failed', [0, 1]],
      ['Running', [0, 1]],
    ]);
    expect(new Set(option.series.map((s) => s.stack)).size).toBe(1);
  });
});
