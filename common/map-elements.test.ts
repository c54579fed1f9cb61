import { describe, expect, it } from 'vitest';
import { checkElements, pointInPolygon, polygonSelfIntersects, polygonsCross, segmentsIntersect, type MapElement, type Pt } from './map-elements';

const sq = (x: number, y: number, w: number): Pt[] => [
  [x, y],
  [x + w, y],
  [x + w, y + w],
  [x, y + w],
];
const area = (id: string, points: Pt[]): MapElement => ({ id, kind: 110, subKind: 1, name: id, points, props: {} });

describe('geometry', () => {
  it('finds crossing, touching and apart segments', () => {
    expect(segmentsIntersect([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [10, 0], [10, 0], [20, 5])).toBe(true);
    expect(segmentsIntersect([0, 0], [10, 0], [0, 1], [10, 1])).toBe(false);
  });

  it('tells polygons that cross, contain each other or are apart', () => {
    expect(polygonsCross(sq(0, 0, 10), sq(5, 5, 10))).toBe(true);
    expect(polygonsCross(sq(0, 0, 10), sq(2, 2, 3))).toBe(true);
    expect(polygonsCross(sq(0, 0, 10), sq(20, 0, 10))).toBe(false);
    expect(pointInPolygon([5, 5], sq(0, 0, 10))).toBe(true);
    expect(polygonSelfIntersects([[0, 0], [10, 10], [10, 0], [0, 10]])).toBe(true);
    expect(polygonSelfIntersects(sq(0, 0, 10))).toBe(false);
  });
});

describe('rules of a whole map', () => {
  it('refuses crossing zones, naming both', () => {
    expect(checkElements([area('A', sq(0, 0, 10)), area('B', sq(5, 5, 10))])).toEqual({ key: 'mapZonesCross', vars: { a: 'A', b: 'B' }, ids: ['A', 'B'] });
  });

  it('refuses two enabled charging piles and a point element with two points', () => {
    const pile = (id: string): MapElement => ({ id, kind: 102, name: id, points: [[1, 1]], props: { enabled: true } });
    expect(checkElements([pile('p1'), pile('p2')])?.vars?.detail).toBe('only one charging pile can be enabled');
    expect(checkElements([{ ...pile('p'), points: [[1, 1], [2, 2]] }])?.vars?.detail).toBe('a point element has exactly one point');
    expect(checkElements([area('A', sq(0, 0, 10)), pile('p1')])).toBeNull();
  });
});

describe('initial positions and roller shutters', () => {
  const init = (id: string): MapElement => ({ id, kind: 104, name: id, points: [[5, 5]], props: { theta: 0 } });
  const shutter = (id: string, points: Pt[]): MapElement => ({ id, kind: 112, name: id, points, props: { dotKind: 'rollerShutter' } });

  it('allows one initial position per map', () => {
    expect(checkElements([init('a')])).toBeNull();
    expect(checkElements([init('a'), init('b')])).toEqual({ key: 'mapOneInitPosition', ids: ['a', 'b'] });
  });

  it('takes a roller shutter as a line of exactly 2 points', () => {
    expect(checkElements([shutter('s', [[0, 0], [10, 0]])])).toBeNull();
    expect(checkElements([shutter('s', [[0, 0]])])?.key).toBe('mapElementInvalid');
    expect(checkElements([{ id: 'd', kind: 112, name: 'd', points: [[0, 0], [1, 1]], props: {} }])?.key).toBe('mapElementInvalid');
  });
});
