import { describe, expect, it } from 'vitest';
import { ALARM_CODE_RANGES, ALARM_CODES, alarmCodeOf, alarmCodeText, alarmKind, reportRange, UNKNOWN_ALARM_TEXT } from './alarm-codes';
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
  it('ends today (inclusive) and reaches back 7, 30, 91 or 365 days', () => {
    expect(reportRange('week', now)).toEqual({ start: '2026-11-17T00:00:00.000Z', end: '2026-11-24T00:00:00.000Z', days: 7 });
    expect(reportRange('month', now).days).toBe(30);
    expect(reportRange('quarter', now).start).toBe('2026-08-25T00:00:00.000Z');
    expect(reportRange('year', now).days).toBe(365);
  });
  it('takes a custom range of whole days and refuses an inverted or missing one', () => {
    expect(reportRange('custom', now, { start: '2026-01-01', end: '2026-01-31' })).toEqual({ start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z', days: 31 });
    expect(() => reportRange('custom', now, { start: '2026-02-01', end: '2026-01-01' })).toThrow(RangeError);
    expect(() => reportRange('custom', now)).toThrow(RangeError);
  });
});
