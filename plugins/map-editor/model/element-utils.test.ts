import { describe, expect, it } from 'vitest';
import { MapColours, MapElementKind } from '@common/map';
import { ELEMENT_UTILS, hitElement, hitVertex, kindLabelKey, shapeOf, utilOf } from './element-utils';

describe('element utils', () => {
  it('has one util for every element kind 100-114', () => {
    expect([...ELEMENT_UTILS.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => 100 + i));
    expect(() => utilOf(999)).toThrow('Unknown map element kind 999');
  });

  it('colours special areas 1-5 and paths as the spec says', () => {
    const area = utilOf(MapElementKind.specialArea);
    const colours = [1, 2, 3, 4, 5].map((subKind) => area.colour({ id: 'a', kind: 110, subKind, name: '', points: [], props: {} }));
    expect(colours).toEqual(['#FF0000', '#BC5CFF', '#FCFF05', '#FFA305', '#92FFF6']);
    expect(utilOf(MapElementKind.path).colour({ id: 'p', kind: 101, name: '', points: [], props: {} })).toBe(MapColours.path);
    expect(utilOf(MapElementKind.chargePosition).colour({ id: 'c', kind: 102, name: '', points: [], props: {} })).toBe(MapColours.default);
  });

  it('hits points before routes before areas, and finds vertices', () => {
    const zone = { id: 'z', kind: 110, subKind: 1, name: '', points: [[0, 0], [50, 0], [50, 50], [0, 50]] as [number, number][], props: {} };
    const route = { id: 'r', kind: 101, name: '', points: [[0, 25], [50, 25]] as [number, number][], props: {} };
    const pile = { id: 'c', kind: 102, name: '', points: [[10, 25]] as [number, number][], props: {} };
    expect(hitElement([zone, route, pile], [10, 26], 2)?.id).toBe('c');
    expect(hitElement([zone, route, pile], [30, 26], 2)?.id).toBe('r');
    expect(hitElement([zone, route, pile], [30, 40], 2)?.id).toBe('z');
    expect(hitElement([zone, route, pile], [80, 80], 2)).toBeNull();
    expect(hitVertex(zone, [49, 51], 3)).toBe(2);
  });
});

describe('roller shutters and transport points', () => {
  const shutter = { id: 's', kind: 112, name: 'Door', points: [[0, 0], [40, 0]] as [number, number][], props: { dotKind: 'rollerShutter' } };
  const dot = { id: 'd', kind: 112, name: 'Dot', points: [[80, 0]] as [number, number][], props: {} };

  it('draws a roller shutter as a line in its own colour, labelled apart from special points', () => {
    expect(shapeOf(shutter)).toBe('polyline');
    expect(shapeOf(dot)).toBe('point');
    expect(utilOf(112).colour(shutter)).toBe(MapColours.rollerShutter);
    expect(utilOf(112).colour(dot)).toBe(MapColours.default);
    expect(kindLabelKey(shutter)).toBe('kind.rollerShutter');
    expect(kindLabelKey(dot)).toBe('kind.specialDot');
    expect(kindLabelKey({ kind: 110, subKind: 4, props: {} })).toBe('area.decelerationZone');
  });

  it('hits a roller shutter anywhere along its line', () => {
    expect(hitElement([shutter, dot], [20, 1], 2)?.id).toBe('s');
    expect(hitElement([shutter, dot], [80, 1], 2)?.id).toBe('d');
  });

  it('makes a transport point normal by default', () => {
    expect(utilOf(MapElementKind.transport).defaults().props).toEqual({ transportKind: 'normal' });
  });
});
