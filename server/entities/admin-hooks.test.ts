import { describe, expect, it } from 'vitest';
import { distinct, isCalendarDate, newApiToken, parseDateTime } from './admin-hooks';

describe('administration rules helpers', () => {
  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2099-12-31')).toBe(true);
    for (const bad of ['2023-02-29', '2025-13-01', '2025-00-10', '2025-1-1', '31/12/2099', '2025-12-31T00:00:00Z', '', 20251231, null]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
  });

  it('reads date-times as ISO (UTC) text and refuses impossible ones', () => {
    expect(parseDateTime('2025-04-01T08:00:00Z')).toBe('2025-04-01T08:00:00.000Z');
    expect(parseDateTime('2025-04-01T08:00:00.5+02:00')).toBe('2025-04-01T06:00:00.500Z');
    expect(parseDateTime('2025-04-01 08:00')).toBe(new Date('2025-04-01T08:00').toISOString());
    for (const bad of ['2025-04-31T08:00:00Z', '2025-04-01T25:00:00Z', 'tomorrow', '2025-04-01', '', 1712000000000]) {
      expect(parseDateTime(bad)).toBeNull();
    }
  });

  it('keeps the first of repeated values', () => {
    expect(distinct(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(distinct(['X@a.com', 'x@A.com', 'y@a.com'], (v) => v.toLowerCase())).toEqual(['X@a.com', 'y@a.com']);
  });

  it('makes unguessable, distinct application keys', () => {
    const a = newApiToken();
    expect(a).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    expect(newApiToken()).not.toBe(a);
  });
});
