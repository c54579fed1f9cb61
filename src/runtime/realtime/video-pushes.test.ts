import { describe, expect, it } from 'vitest';
import { videoPushAction } from './video-pushes';

describe('videoPushAction', () => {
  it('restarts a camera on its error report codes 0-4 and 4402-4406 and on a new stream address', () => {
    expect(videoPushAction('VideoErrorReport', { cameraId: 1, code: 4404 }, 1, true)).toBe('restart');
    expect(videoPushAction('VideoErrorReport', { cameraId: 1, code: 4401 }, 1, true)).toBeNull();
    expect(videoPushAction('VideoErrorReport', { cameraId: 2, code: 4404 }, 1, true)).toBeNull();
    for (const code of [0, 1, 2, 3, 4]) expect(videoPushAction('VideoErrorReport', { cameraId: 1, code }, 1, true)).toBe('restart');
    expect(videoPushAction('VideoErrorReport', { cameraId: 1, code: 5 }, 1, true)).toBeNull();
    expect(videoPushAction('VideoErrorReport', { cameraId: 1, code: -1 }, 1, true)).toBeNull();
    expect(videoPushAction('VideoErrorReport', { cameraId: 1 }, 1, true)).toBeNull();
    expect(videoPushAction('videoUrlChange', { cameraId: 0, path: '/live/x/front', definition: 1 }, 0, true)).toBe('restart');
  });

  it('follows the camera heartbeat: 1 normal, above 1 destroys, otherwise restarts a player that is not playing', () => {
    const heart = (status: number) => ({ cameras: [{ cameraId: 0, status }] });
    expect(videoPushAction('VideoHeart', heart(1), 0, false)).toBeNull();
    expect(videoPushAction('VideoHeart', heart(3), 0, true)).toBe('destroy');
    expect(videoPushAction('VideoHeart', heart(0), 0, false)).toBe('restart');
    expect(videoPushAction('VideoHeart', heart(0), 0, true)).toBeNull();
    expect(videoPushAction('VideoHeart', heart(3), 1, true)).toBeNull();
  });

  it('restarts a stalled player when its camera pushes again; ignores other pushes', () => {
    expect(videoPushAction('pushVideo', { cameraId: 0, isPushVideo: 1 }, 0, false)).toBe('restart');
    expect(videoPushAction('pushVideo', { cameraId: 0, isPushVideo: 0 }, 0, false)).toBeNull();
    expect(videoPushAction('status', { status: 2 }, 0, false)).toBeNull();
  });
});
