import { describe, expect, it } from 'vitest';
import { gpsDistanceMetres } from './detections';

describe('GPS distance (detection viewer line length)', () => {
  it('is zero for one point and about 111 km for a degree of latitude', () => {
    expect(gpsDistanceMetres(31.2304, 121.4737, 31.2304, 121.4737)).toBe(0);
    expect(gpsDistanceMetres(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
  });
  it('measures a short patrol step in metres', () => {
    // 0.0001° of longitude at 31.23° N is about 9.5 m.
    expect(gpsDistanceMetres(31.2304, 121.4737, 31.2304, 121.4738)).toBeCloseTo(9.51, 1);
  });
});
