import { describe, expect, it } from 'vitest';
import { mergeRobotStatus } from './robot-status-model';

describe('robot status merging', () => {
  it('takes the snapshot, then status and gps pushes, newest time last', () => {
    let view = mergeRobotStatus({}, 'snapshot', { robotId: 'R', status: 0, online: 1, battery: 80, x: 1, updatedAt: '2026-01-01T00:00:00Z' });
    expect(view).toMatchObject({ status: 0, online: 1, battery: 80, x: 1, updatedAt: Date.parse('2026-01-01T00:00:00Z') });
    view = mergeRobotStatus(view, 'status', { status: 3, battery: 79, t: 1_000 });
    expect(view).toMatchObject({ status: 3, battery: 79, x: 1, updatedAt: 1_000 });
    view = mergeRobotStatus(view, 'gps', { x: 5, y: 6, latitude: 31.2, longitude: 121.4, t: 2_000 });
    expect(view).toMatchObject({ status: 3, x: 5, y: 6, latitude: 31.2, updatedAt: 2_000 });
  });

  it('ignores pushes that carry no status', () => {
    const view = { status: 1 };
    expect(mergeRobotStatus(view, 'VideoHeart', { status: 9 })).toBe(view);
  });
});
