import { describe, expect, it } from 'vitest';
import { meets, taskDue } from './track';

const task = { type: 0, enabled: true, runTime: '07:30:00', period: 'daily', weekDays: [] as number[], lastRunAt: null as string | null };
// 2026-11-23 is a Monday.
const at = (d: string) => new Date(`${d}`);

describe('track rules', () => {
  it('compares readings with a condition', () => {
    expect(meets(30, '>', 25)).toBe(true);
    expect(meets(25, '>', 25)).toBe(false);
    expect(meets(25, '>=', 25)).toBe(true);
    expect(meets(3, '!=', 3)).toBe(false);
    expect(meets(3, 'bogus', 3)).toBe(false);
  });

  it('runs a daily preset task once a day after its run time', () => {
    expect(taskDue(task, at('2026-11-23T07:29:59'))).toBe(false);
    expect(taskDue(task, at('2026-11-23T07:30:00'))).toBe(true);
    expect(taskDue({ ...task, lastRunAt: at('2026-11-23T07:30:01').toISOString() }, at('2026-11-23T20:00:00'))).toBe(false);
    expect(taskDue({ ...task, lastRunAt: at('2026-11-22T07:30:01').toISOString() }, at('2026-11-23T08:00:00'))).toBe(true);
    expect(taskDue({ ...task, enabled: false }, at('2026-11-23T08:00:00'))).toBe(false);
    expect(taskDue({ ...task, type: 1 }, at('2026-11-23T08:00:00'))).toBe(false);
  });

  it('runs weekly tasks on their week days and biweekly ones every other week', () => {
    const weekly = { ...task, period: 'weekly', weekDays: [1] };
    expect(taskDue(weekly, at('2026-11-23T08:00:00'))).toBe(true);
    expect(taskDue(weekly, at('2026-11-24T08:00:00'))).toBe(false);
    const biweekly = { ...task, period: 'biweekly', weekDays: [1], lastRunAt: at('2026-11-16T08:00:00').toISOString() };
    expect(taskDue(biweekly, at('2026-11-23T08:00:00'))).toBe(false);
    expect(taskDue(biweekly, at('2026-11-30T08:00:00'))).toBe(true);
  });
});
