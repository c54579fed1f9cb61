import { describe, expect, it } from 'vitest';
import { badAddresses, byCodeOption, companyOption, customRangeOk, dailyOption, detectionTrendOption, joinTrends, kindsOption, processOption, reportQuery } from './report-model';

describe('report page model', () => {
  it('asks for a period of the selected robot; a custom period only once both days are chosen', () => {
    expect(reportQuery('01WR000001', 'week', null, 480)).toEqual({ robotId: '01WR000001', period: 'week', utcOffset: 480 });
    expect(reportQuery('01WR000001', 'custom', null)).toBeNull();
    expect(reportQuery('01WR000001', 'custom', ['2026-01-01', '2026-01-31'], -300)).toEqual({ robotId: '01WR000001', period: 'custom', start: '2026-01-01', end: '2026-01-31', utcOffset: -300 });
    // The browser's own offset by default (days begin at the user's midnight).
    expect(reportQuery('01WR000001', 'month', null)?.utcOffset).toBe(-new Date().getTimezoneOffset());
  });

  it('accepts custom ranges the server accepts (start ≤ end, at most 366 days)', () => {
    expect(customRangeOk('2026-01-01', '2026-01-01')).toBe(true);
    expect(customRangeOk('2026-01-02', '2026-01-01')).toBe(false);
    expect(customRangeOk('2025-01-01', '2026-01-01')).toBe(true);
    expect(customRangeOk('2024-01-01', '2026-01-01')).toBe(false);
  });

  it('finds addresses that are not e-mail addresses', () => {
    expect(badAddresses(['a@b.com', 'nope', ' c@d.org '])).toEqual(['nope']);
  });

  it('builds chart options from the statistics', () => {
    const daily = dailyOption([{ date: '2026-11-22', alarm: 1, fault: 2, environment: 0 }], { alarm: 'A', fault: 'F', environment: 'E' }, 'en');
    expect(daily.xAxis.data).toEqual(['11-22']);
    expect(dailyOption([{ date: '2026-11-22', alarm: 1, fault: 2, environment: 0 }], { alarm: 'A', fault: 'F', environment: 'E' }, 'ja').xAxis.data).toEqual(['11/22']);
    expect(daily.series.map((s) => [s.name, s.data])).toEqual([['A', [1]], ['F', [2]], ['E', [0]]]);
    const codes = byCodeOption([{ code: 301, count: 5 }, { code: 202, count: 1 }], (c) => `text ${c}`);
    expect(codes.yAxis.data).toEqual(['202 text 202', '301 text 301']);
    const pie = processOption({ unprocessed: 1, processed: 2, outdated: 0, noProcessingNeeded: 3 }, { unprocessed: 'U', processed: 'P', outdated: 'O', noProcessingNeeded: 'N' });
    expect(pie.series[0]!.data.map((d) => [d.name, d.value])).toEqual([['U', 1], ['P', 2], ['N', 3]]);
    expect(companyOption([{ name: 'Harbor', series: [{ date: '2026-11-22', count: 4 }] }], 'en').series[0]).toMatchObject({ name: 'Harbor', data: [4] });
  });

  it('joins the detection trends by day and charts them and the kinds that occurred', () => {
    const days = joinTrends(
      [{ date: '2026-11-22', count: 2 }, { date: '2026-11-23', count: 0 }],
      [{ date: '2026-11-22', count: 1 }, { date: '2026-11-23', count: 3 }],
      [{ date: '2026-11-23', count: 4 }],
      [{ date: '2026-11-22', count: 5 }],
    );
    expect(days).toEqual([
      { date: '2026-11-22', face: 2, plate: 1, person: 0, infrared: 5 },
      { date: '2026-11-23', face: 0, plate: 3, person: 4, infrared: 0 },
    ]);
    const trend = detectionTrendOption(days, { face: 'F', plate: 'P', person: 'H', infrared: 'I' }, 'zh');
    expect(trend.xAxis.data).toEqual(['11-22', '11-23']);
    expect(trend.series.map((s) => [s.name, s.data])).toEqual([['F', [2, 0]], ['P', [1, 3]], ['H', [0, 4]], ['I', [5, 0]]]);
    const kinds = kindsOption({ face: 3, plate: 0, env: 5 }, (k) => k.toUpperCase());
    expect(kinds.yAxis.data).toEqual(['FACE', 'ENV']);
    expect(kinds.series[0]!.data).toEqual([3, 5]);
  });
});
