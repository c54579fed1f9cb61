import { describe, expect, it } from 'vitest';
import { greyPng, parsePgm } from './map-picture';

describe('map picture', () => {
  it('reads a P5 pgm with a comment and encodes a PNG of the same size', () => {
    const pgm = Buffer.concat([Buffer.from('P5\n# demo\n3 2\n255\n', 'ascii'), Buffer.from([0, 128, 255, 255, 128, 0])]);
    const { width, height, pixels } = parsePgm(pgm);
    expect([width, height, [...pixels]]).toEqual([3, 2, [0, 128, 255, 255, 128, 0]]);
    const png = greyPng(width, height, pixels);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([3, 2]);
  });

  it('refuses what is not a binary pgm', () => {
    expect(() => parsePgm(Buffer.from('P2\n1 1\n255\n0'))).toThrow('not a binary pgm');
    expect(() => parsePgm(Buffer.from('P5\n4 4\n255\n\x00'))).toThrow('pgm is truncated');
  });
});
