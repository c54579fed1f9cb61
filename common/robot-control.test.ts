import { describe, expect, it } from 'vitest';
import { controlBlock, hangsUpCall, presetProblem, robotOffers } from './robot-control';

describe('telecontrol rules', () => {
  it('offers controls by robot kind: static robots lack navigation and charging; lifter and fire by kind', () => {
    expect(robotOffers(4, 'goPosition')).toBe(false);
    expect(robotOffers(4, 'goCharge')).toBe(false);
    expect(robotOffers(4, 'broadcast')).toBe(true);
    expect(robotOffers(1, 'goCharge')).toBe(true);
    expect(robotOffers(5, 'auto')).toBe(false);
    expect(robotOffers(5, 'lifter')).toBe(true);
    expect(robotOffers(3, 'fireControl')).toBe(true);
    expect(robotOffers(1, 'fireControl')).toBe(false);
    expect(robotOffers(undefined, 'stop')).toBe(false);
  });

  it('blocks by state with the message of each case', () => {
    expect(controlBlock('goPosition', { emergencyButtonStatus: 1 })).toBe('refusedEmergencyStop');
    expect(controlBlock('telecontrol', { status: 6 })).toBe('refusedEmergencyStopPressed');
    expect(controlBlock('telecontrol', { status: 2 })).toBe('refusedNavigation');
    expect(controlBlock('goCharge', { status: 22 })).toBe('refusedCharging');
    expect(controlBlock('goCharge', { status: 2 })).toBeNull();
    expect(controlBlock('stop', { status: 6, emergencyButtonStatus: 1 })).toBeNull();
    expect(controlBlock('remoteCall', { interactOnline: 0 })).toBe('interactOffline');
  });

  it('hangs up a running call before some actions only', () => {
    expect(hangsUpCall('broadcast', { interactionState: 2 })).toBe(true);
    expect(hangsUpCall('goCharge', { interactionState: 1 })).toBe(true);
    expect(hangsUpCall('goCharge', { interactionState: 0 })).toBe(false);
    expect(hangsUpCall('ptz', { interactionState: 2 })).toBe(false);
  });

  it('presets: digits only, 1-255, 2/45/49 reserved', () => {
    expect(presetProblem('12')).toBeNull();
    expect(presetProblem('1a')).toBe('presetDigits');
    expect(presetProblem('')).toBe('presetDigits');
    expect(presetProblem('0')).toBe('presetRange');
    expect(presetProblem('256')).toBe('presetRange');
    for (const p of ['2', '45', '49']) expect(presetProblem(p)).toBe('presetReserved');
  });
});
