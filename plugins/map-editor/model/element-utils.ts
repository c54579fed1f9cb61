/**
 * One util per map element kind (spec §3 kinds 100-114): its shape, defaults, colour, the
 * least number of points and hit-testing. A registry, not a switch: an unknown kind fails
 * with a message naming it.
 */
import { MapColours, MapElementKind, SPECIAL_AREA_COLOURS, SpecialAreaKind, SpecialDotKind, TRANSPORT_KINDS, type SpecialAreaKindValue } from '@common/map';
import { distanceToSegment, isRollerShutter, pointInPolygon, type MapElement, type Pt } from '@common/map-elements';

/** How an element is drawn and hit. */
export type ElementShape = 'polygon' | 'polyline' | 'point';

/** The util of one element kind. */
export interface ElementUtil {
  kind: number;
  /** Key of the kind's name in the plugin's locales (`kind.<key>`). */
  key: string;
  shape: ElementShape;
  /** Fewest points a finished element has. */
  minPoints: number;
  /** Name and props of a new element of this kind. */
  defaults(subKind?: number): { name: string; props: Record<string, unknown>; subKind?: number };
  colour(e: MapElement): string;
  /** Whether point p (map pixels) hits the element, within `tolerance` pixels. */
  hitTest(e: MapElement, p: Pt, tolerance: number): boolean;
}

const polygonHit = (e: MapElement, p: Pt, tol: number) =>
  pointInPolygon(p, e.points) || e.points.some((a, i) => distanceToSegment(p, a, e.points[(i + 1) % e.points.length]!) <= tol);
const polylineHit = (e: MapElement, p: Pt, tol: number) => e.points.some((a, i) => i > 0 && distanceToSegment(p, e.points[i - 1]!, a) <= tol);
const pointHit = (e: MapElement, p: Pt, tol: number) => !!e.points[0] && Math.hypot(p[0] - e.points[0][0], p[1] - e.points[0][1]) <= Math.max(tol, 6);

const point = (kind: number, key: string, props: Record<string, unknown> = {}): ElementUtil => ({
  kind,
  key,
  shape: 'point',
  minPoints: 1,
  defaults: () => ({ name: '', props: { ...props } }),
  colour: () => MapColours.default,
  hitTest: pointHit,
});

const SPECIAL_AREA_KEYS: Record<SpecialAreaKindValue, string> = { 1: 'forbidden', 2: 'narrowRoad', 3: 'hill', 4: 'decelerationZone', 5: 'automaticDoor' };

/** The registry of element utils by kind. */
export const ELEMENT_UTILS: ReadonlyMap<number, ElementUtil> = new Map(
  [
    {
      kind: MapElementKind.readOnly,
      key: 'readOnly',
      shape: 'polyline',
      minPoints: 2,
      defaults: () => ({ name: '', props: {} }),
      colour: () => '#888888',
      hitTest: () => false, // read-only outlines are never picked
    } satisfies ElementUtil,
    {
      kind: MapElementKind.path,
      key: 'path',
      shape: 'polyline',
      minPoints: 2,
      defaults: (subKind = 1) => ({ name: '', subKind, props: {} }),
      colour: () => MapColours.path,
      hitTest: polylineHit,
    } satisfies ElementUtil,
    point(MapElementKind.chargePosition, 'chargePosition', { enabled: false }),
    point(MapElementKind.correctPosition, 'correctPosition'),
    point(MapElementKind.initPosition, 'initPosition', { theta: 0 }),
    point(MapElementKind.singlePoint, 'singlePoint'),
    { ...point(MapElementKind.orbit, 'orbit'), shape: 'polyline', minPoints: 2, hitTest: polylineHit, colour: () => MapColours.path } satisfies ElementUtil,
    point(MapElementKind.interestPoint, 'interestPoint', { type: 'interest', actions: [] }),
    point(MapElementKind.linkPoint, 'linkPoint'),
    point(MapElementKind.transport, 'transport', { transportKind: TRANSPORT_KINDS[0] }),
    {
      kind: MapElementKind.specialArea,
      key: 'specialArea',
      shape: 'polygon',
      minPoints: 3,
      defaults: (subKind = SpecialAreaKind.forbidden) => ({ name: '', subKind, props: {} }),
      colour: (e) => SPECIAL_AREA_COLOURS[(e.subKind ?? 1) as SpecialAreaKindValue] ?? MapColours.forbidden,
      hitTest: polygonHit,
    } satisfies ElementUtil,
    point(MapElementKind.waterStation, 'waterStation'),
    {
      // A specialDot is a point, except a roller shutter (props.dotKind 'rollerShutter'): the spec
      // gives the shutter no kind number, so it is a specialDot drawn as a line of 2 points.
      ...point(MapElementKind.specialDot, 'specialDot'),
      colour: (e) => (isRollerShutter(e) ? MapColours.rollerShutter : MapColours.default),
      hitTest: (e, p, tol) => (isRollerShutter(e) ? polylineHit(e, p, tol) : pointHit(e, p, tol)),
    } satisfies ElementUtil,
    point(MapElementKind.inspectTask, 'inspectTask'),
    point(MapElementKind.taskGroup, 'taskGroup'),
  ].map((u) => [u.kind, u as ElementUtil]),
);

/** The util of a kind; an unknown kind fails with a message naming it. */
export function utilOf(kind: number): ElementUtil {
  const u = ELEMENT_UTILS.get(kind);
  if (!u) throw new Error(`Unknown map element kind ${kind}: register it in ELEMENT_UTILS (plugins/map-editor/model/element-utils.ts)`);
  return u;
}

/** How one element is drawn and hit: its kind's shape, but a roller shutter is a line. */
export const shapeOf = (e: Pick<MapElement, 'kind' | 'props'>): ElementShape => (isRollerShutter(e) ? 'polyline' : utilOf(e.kind).shape);

/** Props of a new roller shutter (kind 112 specialDot, 2 points). */
export const ROLLER_SHUTTER_PROPS = { dotKind: SpecialDotKind.rollerShutter } as const;

/** Locale key of a special area kind. */
export const specialAreaKey = (subKind: number | undefined): string => SPECIAL_AREA_KEYS[(subKind ?? 1) as SpecialAreaKindValue] ?? 'forbidden';

/** The topmost element under p (points first, then routes, then areas), or null. */
export function hitElement(elements: MapElement[], p: Pt, tolerance: number): MapElement | null {
  const order: ElementShape[] = ['point', 'polyline', 'polygon'];
  for (const shape of order) {
    for (let i = elements.length - 1; i >= 0; i--) {
      const e = elements[i]!;
      const u = ELEMENT_UTILS.get(e.kind);
      if (u && shapeOf(e) === shape && u.hitTest(e, p, tolerance)) return e;
    }
  }
  return null;
}

/** Locale key (map-editor namespace) of an element's kind: special areas by area kind, roller shutters apart. */
export function kindLabelKey(e: Pick<MapElement, 'kind' | 'subKind' | 'props'>): string {
  if (e.kind === MapElementKind.specialArea) return `area.${specialAreaKey(e.subKind)}`;
  if (isRollerShutter(e)) return 'kind.rollerShutter';
  return `kind.${utilOf(e.kind).key}`;
}

/** The vertex of an element under p, or -1. */
export function hitVertex(e: MapElement, p: Pt, tolerance: number): number {
  return e.points.findIndex((v) => Math.hypot(v[0] - p[0], v[1] - p[1]) <= tolerance);
}
