import { describe, expect, it } from 'vitest';
import { BAD_STREAM_REASON, liveStreamOf, withStream } from './camera';

describe('live streams of a camera (main, sub)', () => {
  it('reads the `stream` query value: main when absent, null for anything but main or sub', () => {
    expect(liveStreamOf(undefined)).toBe('main');
    expect(liveStreamOf('main')).toBe('main');
    expect(liveStreamOf('sub')).toBe('sub');
    for (const bad of ['', 'SUB', 'hd', ' sub', ['sub'], 1, null]) expect(liveStreamOf(bad)).toBeNull();
    expect(BAD_STREAM_REASON).toBe('stream must be main or sub');
  });

  it('asks for the sub stream on a live path or a replay path; main is the default and adds nothing', () => {
    expect(withStream('/live/01WR000001/front', 'sub')).toBe('/live/01WR000001/front?stream=sub');
    expect(withStream('/live/01WR000001/front?from=2026-11-23T08%3A04%3A00.000Z', 'sub')).toBe('/live/01WR000001/front?from=2026-11-23T08%3A04%3A00.000Z&stream=sub');
    expect(withStream('/live/01WR000001/front', 'main')).toBe('/live/01WR000001/front');
  });
});
