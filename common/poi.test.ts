import { describe, expect, it } from 'vitest';
import { checkPois, pictureProblem, poiProblem, taskPointsProblem, type Poi } from './poi';
import type { MapElement } from './map-elements';

const poi = (extra: Partial<Poi> = {}): Poi => ({ name: 'Lobby', type: 'interest', robotId: 'r1', actions: [], ...extra });

describe('points of interest (spec §5)', () => {
  it('needs a name and at most 5 actions', () => {
    expect(poiProblem(poi({ name: ' ' }))).toEqual({ key: 'poiNameRequired' });
    expect(poiProblem(poi({ actions: Array.from({ length: 6 }, () => ({ action: 'wait' as const })) }))).toEqual({ key: 'poiTooManyActions', vars: { limit: 5 } });
    expect(poiProblem(poi({ actions: Array.from({ length: 5 }, () => ({ action: 'wait' as const })) }))).toBeNull();
  });

  it('allows head tilt and capture once per point', () => {
    expect(poiProblem(poi({ actions: [{ action: 'headTilt', pitchAngle: 10 }, { action: 'headTilt', pitchAngle: 10 }] }))).toEqual({ key: 'poiActionOnce', vars: { action: 'headTilt' } });
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 1 }, { action: 'capture', captureCount: 1 }] }))?.key).toBe('poiActionOnce');
  });

  it('needs a media file, a capture count of at least 1 and a clean number list', () => {
    expect(poiProblem(poi({ actions: [{ action: 'media', mediaId: null }] }))).toEqual({ key: 'poiMediaRequired' });
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 0 }] }))).toEqual({ key: 'poiCaptureCount' });
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 2, intervals: ',1,2' }] }))?.key).toBe('poiNumberList');
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 2, intervals: '1,2,' }] }))?.key).toBe('poiNumberList');
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 2, intervals: '1,2.5,3' }] }))).toBeNull();
  });

  it('takes presets as digits only, with 2, 45 and 49 reserved', () => {
    expect(poiProblem(poi({ actions: [{ action: 'preset', preset: '4a' }] }))?.key).toBe('presetDigits');
    for (const reserved of ['2', '45', '49']) expect(poiProblem(poi({ actions: [{ action: 'preset', preset: reserved }] }))?.key).toBe('presetReserved');
    expect(poiProblem(poi({ actions: [{ action: 'preset', preset: '7' }] }))).toBeNull();
  });

  it('takes at most 5 pictures of png/jpg/jpeg up to 512 KB', () => {
    expect(poiProblem(poi({ pictures: [{ name: 'a.gif', size: 10 }] }))).toEqual({ key: 'poiPictureType' });
    expect(poiProblem(poi({ pictures: [{ name: 'a.JPEG', size: 512 * 1024 + 1 }] }))).toEqual({ key: 'poiPictureTooLarge' });
    expect(poiProblem(poi({ pictures: Array.from({ length: 6 }, () => ({ name: 'a.png', size: 1 })) }))?.key).toBe('poiTooManyPictures');
    expect(poiProblem(poi({ pictures: [{ name: 'a.jpg', size: 512 * 1024 }] }))).toBeNull();
  });

  it('allows one welcome point per robot, and a welcome point needs a robot', () => {
    const first = poi({ type: 'welcome' });
    expect(poiProblem(poi({ type: 'welcome', name: 'Gate' }), [first])).toEqual({ key: 'poiOneWelcome' });
    expect(poiProblem(poi({ type: 'welcome', robotId: 'r2' }), [first])).toBeNull();
    expect(poiProblem(poi({ type: 'welcome', robotId: undefined }))).toEqual({ key: 'poiWelcomeRobot' });
    expect(poiProblem(poi({ type: 'welcome', robotId: '' }), [poi({ type: 'welcome', robotId: '' })])).toEqual({ key: 'poiWelcomeRobot' });
    expect(poiProblem(poi({ type: 'interest', robotId: undefined }))).toBeNull();
  });

  it('needs a pitch angle of -90 to 90 degrees for the head tilt', () => {
    expect(poiProblem(poi({ actions: [{ action: 'headTilt' }] }))).toEqual({ key: 'poiPitchAngle', vars: { min: -90, max: 90 } });
    expect(poiProblem(poi({ actions: [{ action: 'headTilt', pitchAngle: 91 }] }))?.key).toBe('poiPitchAngle');
    expect(poiProblem(poi({ actions: [{ action: 'headTilt', pitchAngle: -90 }] }))).toBeNull();
  });

  it('needs a known detection type for a detection and a known camera', () => {
    expect(poiProblem(poi({ actions: [{ action: 'detect' }] }))).toEqual({ key: 'poiDetectionType' });
    expect(poiProblem(poi({ actions: [{ action: 'detect', detectionType: 'nope' as never }] }))?.key).toBe('mapElementInvalid');
    expect(poiProblem(poi({ actions: [{ action: 'detect', detectionType: 'thermal', camera: 'infrared' }] }))).toBeNull();
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 1, camera: 'top' as never }] }))?.key).toBe('mapElementInvalid');
    expect(poiProblem(poi({ actions: [{ action: 'capture', captureCount: 1, camera: 'back' }] }))).toBeNull();
  });

  it('checks dwell seconds, introduction, lift device, elevator, phone, grid spacing and icon', () => {
    expect(poiProblem(poi({ dwellSeconds: -1 }))).toEqual({ key: 'poiDwellSeconds', vars: { max: 3600 } });
    expect(poiProblem(poi({ dwellSeconds: 30 }))).toBeNull();
    expect(poiProblem(poi({ introduction: 'x'.repeat(501) }))).toEqual({ key: 'poiIntroductionTooLong', vars: { limit: 500 } });
    expect(poiProblem(poi({ liftDeviceNumber: 'L 1' }))?.key).toBe('poiLiftDevice');
    expect(poiProblem(poi({ liftDeviceNumber: 'L-01', elevator: 'A2' }))).toBeNull();
    expect(poiProblem(poi({ elevator: '#2' }))?.key).toBe('poiElevator');
    expect(poiProblem(poi({ phone: '12345' }))).toEqual({ key: 'format.phone' });
    expect(poiProblem(poi({ phone: '13812345678' }))).toBeNull();
    expect(poiProblem(poi({ gridSpacing: -0.5 }))).toEqual({ key: 'poiGridSpacing', vars: { max: 100 } });
    expect(poiProblem(poi({ gridSpacing: 0.5, icon: 'flag' }))).toBeNull();
    expect(poiProblem(poi({ icon: 'skull' as never }))?.key).toBe('mapElementInvalid');
  });

  it('checks every point of a map, naming the one that breaks a rule', () => {
    const el = (id: string, props: Record<string, unknown>): MapElement => ({ id, kind: 107, name: id, points: [[1, 1]], props });
    expect(checkPois([el('a', { type: 'welcome', robotId: 'r1', actions: [] }), el('b', { type: 'welcome', robotId: 'r1', actions: [] })])).toEqual({ key: 'poiOneWelcome', ids: ['a'] });
    expect(checkPois([el('a', { type: 'welcome', actions: [] })])).toEqual({ key: 'poiWelcomeRobot', ids: ['a'] });
    expect(checkPois([el('a', {}), { id: 'x', kind: 104, name: '', points: [[1, 1]], props: {} }])).toBeNull();
  });

  it('holds 2 to 14 points in an explanation task and at most 5 in a task setting', () => {
    expect(taskPointsProblem('explain', 1)).toEqual({ key: 'poiExplainTooFew', vars: { limit: 2 } });
    expect(taskPointsProblem('explain', 15)).toEqual({ key: 'poiExplainTooMany', vars: { limit: 14 } });
    expect(taskPointsProblem('explain', 14)).toBeNull();
    expect(taskPointsProblem('task', 6)).toEqual({ key: 'poiTaskTooMany', vars: { limit: 5 } });
  });

  it('an explanation point carries its explanation task of 2 to 14 points', () => {
    expect(poiProblem(poi({ type: 'explain' }))).toEqual({ key: 'poiExplainTooFew', vars: { limit: 2 } });
    expect(poiProblem(poi({ type: 'explain', explainPoints: ['a'] }))).toEqual({ key: 'poiExplainTooFew', vars: { limit: 2 } });
    expect(poiProblem(poi({ type: 'explain', explainPoints: Array.from({ length: 15 }, (_, i) => `p${i}`) }))).toEqual({ key: 'poiExplainTooMany', vars: { limit: 14 } });
    expect(poiProblem(poi({ type: 'explain', explainPoints: ['a', 'b'] }))).toBeNull();
  });

  it('checks a picture before it is uploaded', () => {
    expect(pictureProblem([], { name: 'big.png', size: 600 * 1024 })).toEqual({ key: 'poiPictureTooLarge' });
    expect(pictureProblem([], { name: 'a.bmp', size: 10 })).toEqual({ key: 'poiPictureType' });
    expect(pictureProblem(Array.from({ length: 5 }, () => ({ name: 'a.png', size: 1 })), { name: 'b.png', size: 1 })?.key).toBe('poiTooManyPictures');
    expect(pictureProblem([], { name: 'a.jpg', size: 512 * 1024 })).toBeNull();
  });
});
