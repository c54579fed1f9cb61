import { describe, expect, it } from 'vitest';
import { datePattern, formatBoolean, formatDate, formatDateTime, formatDuration, formatMonthDay, formatShort, severityOf } from './format';

describe('one date format per language', () => {
  const at = new Date(2026, 10, 28, 9, 5, 7);
  it('formats a date-time by the language', () => {
    expect(formatDateTime(at, 'en')).toBe('2026-11-28 09:05:07');
    expect(formatDateTime(at, 'zh')).toBe('2026-11-28 09:05:07');
    expect(formatDateTime(at, 'ja')).toBe('2026/11/28 09:05:07');
    expect(formatDate(at, 'ja')).toBe('2026/11/28');
    expect(formatShort(at, 'en')).toBe('11-28 09:05');
    expect(formatMonthDay('2026-11-28', 'en')).toBe('11-28');
    expect(formatMonthDay('2026-11-28', 'ja')).toBe('11/28');
  });
  it('accepts ISO texts and epoch milliseconds the same way', () => {
    expect(formatDateTime(at.toISOString(), 'en')).toBe(formatDateTime(at.getTime(), 'en'));
  });
  it('an unknown language falls back to English, an empty value to the empty text, a bad one shows as is', () => {
    expect(formatDateTime(at, 'fr')).toBe('2026-11-28 09:05:07');
    expect(formatDateTime(null, 'en', '—')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
    expect(datePattern('ja', 'date')).toBe('YYYY/MM/DD');
  });
});

describe('booleans as words', () => {
  it('never true / false', () => {
    expect(formatBoolean(true, 'en')).toBe('Yes');
    expect(formatBoolean(false, 'zh')).toBe('否');
    expect(formatBoolean(1, 'ja')).toBe('はい');
    expect(formatBoolean('false', 'en')).toBe('No');
    expect(formatBoolean(null, 'en')).toBe('');
  });
});

describe('severity rule (x-severity)', () => {
  it('a fever at or above 37.3 °C is level 3, 37.2 is not flagged', () => {
    const spec = { level: 3, atLeast: 37.3 } as const;
    expect(severityOf(spec, 37.7)).toBe(3);
    expect(severityOf(spec, 37.3)).toBe(3);
    expect(severityOf(spec, 37.2)).toBe(0);
    expect(severityOf(spec, null)).toBe(0);
  });
  it('abnormal values and booleans', () => {
    expect(severityOf({ level: 2, values: ['abnormal'] }, 'abnormal')).toBe(2);
    expect(severityOf({ level: 2, values: ['abnormal'] }, 'normal')).toBe(0);
    expect(severityOf({ level: 3, values: [true] }, true)).toBe(3);
    expect(severityOf({ level: 3, values: [true] }, false)).toBe(0);
  });
  it('a reading named by the row\'s exceeded list', () => {
    const spec = { level: 3, flaggedBy: 'exceeded' } as const;
    expect(severityOf(spec, 12, { exceeded: ['smoke'] }, 'smoke')).toBe(3);
    expect(severityOf(spec, 12, { exceeded: ['smoke'] }, 'pm25')).toBe(0);
    expect(severityOf(spec, 12, { exceeded: null }, 'smoke')).toBe(0);
  });
  it('the highest matching rule wins; below and above', () => {
    const spec = [
      { level: 1, above: 60 },
      { level: 3, above: 80 },
      { level: 2, below: 0 },
    ] as const;
    expect(severityOf(spec, 70)).toBe(1);
    expect(severityOf(spec, 90)).toBe(3);
    expect(severityOf(spec, -1)).toBe(2);
    expect(severityOf(spec, 50)).toBe(0);
  });
});

describe('durations in the language', () => {
  it('writes the two largest units', () => {
    expect(formatDuration(42.7, 'en')).toBe('42 s');
    expect(formatDuration(125, 'en')).toBe('2 min 5 s');
    expect(formatDuration(3 * 3600 + 7 * 60 + 9, 'en')).toBe('3 h 7 min');
    expect(formatDuration(2 * 86_400 + 5 * 3600 + 60, 'en')).toBe('2 d 5 h');
    expect(formatDuration(125, 'zh')).toBe('2分5秒');
    expect(formatDuration(3 * 3600 + 7 * 60, 'zh')).toBe('3小时7分');
    expect(formatDuration(2 * 86_400 + 5 * 3600, 'ja')).toBe('2日5時間');
  });
  it('a negative span is none, a missing one the empty text', () => {
    expect(formatDuration(-5, 'en')).toBe('0 s');
    expect(formatDuration(undefined, 'en', '—')).toBe('—');
    expect(formatDuration(Number.NaN, 'ja')).toBe('');
  });
});
