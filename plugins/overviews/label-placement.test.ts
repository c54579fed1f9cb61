import { describe, expect, it } from 'vitest';
import { intersects, placeLabels, type LabelInput } from './label-placement';

const label = (id: string, px: number, py: number): LabelInput => ({ id, px, py, r: 6, w: 60, h: 14 });

describe('placeLabels', () => {
  it('puts a lone label above its dot', () => {
    const [a] = placeLabels([label('a', 100, 100)], 400, 300, 2);
    expect(a!.box).toEqual({ x: 70, y: 100 - 6 - 2 - 14, w: 60, h: 14 });
    expect(a!.overlaps).toBe(false);
  });

  it('keeps labels of robots standing close together apart, and off every dot', () => {
    const input = [label('a', 100, 100), label('b', 110, 102), label('c', 104, 96), label('d', 96, 108), label('e', 120, 100)];
    const out = placeLabels(input, 400, 300, 2);
    for (const x of out) expect(x.overlaps).toBe(false);
    for (let i = 0; i < out.length; i++) for (let j = i + 1; j < out.length; j++) expect(intersects(out[i]!.box, out[j]!.box)).toBe(false);
    for (const x of out) for (const l of input) expect(intersects(x.box, { x: l.px - l.r, y: l.py - l.r, w: 2 * l.r, h: 2 * l.r })).toBe(false);
  });

  it('stays inside the map at its edges', () => {
    const [a] = placeLabels([label('a', 5, 3)], 400, 300, 2);
    expect(a!.box.x).toBeGreaterThanOrEqual(0);
    expect(a!.box.y).toBeGreaterThanOrEqual(0);
  });
});
