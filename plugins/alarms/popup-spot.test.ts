import { describe, expect, it } from 'vitest';
import { clearSpot, coveredBy, firstClear, leastCovered, type Box, type Candidate } from './popup-spot';

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

  it('tries the whole stack, then narrower, then the newest pop-up alone, so a new alarm stays in sight', () => {
    // Telecontrol at 1366×768 with the robot tree: the tree's items above, the camera's preset field
    // to the right of the free column, the position card (kept clear) beside it.
    const tree = { left: 248, top: 160, right: 544, bottom: 534 };
    const preset = { left: 573, top: 582, right: 669, bottom: 614 };
    const positionCard = { left: 560, top: 660, right: 1341, bottom: 768 };
    const rightColumn = { left: 1022, top: 77, right: 1341, bottom: 768 };
    const at = (width: number, height: number): Box => ({ left: 240, right: 240 + width, top: 752 - height, bottom: 752 });
    const layouts = [
      { name: 'two, wide', box: at(340, 330) },
      { name: 'two, narrow', box: at(300, 354) },
      { name: 'newest, wide', box: at(340, 185) },
      { name: 'newest, narrow', box: at(300, 209) },
    ];
    expect(firstClear(layouts, [tree, preset, positionCard, rightColumn])?.name).toBe('newest, narrow');
    // Scrolled down to the readings: the tree is gone, the whole stack fits the free column when narrow.
    expect(firstClear(layouts, [{ ...positionCard, top: 467 }, rightColumn])?.name).toBe('two, narrow');
    // Nothing clear: null, the stack shows its counter.
    expect(firstClear(layouts, [{ left: 0, top: 700, right: 1366, bottom: 768 }])).toBeNull();
  });
});
