/** Pure parts of the energy page: chart options from getEnergyConsumption's answer. */
import type { AnswerOf } from '@common/events';
import { formatMonthDay } from '@runtime';

/** getEnergyConsumption's answer (common/events/energy.ts). */
export type EnergyAnswer = AnswerOf<'getEnergyConsumption'>;

/** The battery level over time (0-100 %). */
export function curveOption(curve: EnergyAnswer['curve'], name: string) {
  return {
    tooltip: { trigger: 'axis' as const },
    grid: { left: 40, right: 16, top: 16, bottom: 28 },
    xAxis: { type: 'time' as const },
    yAxis: { type: 'value' as const, min: 0, max: 100 },
    series: [{ name, type: 'line' as const, showSymbol: false, areaStyle: { opacity: 0.15 }, itemStyle: { color: '#52c41a' }, data: curve.map((p) => [p.t, p.battery]) }],
  };
}

/** Consumed and charged percent per day. */
export function dailyEnergyOption(daily: EnergyAnswer['daily'], names: { consumed: string; charged: string }, lang: string) {
  return {
    tooltip: { trigger: 'axis' as const },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category' as const, data: daily.map((d) => formatMonthDay(d.date, lang)) },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: [
      { name: names.consumed, type: 'bar' as const, barMaxWidth: 24, itemStyle: { color: '#fa8c16' }, data: daily.map((d) => d.consumed) },
      { name: names.charged, type: 'bar' as const, barMaxWidth: 24, itemStyle: { color: '#1677ff' }, data: daily.map((d) => d.charged) },
    ],
  };
}

/** Minutes as hours and minutes. */
export function hoursAndMinutes(minutes: number): { h: number; m: number } {
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
