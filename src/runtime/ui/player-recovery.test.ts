import { describe, expect, it } from 'vitest';
import { loadTimeout, recoveryFor, reloadHintDelay } from './player-recovery';

describe('player recovery per codec', () => {
  it('shows the reload hint after 20 s of loading, 60 s for H265', () => {
    expect(reloadHintDelay('h264')).toBe(20_000);
    expect(reloadHintDelay()).toBe(20_000);
    expect(reloadHintDelay('h265')).toBe(60_000);
  });

  it('times out H265 loading after 20 s and never H264', () => {
    expect(loadTimeout('h265')).toBe(20_000);
    expect(loadTimeout('h264')).toBeNull();
  });

  it('restarts H265 after 2 s on errors, time-outs, play-failed and an ended stream', () => {
    for (const t of ['networkError', 'mediaError', 'playFailed', 'loadTimeout', 'ended'] as const) expect(recoveryFor('h265', t)).toEqual({ action: 'restart', delayMs: 2_000 });
  });

  it('H264: network errors retry after 3 s, media errors give up, a refused play() is ignored, an ended live stream restarts after 10 s', () => {
    expect(recoveryFor('h264', 'networkError')).toEqual({ action: 'restart', delayMs: 3_000 });
    expect(recoveryFor('h264', 'mediaError')).toEqual({ action: 'fail' });
    expect(recoveryFor('h264', 'playFailed')).toEqual({ action: 'none' });
    expect(recoveryFor('h264', 'ended')).toEqual({ action: 'restart', delayMs: 10_000 });
  });
});
