import { describe, expect, it } from 'vitest';
import { clipAt, clipTimes, defaultRange, minutesBetween, momentAt, rangeProblem, replayClock, sizeLabel, timelineSegments } from './history-video-model';

const clip = { cameraId: 0, startTime: '2026-11-23T08:00:00', stopTime: '2026-11-23T08:10:00' };

describe('history video model', () => {
  it('exports the whole short clip by default, capped at 30 minutes for long ones', () => {
    expect(defaultRange(clip)).toEqual(['2026-11-23T08:00:00', '2026-11-23T08:10:00']);
    expect(defaultRange({ ...clip, stopTime: '2026-11-23T09:00:00' })).toEqual(['2026-11-23T08:00:00', '2026-11-23T08:30:00']);
    expect(minutesBetween(clip.startTime, clip.stopTime)).toBe(10);
  });

  it('names what is wrong with a range', () => {
    expect(rangeProblem(clip, '2026-11-23T08:05:00', '2026-11-23T08:01:00')).toBe('order');
    expect(rangeProblem(clip, '2026-11-23T07:59:00', '2026-11-23T08:01:00')).toBe('outside');
    expect(rangeProblem({ ...clip, stopTime: '2026-11-23T09:00:00' }, '2026-11-23T08:00:00', '2026-11-23T08:31:00')).toBe('tooLong');
    expect(rangeProblem(clip, '2026-11-23T08:02:00', '2026-11-23T08:04:00')).toBeNull();
  });

  it("shows a clip's start and stop in the language's time format, with the date when it ends on another day", () => {
    expect(clipTimes(clip, 'en')).toEqual({ start: '08:00:00', stop: '08:10:00' });
    expect(clipTimes(clip, 'ja')).toEqual({ start: '08:00:00', stop: '08:10:00' });
    const overnight = { ...clip, startTime: '2026-11-23T23:55:00', stopTime: '2026-11-24T00:05:00' };
    expect(clipTimes(overnight, 'zh')).toEqual({ start: '23:55:00', stop: '2026-11-24 00:05:00' });
    expect(clipTimes(overnight, 'ja')).toEqual({ start: '23:55:00', stop: '2026/11/24 00:05:00' });
  });

  it('shows sizes in KB and MB', () => {
    expect(sizeLabel(109_368)).toBe('107 KB');
    expect(sizeLabel(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(sizeLabel(null)).toBe('—');
  });

  it('places a day’s clips on the 24-hour timeline and finds the clip a moment falls in', () => {
    const later = { cameraId: 0, startTime: '2026-11-23T12:00:00', stopTime: '2026-11-23T12:10:00' };
    const [a, b] = timelineSegments('2026-11-23', [clip, later]);
    expect(a!.leftPct).toBeCloseTo(100 / 3);
    expect(a!.widthPct).toBeCloseTo((10 / 1440) * 100);
    expect(b!.leftPct).toBeCloseTo(50);
    // A clip that runs past midnight is cut at 24:00.
    expect(timelineSegments('2026-11-23', [{ cameraId: 0, startTime: '2026-11-23T23:55:00', stopTime: '2026-11-24T00:05:00' }])[0]!.widthPct).toBeCloseTo((5 / 1440) * 100);
    expect(momentAt('2026-11-23', 0.5)).toBe('2026-11-23T12:00:00');
    expect(momentAt('2026-11-23', 1.2)).toBe('2026-11-24T00:00:00');
    expect(clipAt([clip, later], '2026-11-23T08:00:00')).toBe(clip);
    expect(clipAt([clip, later], '2026-11-23T12:09:59')).toBe(later);
    // The stop is outside: no recording at 08:10 or between clips.
    expect(clipAt([clip, later], '2026-11-23T08:10:00')).toBeNull();
    expect(clipAt([clip, later], '2026-11-23T10:00:00')).toBeNull();
    expect(replayClock('2026-11-23T08:04:00', 75.9)).toBe('08:05:15');
  });
});
