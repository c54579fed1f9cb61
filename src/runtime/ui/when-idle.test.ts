// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs the work from requestIdleCallback with the time-out given, and the cancel function cancels that callback', () => {
    const asked: Array<{ cb: () => void; timeout?: number }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, opts?: { timeout?: number }) => asked.push({ cb, timeout: opts?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const work = vi.fn();
    const cancel = whenIdle(work, 2_000);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.timeout).toBe(2_000);
    expect(work).not.toHaveBeenCalled();
    asked[0]!.cb();
    expect(work).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('without requestIdleCallback, runs the work after a short timer unless cancelled first', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const done = vi.fn();
    whenIdle(done);
    const dropped = vi.fn();
    const cancel = whenIdle(dropped);
    cancel();
    vi.advanceTimersByTime(49);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
  });
});
