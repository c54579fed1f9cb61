import { describe, expect, it } from 'vitest';
import { fleetFromSnapshot } from '@runtime';
import { kpis, statusDistribution, toPixel } from './fleet-model';

const snapshot = [
  { robotId: 'A', robotName: 'Alpha', robotType: 1, companyId: 2, mapId: 1, status: 2, online: 1, battery: 80, emergencyButtonStatus: 0, x: 1000, y: 2000, theta: 0, extra: 'ignored' },
  { robotId: 'B', robotName: 'Bravo', robotType: 4, companyId: 2, mapId: 1, status: 3, online: 1, battery: 15, emergencyButtonStatus: 0, x: null, y: null, theta: null },
  { robotId: 'C', robotName: 'Charlie', robotType: 1, companyId: 2, mapId: 2, status: 0, online: 0, battery: null, emergencyButtonStatus: 0, x: null, y: null, theta: null },
];

describe('overview fleet model', () => {
  it('counts KPIs and the status distribution', () => {
    const fleet = fleetFromSnapshot(snapshot);
    expect(kpis(fleet.values(), 20)).toEqual({ total: 3, online: 2, working: 1, charging: 1, emergency: 0, lowBattery: 1 });
    // One rule: strictly below the threshold (the alarm settings' batteryLowPercent); none without a threshold.
    expect(kpis(fleet.values(), 15).lowBattery).toBe(0);
    expect(kpis(fleet.values(), 16).lowBattery).toBe(1);
    expect(kpis(fleet.values(), undefined).lowBattery).toBe(0);
    expect(statusDistribution(fleet.values(), (r) => (r.online ? String(r.status) : 'offline'))).toEqual([
      { key: '2', count: 1 },
      { key: '3', count: 1 },
      { key: 'offline', count: 1 },
    ]);
  });

  it('converts millimetres to picture pixels with the origin at the bottom left', () => {
    const frame = { pixelW: 480, pixelH: 320, scale: 0.05, Xorigin: -1, Yorigin: -2 };
    expect(toPixel(frame, 0, 0)).toEqual({ px: 20, py: 280 });
    expect(toPixel(frame, -5000, 0)).toBeNull();
    expect(toPixel({ ...frame, scale: 0 }, 0, 0)).toBeNull();
  });
});
