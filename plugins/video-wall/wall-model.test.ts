import { describe, expect, it } from 'vitest';
import { cameraKey, fillEmpty, LAYOUTS, place, resize, sanitize, tileStream, type Tiles } from './wall-model';

const robots = [
  { robotId: 'A', robotName: 'a', online: 1 },
  { robotId: 'B', robotName: 'b', online: 0 },
  { robotId: 'C', robotName: 'c', online: 1 },
];

describe('video wall tiles', () => {
  it('fills empty tiles with the front cameras of online robots first, then their other cameras', () => {
    const tiles = fillEmpty(Array(4).fill(null), robots);
    expect(tiles.map((t) => t && cameraKey(t))).toEqual(['A:0', 'C:0', 'A:1', 'C:1']);
  });

  it('never shows a camera twice: placing it again moves it', () => {
    let tiles: Tiles = [{ robotId: 'A', cameraId: 0 }, null, null, null];
    tiles = place(tiles, 2, { robotId: 'A', cameraId: 0 });
    expect(tiles.map((t) => t && cameraKey(t))).toEqual([null, null, 'A:0', null]);
    expect(fillEmpty(tiles, robots).filter(Boolean).map((t) => cameraKey(t!))).not.toContain(undefined);
    expect(new Set(fillEmpty(tiles, robots).map((t) => t && cameraKey(t))).size).toBe(4);
  });

  it('resizes to a layout keeping cameras in order', () => {
    const tiles = fillEmpty(Array(9).fill(null), robots);
    expect(resize(tiles, 4).map((t) => t && cameraKey(t))).toEqual(['A:0', 'C:0', 'A:1', 'C:1']);
    expect(resize(resize(tiles, 1), 4)).toHaveLength(4);
  });

  it('cleans a stored wall: unknown robots, bad cameras and duplicates become empty tiles', () => {
    const stored = [{ robotId: 'A', cameraId: 0 }, { robotId: 'Z', cameraId: 0 }, { robotId: 'A', cameraId: 0 }, { robotId: 'C', cameraId: 7 }, 'x'];
    expect(sanitize(stored, 4, new Set(['A', 'C'])).map((t) => t && cameraKey(t))).toEqual(['A:0', null, null, null]);
    expect(sanitize([null, { robotId: 'A', cameraId: 1 }], 4, new Set(['A'])).map((t) => t && cameraKey(t))).toEqual([null, 'A:1', null, null]);
  });

  it('asks for the sub stream on a wall of several tiles, the main stream when one camera fills it', () => {
    expect(LAYOUTS.map((n) => [n, tileStream(n)])).toEqual([
      [1, 'main'],
      [4, 'sub'],
      [9, 'sub'],
      [16, 'sub'],
    ]);
  });
});
