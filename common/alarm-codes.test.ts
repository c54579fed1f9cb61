import { describe, expect, it } from 'vitest';
import { ALARM_CODE_RANGES, ALARM_CODES, alarmCodeOf, alarmCodeText, alarmKind, reportPeriodLabel, reportRange, UNKNOWN_ALARM_TEXT, weekStartOf } from './alarm-codes';
import { LANGS } from './protocol';

const rangeCodes = Object.values(ALARM_CODE_RANGES).flatMap((ranges) => ranges.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)));

describe('spec §8 fault and alarm code catalogue', () => {
  it('holds exactly the codes 101-104, 201-211, 301-322, 401-410, 501-504 and the behaviour alarms 601-604 (issue 19)', () => {
    expect(rangeCodes).toHaveLength(4 + 11 + 22 + 10 + 4 + 4);
    expect([...ALARM_CODES.keys()].sort((a, b) => a - b)).toEqual([...rangeCodes].sort((a, b) => a - b));
  });

  it('has a distinct text for every code in zh, ja and en', () => {
    for (const lang of LANGS) {
      const texts = rangeCodes.map((c) => alarmCodeText(c, lang));
      expect(texts.every((t) => t.trim().length > 3)).toBe(true);
      expect(new Set(texts).size).toBe(texts.length);
    }
    expect(alarmCodeText(301, 'en')).toBe('Alarm: collision');
    expect(alarmCodeText(301, 'zh')).toBe('报警：发生碰撞');
    expect(alarmCodeText(301, 'ja')).toBe('アラーム：衝突しました');
  });

  it('finds a code by its catalogue key, and names a key it lacks', () => {
    expect(alarmCodeOf('collision')).toBe(301);
    expect(alarmCodeOf('repeatedCollisions')).toBe(322);
    expect(() => alarmCodeOf('nope')).toThrow('alarm-code.json has no code with key "nope"');
  });

  it('says "robot reported an anomaly, check version info" for an unknown code', () => {
    expect(alarmCodeText(999, 'en')).toBe('The robot reported an anomaly, check the version info');
    expect(alarmCodeText(0, 'zh')).toBe(UNKNOWN_ALARM_TEXT.zh);
    expect(alarmCodeText(105, 'ja')).toBe(UNKNOWN_ALARM_TEXT.ja);
  });

  it('tells the kind by range (unknown codes count as faults)', () => {
    expect([101, 104, 201, 211, 301, 322, 401, 504, 999].map(alarmKind)).toEqual(['environment', 'environment', 'fault', 'fault', 'alarm', 'alarm', 'fault', 'fault', 'fault']);
  });
});

describe('spec §9 report periods', () => {
  const now = new Date('2026-11-23T15:30:00Z');
  it('are calendar periods (issue 22): this week, month, quarter or year up to the end of today', () => {
    // 2026-11-23 is a Monday.
    expect(reportRange('week', now, undefined, { weekStartsOn: 1 })).toEqual({ start: '2026-11-23T00:00:00.000Z', end: '2026-11-24T00:00:00.000Z', days: 1, firstDay: '2026-11-23', lastDay: '2026-11-23' });
    expect(reportRange('week', now, undefined, { weekStartsOn: 0 })).toMatchObject({ start: '2026-11-22T00:00:00.000Z', days: 2 });
    expect(reportRange('month', now)).toEqual({ start: '2026-11-01T00:00:00.000Z', end: '2026-11-24T00:00:00.000Z', days: 23, firstDay: '2026-11-01', lastDay: '2026-11-23' });
    expect(reportRange('quarter', now)).toMatchObject({ start: '2026-10-01T00:00:00.000Z', firstDay: '2026-10-01' });
    expect(reportRange('year', now)).toMatchObject({ start: '2026-01-01T00:00:00.000Z', days: 327 });
  });
  it('begins its days at the caller\'s midnight', () => {
    // 20:00 UTC on 30 November is 04:00 on 1 December in UTC+8: December has begun there.
    const late = new Date('2026-11-30T20:00:00Z');
    expect(reportRange('month', late, undefined, { utcOffset: 480 })).toEqual({ start: '2026-11-30T16:00:00.000Z', end: '2026-12-01T16:00:00.000Z', days: 1, firstDay: '2026-12-01', lastDay: '2026-12-01' });
    expect(reportRange('month', late, undefined, { utcOffset: -300 })).toMatchObject({ start: '2026-11-01T05:00:00.000Z', firstDay: '2026-11-01', lastDay: '2026-11-30' });
    expect(reportRange('custom', late, { start: '2026-01-01', end: '2026-01-02' }, { utcOffset: 540 })).toMatchObject({ start: '2025-12-31T15:00:00.000Z', end: '2026-01-02T15:00:00.000Z', days: 2 });
  });
  it('names a file by its period, never by tomorrow', () => {
    expect(reportPeriodLabel('month', '2026-11-01', '2026-11-23')).toBe('2026-11');
    expect(reportPeriodLabel('quarter', '2026-10-01', '2026-11-23')).toBe('2026-Q4');
    expect(reportPeriodLabel('year', '2026-01-01', '2026-11-23')).toBe('2026');
    expect(reportPeriodLabel('week', '2026-11-23', '2026-11-23')).toBe('2026-11-23');
    expect(reportPeriodLabel('custom', '2026-01-01', '2026-01-31')).toBe('2026-01-01_2026-01-31');
    expect(weekStartOf('zh')).toBe(1);
    expect(weekStartOf('en')).toBe(0);
  });
  it('takes a custom range of whole days and refuses an inverted or missing one', () => {
    expect(reportRange('custom', now, { start: '2026-01-01', end: '2026-01-31' })).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z', days: 31, firstDay: '2026-01-01', lastDay: '2026-01-31' });
    expect(() => reportRange('custom', now, { start: '2026-02-01', end: '2026-01-01' })).toThrow(RangeError);
    expect(() => reportRange('custom', now)).toThrow(RangeError);
  });
});
