import { describe, expect, it } from 'vitest';
import { curveOption, dailyEnergyOption, hoursAndMinutes } from './energy-model';

describe('energy page model', () => {
  it('draws the battery curve on a 0-100 time axis and the daily bars', () => {
    const c = curveOption([{ t: '2026-11-23T10:00:00.000Z', battery: 80 }], 'Battery');
    expect(c.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(c.series[0]!.data).toEqual([['2026-11-23T10:00:00.000Z', 80]]);
    const d = dailyEnergyOption([{ date: '2026-11-23', consumed: 25, charged: 30, chargingMinutes: 10 }], { consumed: 'C', charged: 'P' }, 'en');
    expect(d.xAxis.data).toEqual(['11-23']);
    expect(dailyEnergyOption([{ date: '2026-11-23', consumed: 25, charged: 30, chargingMinutes: 10 }], { consumed: 'C', charged: 'P' }, 'ja').xAxis.data).toEqual(['11/23']);
    expect(d.series.map((s) => [s.name, s.data])).toEqual([['C', [25]], ['P', [30]]]);
  });
  it('shows minutes as hours and minutes', () => {
    expect(hoursAndMinutes(135)).toEqual({ h: 2, m: 15 });
    expect(hoursAndMinutes(0)).toEqual({ h: 0, m: 0 });
  });
});
