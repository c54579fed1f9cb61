import { describe, expect, it } from 'vitest';
import { legacyTypeFromSerial, robotKindFromSerial, statusLabelKey } from './robot';

describe('robot rules', () => {
  it('derives the kind from serial characters 3-4', () => {
    expect(['01WR000001', '01WV000001', '01WF000001', '01WS000001', '01TP000001', '01WY000001', '01LK000001', '01XX000001'].map(robotKindFromSerial)).toEqual([1, 2, 3, 4, 5, 6, 7, 4]);
    expect(legacyTypeFromSerial('01TP000001')).toBe(4);
  });
  it('labels status by code when online, offline when not, unknown otherwise', () => {
    expect(statusLabelKey(1, 3)).toBe('3');
    expect(statusLabelKey(0, 3)).toBe('offline');
    expect(statusLabelKey(1, 23)).toBe('unknown');
    expect(statusLabelKey(1, undefined)).toBe('unknown');
  });
});
