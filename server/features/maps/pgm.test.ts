import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Cell, MapFileError, parseMapYaml, parsePgm } from './pgm';
import { cutTilePyramid, nativeZoomOf } from './tiles';

const trinary = { negate: 0 as const, occupied_thresh: 0.65, free_thresh: 0.196 };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof MapFileError ? [err.key, err.vars] : String(err);
  }
  return 'accepted';
};

describe('pgm', () => {
  it('classifies an 8-bit P5 as map_server does: 0 wall, 205 unknown, 254 free', () => {
    const buf = Buffer.concat([Buffer.from('P5\n# c\n3 1\n255\n'), Buffer.from([0, 205, 254])]);
    expect([...parsePgm(buf, trinary).cells]).toEqual([Cell.occupied, Cell.unknown, Cell.free]);
  });

  it('reads a 16-bit P5 and a P2 with comments, and honours negate', () => {
    const p16 = Buffer.concat([Buffer.from('P5 2 1 65535\n'), Buffer.from([0xff, 0xff, 0, 0])]);
    expect([...parsePgm(p16, trinary).cells]).toEqual([Cell.free, Cell.occupied]);
    const p2 = Buffer.from('P2\n2 2\n# mid\n255\n0 255\n# row\n128 255\n');
    expect([...parsePgm(p2, { ...trinary, negate: 1 }).cells]).toEqual([Cell.free, Cell.occupied, Cell.unknown, Cell.occupied]);
  });

  it('refuses bad magic, short data, values above maxval and maps above the pixel cap', () => {
    expect(refusal(() => parsePgm(Buffer.from('P6\n1 1\n255\n\0\0\0'), trinary))).toEqual(['mapPgmInvalid', { detail: 'not a P5 or P2 pgm' }]);
    expect(refusal(() => parsePgm(Buffer.from('P5\n4 4\n255\nabc'), trinary))).toEqual(['mapPgmInvalid', { detail: 'pixel data is shorter than 4 × 4' }]);
    expect(refusal(() => parsePgm(Buffer.from('P2\n1 1\n100\n200\n'), trinary))).toEqual(['mapPgmInvalid', { detail: 'pixel value 200 above maxval 100' }]);
    expect(refusal(() => parsePgm(Buffer.from('P5\n100 100\n255\n'), trinary, 5000))).toEqual(['mapTooManyPixels', { width: 100, height: 100, limit: '5,000' }]);
  });
});

describe('yaml', () => {
  it('reads the fields with the map_server defaults', () => {
    expect(parseMapYaml('image: m.pgm\nresolution: 0.05\norigin: [-1, 2.5, 0]\n')).toEqual({
      image: 'm.pgm',
      resolution: 0.05,
      origin: [-1, 2.5, 0],
      negate: 0,
      occupied_thresh: 0.65,
      free_thresh: 0.196,
      mode: 'trinary',
    });
  });

  it('refuses broken yaml, a missing origin and a bad negate', () => {
    expect(refusal(() => parseMapYaml('resolution: [\n'))).toEqual(['mapYamlInvalid', { detail: expect.any(String) }]);
    expect(refusal(() => parseMapYaml('resolution: 0.05\n'))).toEqual(['mapYamlInvalid', { detail: 'origin must be [x, y, yaw]' }]);
    expect(refusal(() => parseMapYaml('resolution: 0.05\norigin: [0,0,0]\nnegate: 2\n'))).toEqual(['mapYamlInvalid', { detail: 'negate must be 0 or 1' }]);
  });
});

describe('tile pyramid', () => {
  it('cuts levels 0..layer, shares identical tiles and keeps walls when zooming out', async () => {
    const width = 600;
    const height = 300;
    const cells = new Uint8Array(width * height).fill(Cell.free);
    cells[150 * width + 300] = Cell.occupied; // one wall cell
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-tiles-'));
    try {
      const progress: number[] = [];
      const m = await cutTilePyramid({ width, height, cells }, 6, dir, (p) => progress.push(p));
      expect(nativeZoomOf(width, height)).toBe(2);
      expect(m.levels.map((l) => [l.z, l.cols, l.rows])).toEqual([
        [0, 1, 1],
        [1, 2, 1],
        [2, 3, 2],
        [3, 5, 3],
        [4, 10, 5],
        [5, 19, 10],
        [6, 38, 19],
      ]);
      expect(m.uniqueTiles).toBeLessThan(m.totalTiles / 10);
      expect(progress.at(-1)).toBe(100);
      // Level 0 (a quarter of the map) still shows the single wall cell as black.
      const { PNG } = await import('pngjs');
      const raw = fs.readFileSync(path.join(dir, 'levels', '0.bin'));
      const idx = new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
      const tile = PNG.sync.read(fs.readFileSync(path.join(dir, 'tiles', `${idx[0]}.png`)));
      expect([tile.width, tile.height]).toEqual([150, 75]);
      expect(tile.data[(37 * 150 + 75) * 4]).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
