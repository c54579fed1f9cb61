import { describe, expect, it } from 'vitest';
import { ROBOT_STATE_COLOURS, robotStateColour, robotStateGroup } from './robot-state';

describe('robot state groups', () => {
  it('puts every status code in one group, offline and the emergency button first', () => {
    expect(robotStateGroup(0, 6, 1)).toBe('offline');
    expect(robotStateGroup(1, 0, 1)).toBe('alert');
    expect(robotStateGroup(1, 6)).toBe('alert');
    expect(robotStateGroup(1, 4)).toBe('alert');
    expect(robotStateGroup(1, 3)).toBe('charging');
    expect(robotStateGroup(1, 22)).toBe('charging');
    expect(robotStateGroup(1, 0)).toBe('idle');
    expect(robotStateGroup(1, undefined)).toBe('idle');
    expect(robotStateGroup(1, 2)).toBe('working');
    expect(robotStateGroup(true, 19)).toBe('working');
  });
  it('gives each group its own colour', () => {
    expect(new Set(Object.values(ROBOT_STATE_COLOURS)).size).toBe(5);
    expect(robotStateColour(1, 3)).toBe(ROBOT_STATE_COLOURS.charging);
  });
});
