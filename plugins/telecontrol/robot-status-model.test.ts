import { describe, expect, it } from 'vitest';
import { cameraPushes, envOf, mergeLens, mergeRobotStatus } from './robot-status-model';

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

describe('camera flags and environment readings', () => {
  it('follows each camera push flag from pushVideoFlag and pushVideo; a camera not reported pushes', () => {
    let view = mergeRobotStatus({ status: 1, updatedAt: 5 }, 'pushVideoFlag', { cameraId: 1, isPushVideo: 0 });
    expect(cameraPushes(view, 1)).toBe(false);
    expect(cameraPushes(view, 0)).toBe(true);
    expect(view.updatedAt).toBe(5);
    view = mergeRobotStatus(view, 'pushVideo', { cameraId: 1, isPushVideo: 1 });
    expect(cameraPushes(view, 1)).toBe(true);
    expect(mergeRobotStatus(view, 'pushVideoFlag', { cameraId: 9, isPushVideo: 0 })).toBe(view);
    expect(mergeRobotStatus(view, 'pushVideoFlag', { cameraId: 1, isPushVideo: 'no' })).toBe(view);
  });

  it('keeps the definition of each camera from videoParamNew', () => {
    const view = mergeRobotStatus({}, 'videoParamNew', { index: 2, sharpness: 4 });
    expect(view.definitions).toEqual({ 2: 4 });
    expect(mergeRobotStatus(view, 'videoParamNew', { index: 2 })).toBe(view);
  });

  it('takes the push flags the server knows from a snapshot, ignoring bad entries', () => {
    const view = mergeRobotStatus({ pushVideo: { 0: 1 } }, 'snapshot', { status: 0, pushVideo: { 1: 0, 7: 0, 2: 'x' } });
    expect(view.pushVideo).toEqual({ 0: 1, 1: 0 });
    expect(cameraPushes(view, 1)).toBe(false);
    expect(cameraPushes(view, 0)).toBe(true);
  });

  it('reads env defensively: finite readings only, kept when a status has none', () => {
    let view = mergeRobotStatus({}, 'status', { status: 0, env: { temperature: 21.5, humidity: 40, smoke: 'x', pm25: Number.NaN, methane: 0, hydrogenFluoride: 0.01 } });
    expect(view.env).toEqual({ temperature: 21.5, humidity: 40, methane: 0, hydrogenFluoride: 0.01 });
    view = mergeRobotStatus(view, 'status', { status: 1 });
    expect(view.env?.temperature).toBe(21.5);
    expect(envOf(null)).toBeUndefined();
    expect(envOf([1, 2])).toBeUndefined();
    expect(envOf({ smoke: '3' })).toBeUndefined();
  });
});

describe('lens read-out', () => {
  it('keeps the zoom and focus after a pan, which answers only pan and tilt (issue 22)', () => {
    let lens = mergeLens(undefined, { zoom: 3, focus: 50, pan: 0, tilt: 0, presets: [] });
    expect(lens).toEqual({ zoom: 3, focus: 50, pan: 0, tilt: 0 });
    lens = mergeLens(lens, { pan: 5, tilt: 0 });
    expect(lens).toEqual({ zoom: 3, focus: 50, pan: 5, tilt: 0 });
    lens = mergeLens(lens, { zoom: 4, focus: 55, pan: 5, tilt: 0 });
    expect(lens).toEqual({ zoom: 4, focus: 55, pan: 5, tilt: 0 });
  });

  it('takes finite numbers only and returns the same read-out when nothing changes', () => {
    const lens = { zoom: 2, pan: 10 };
    expect(mergeLens(lens, { zoom: 'x', pan: Number.NaN, tilt: null })).toBe(lens);
    expect(mergeLens(lens, { zoom: 2 })).toBe(lens);
    expect(mergeLens(lens, undefined)).toBe(lens);
    expect(mergeLens(undefined, { height: 3 })).toBeUndefined();
    expect(mergeLens(undefined, { tilt: -5 })).toEqual({ tilt: -5 });
  });
});
