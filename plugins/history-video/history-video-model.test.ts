import { describe, expect, it } from 'vitest';
import { defaultRange, minutesBetween, rangeProblem, sizeLabel } from './history-video-model';

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

  it('shows sizes in KB and MB', () => {
    expect(sizeLabel(109_368)).toBe('107 KB');
    expect(sizeLabel(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(sizeLabel(null)).toBe('—');
  });
});
