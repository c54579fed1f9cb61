/**
 * Map elements and the rules of spec §5 that both the map editor and the server apply to them:
 * routes need at least 2 points, polygons more than 2, forbidden zones and polygons must not
 * cross, one enabled charging pile, one initial position. Pure data and geometry: no React, no Konva, no Node.
 */
import { MapElementKind, SpecialAreaKind, SpecialDotKind } from './map';
import type { MessageKey } from './messages';

/** A point in map pixels (x right, y down, as in the map image). */
export type Pt = [number, number];

/** One element of a map (spec §3 element kinds), as stored and as the editor holds it. */
export interface MapElement {
  /** Stable id within the document (the server's row id once saved, or a client id). */
  id: string;
  kind: number;
  /** Special area kind (1-5) for kind 110, route kind (1-2) for kind 101. */
  subKind?: number;
  name: string;
  points: Pt[];
  props: Record<string, unknown>;
}

/** A rule broken: a catalogue message and its values. */
export interface RuleError {
  key: MessageKey;
  vars?: Record<string, string | number>;
  /** Ids of the elements concerned. */
  ids?: string[];
}

/** Whether the element is drawn as a closed polygon. */
export const isPolygon = (e: Pick<MapElement, 'kind'>): boolean => e.kind === MapElementKind.specialArea;
/** Whether the element is a roller shutter: a specialDot (112) of two points with dotKind 'rollerShutter' (the spec gives it no kind number). */
export const isRollerShutter = (e: Pick<MapElement, 'kind' | 'props'>): boolean => e.kind === MapElementKind.specialDot && e.props?.dotKind === SpecialDotKind.rollerShutter;
/** Whether the element is a polyline route. */
export const isRoute = (e: Pick<MapElement, 'kind'>): boolean => e.kind === MapElementKind.path || e.kind === MapElementKind.orbit;

const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSegment = (p: Pt, q: Pt, r: Pt) => Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);

/** Whether segments ab and cd intersect (touching counts). */
export function segmentsIntersect(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(c, a, d)) || (d2 === 0 && onSegment(c, b, d)) || (d3 === 0 && onSegment(a, c, b)) || (d4 === 0 && onSegment(a, d, b));
}

/** Edges of a closed polygon. */
const edges = (poly: Pt[]): [Pt, Pt][] => poly.map((p, i) => [p, poly[(i + 1) % poly.length]!]);

/** Whether a point lies inside a polygon (even-odd rule). */
export function pointInPolygon(p: Pt, poly: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether two non-adjacent edges of a polygon cross. */
export function polygonSelfIntersects(poly: Pt[]): boolean {
  const es = edges(poly);
  for (let i = 0; i < es.length; i++) {
    for (let j = i + 1; j < es.length; j++) {
      if (j === i + 1 || (i === 0 && j === es.length - 1)) continue;
      if (segmentsIntersect(es[i]![0], es[i]![1], es[j]![0], es[j]![1])) return true;
    }
  }
  return false;
}

/** Whether two polygons cross: an edge of one meets an edge of the other, or one lies inside the other. */
export function polygonsCross(a: Pt[], b: Pt[]): boolean {
  if (!boxesOverlap(bbox(a), bbox(b))) return false;
  for (const [p, q] of edges(a)) for (const [r, s] of edges(b)) if (segmentsIntersect(p, q, r, s)) return true;
  return pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a);
}

/** Bounding box [minX, minY, maxX, maxY]. */
export function bbox(points: Pt[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

const boxesOverlap = (a: number[], b: number[]) => a[0]! <= b[2]! && b[0]! <= a[2]! && a[1]! <= b[3]! && b[1]! <= a[3]!;

/** Distance from p to segment ab. */
export function distanceToSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** The rules one element must meet on its own (point counts, self-crossing). */
export function checkElement(e: MapElement): RuleError | null {
  const name = e.name || String(e.id);
  if (!e.points.every((p) => Array.isArray(p) && p.length === 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]))) {
    return { key: 'mapElementInvalid', vars: { name, detail: 'points must be [x, y] numbers' }, ids: [e.id] };
  }
  if (isRoute(e) && e.points.length < 2) return { key: 'mapRouteTooShort', ids: [e.id] };
  if (isPolygon(e)) {
    if (e.points.length <= 2) return { key: 'mapPolygonTooFew', ids: [e.id] };
    if (polygonSelfIntersects(e.points)) return { key: 'mapPolygonSelfCross', vars: { name }, ids: [e.id] };
    if (e.subKind !== undefined && !(Object.values(SpecialAreaKind) as number[]).includes(e.subKind)) {
      return { key: 'mapElementInvalid', vars: { name, detail: 'unknown special area kind' }, ids: [e.id] };
    }
  }
  if (isRollerShutter(e)) return e.points.length === 2 ? null : { key: 'mapElementInvalid', vars: { name, detail: 'a roller shutter is a line of 2 points' }, ids: [e.id] };
  if (!isRoute(e) && !isPolygon(e) && e.points.length !== 1) return { key: 'mapElementInvalid', vars: { name, detail: 'a point element has exactly one point' }, ids: [e.id] };
  return null;
}

/** Finds a polygon that `candidate` would cross among `others` (forbidden zones and polygons must not cross). */
export function findCrossing(candidate: MapElement, others: MapElement[]): MapElement | null {
  if (!isPolygon(candidate) || candidate.points.length < 3) return null;
  for (const o of others) if (o.id !== candidate.id && isPolygon(o) && o.points.length >= 3 && polygonsCross(candidate.points, o.points)) return o;
  return null;
}

/** Every rule of a whole map's elements (spec §5); the first broken one, or null. */
export function checkElements(elements: MapElement[]): RuleError | null {
  for (const e of elements) {
    const err = checkElement(e);
    if (err) return err;
  }
  const polys = elements.filter(isPolygon);
  for (let i = 0; i < polys.length; i++) {
    for (let j = i + 1; j < polys.length; j++) {
      if (polygonsCross(polys[i]!.points, polys[j]!.points)) {
        return { key: 'mapZonesCross', vars: { a: polys[i]!.name || polys[i]!.id, b: polys[j]!.name || polys[j]!.id }, ids: [polys[i]!.id, polys[j]!.id] };
      }
    }
  }
  const inits = elements.filter((e) => e.kind === MapElementKind.initPosition);
  if (inits.length > 1) return { key: 'mapOneInitPosition', ids: inits.map((e) => e.id) };
  const enabledPiles = elements.filter((e) => e.kind === MapElementKind.chargePosition && e.props.enabled === true);
  if (enabledPiles.length > 1) return { key: 'mapElementInvalid', vars: { name: enabledPiles[1]!.name, detail: 'only one charging pile can be enabled' }, ids: enabledPiles.map((e) => e.id) };
  return null;
}
