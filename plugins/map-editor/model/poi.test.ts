import { describe, expect, it } from 'vitest';
import { pictureProblem, poiProblem, taskPointsProblem, type Poi } from './poi';

const poi = (extra: Partial<Poi> = {}): Poi => ({ name: 'Lobby', type: 'interest', robotId: 'r1', actions: [], ...extra });

describe('points of interest (spec §5)', () => {
  it('needs a name and at most 5 actions', () => {
    expect(poiProblem(poi({ name: ' ' }))).toEqual({ key: 'poiNameRequired' });
    expect(poiProblem(poi({ actions: Array.from({ length: 6 }, () => ({ action: 'wait' as const })) }))).toEqual({ key: 'poiTooManyActions', vars: { limit: 5 } });
    expect(poiProblem(poi({ actions: Array.from({ length: 5 }, () => ({ action: 'wait' as const })) }))).toBeNull();
  });

  it('allows head tilt and capture once per point', () => {
    expect(poiProblem(poi({ actions: [{ action: 'headTilt' }, { action: 'headTilt' }] }))).toEqual({ key: 'poiActionOnce', vars: { action: 'headTilt' } });
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

  it('allows one welcome point per robot', () => {
    const first = poi({ type: 'welcome' });
    expect(poiProblem(poi({ type: 'welcome', name: 'Gate' }), [first])).toEqual({ key: 'poiOneWelcome' });
    expect(poiProblem(poi({ type: 'welcome', robotId: 'r2' }), [first])).toBeNull();
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
