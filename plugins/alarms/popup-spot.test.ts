import { describe, expect, it } from 'vitest';
import { clearSpot, coveredBy, leastCovered, type Candidate } from './popup-spot';

const right: Candidate = { spot: 'right', box: { left: 1010, top: 430, right: 1350, bottom: 752 } };
const left: Candidate = { spot: 'left', box: { left: 240, top: 430, right: 580, bottom: 752 } };
const button = (l: number, t: number) => ({ left: l, top: t, right: l + 80, bottom: t + 32 });

describe('where alarm pop-ups stand', () => {
  it('takes the bottom right when nothing is under it', () => {
    expect(clearSpot([right, left], [button(300, 100), button(1200, 100)])).toBe('right');
  });

  it('moves to the bottom left when a control is under the right', () => {
    expect(clearSpot([right, left], [button(1200, 500)])).toBe('left');
  });

  it('finds no clear place when both cover a control (the stack collapses)', () => {
    const controls = [button(1200, 500), button(300, 700)];
    expect(clearSpot([right, left], controls)).toBeNull();
    expect(leastCovered([right, left], [...controls, button(1100, 600)])).toBe('left');
  });

  it('counts a control that only touches the edge as not covered', () => {
    expect(coveredBy(right.box, [{ left: 900, top: 400, right: 1010, bottom: 430 }])).toBe(0);
    expect(coveredBy(right.box, [{ left: 900, top: 400, right: 1011, bottom: 431 }])).toBe(1);
  });
});
