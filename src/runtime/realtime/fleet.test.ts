import { describe, expect, it } from 'vitest';
import { applyPush, fleetFromSnapshot } from './fleet';

const snapshot = [
  { robotId: 'A', robotName: 'Alpha', robotType: 1, companyId: 2, mapId: 1, status: 2, online: 1, battery: 80, emergencyButtonStatus: 0, x: 1000, y: 2000, theta: 0, extra: 'ignored' },
  { robotId: 'B', robotName: 'Bravo', robotType: 4, companyId: 2, mapId: 1, status: 3, online: 1, battery: 15, emergencyButtonStatus: 0, x: null, y: null, theta: null },
  { robotId: 'C', robotName: 'Charlie', robotType: 1, companyId: 2, mapId: 2, status: 0, online: 0, battery: null, emergencyButtonStatus: 0, x: null, y: null, theta: null },
  { robotName: 'no id' },
];

describe('live fleet', () => {
  it('builds the fleet from the snapshot, keeping the known fields of robots with an id', () => {
    const fleet = fleetFromSnapshot(snapshot);
    expect([...fleet.keys()]).toEqual(['A', 'B', 'C']);
    expect(fleet.get('A')).not.toHaveProperty('extra');
    expect(fleetFromSnapshot({ not: 'a list' }).size).toBe(0);
  });

  it('applies status, pose, name and map pushes and says which fields changed', () => {
    const fleet = fleetFromSnapshot(snapshot);
    expect(applyPush(fleet, 'robot/A', 'status', { status: 6, online: 1, battery: 79, emergencyButtonStatus: 1 })).toEqual(['status', 'battery', 'emergencyButtonStatus']);
    expect(applyPush(fleet, 'robot/A', 'gps', { x: 3000, y: 4000, theta: 1, mapId: 2 })).toEqual(['x', 'y', 'theta', 'mapId']);
    expect(applyPush(fleet, 'robot/B', 'nameChange', { robotName: 'Bravo 2' })).toEqual(['robotName']);
    expect(fleet.get('A')).toMatchObject({ status: 6, battery: 79, emergencyButtonStatus: 1, x: 3000, y: 4000, mapId: 2 });
    expect(fleet.get('B')!.robotName).toBe('Bravo 2');
    // The same values again, another robot, a push that carries nothing shown here: nothing changed.
    expect(applyPush(fleet, 'robot/A', 'status', { status: 6, online: 1, battery: 79, emergencyButtonStatus: 1 })).toEqual([]);
    expect(applyPush(fleet, 'robot/Z', 'status', { status: 1 })).toEqual([]);
    expect(applyPush(fleet, 'robot/A', 'VideoHeart', { cameras: [] })).toEqual([]);
    expect(applyPush(fleet, 'robot/A', 'status', null)).toEqual([]);
  });
});
