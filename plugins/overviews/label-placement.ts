/**
 * A simple label-placement pass for robots on a map: each label is tried at positions around its
 * robot's dot (above, below, right, left, the corners; then the same farther out) and takes the
 * first that overlaps no label already placed, no dot and stays inside the map. A label with no
 * free position takes the least crowded one (and is marked, so a leader line can be drawn).
 */

/** A box: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One robot to label: its dot's centre and radius, and its label's size. */
export interface LabelInput {
  id: string;
  px: number;
  py: number;
  /** Radius of the dot (with its heading mark). */
  r: number;
  w: number;
  h: number;
}

/** Where a label goes: its box and whether it still overlaps something. */
export interface PlacedLabel {
  id: string;
  box: Box;
  /** The label is away from its dot (draw a leader line). */
  moved: boolean;
  overlaps: boolean;
}

/** True when two boxes share area. */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Candidate boxes around a dot, nearest first. */
function candidates(l: LabelInput, gap: number): Box[] {
  const out: Box[] = [];
  for (let ring = 0; ring < 4; ring++) {
    const d = l.r + gap + ring * (l.h + gap);
    const dx = l.r + gap + ring * (l.h + gap);
    out.push(
      { x: l.px - l.w / 2, y: l.py - d - l.h, w: l.w, h: l.h }, // above
      { x: l.px - l.w / 2, y: l.py + d, w: l.w, h: l.h }, // below
      { x: l.px + dx, y: l.py - l.h / 2, w: l.w, h: l.h }, // right
      { x: l.px - dx - l.w, y: l.py - l.h / 2, w: l.w, h: l.h }, // left
      { x: l.px + dx * 0.7, y: l.py - d * 0.7 - l.h, w: l.w, h: l.h }, // above right
      { x: l.px - dx * 0.7 - l.w, y: l.py - d * 0.7 - l.h, w: l.w, h: l.h }, // above left
      { x: l.px + dx * 0.7, y: l.py + d * 0.7, w: l.w, h: l.h }, // below right
      { x: l.px - dx * 0.7 - l.w, y: l.py + d * 0.7, w: l.w, h: l.h }, // below left
    );
  }
  return out;
}

/** Places the labels inside a `width` × `height` map; `gap` is the space kept between a dot and its label. */
export function placeLabels(labels: LabelInput[], width: number, height: number, gap: number): PlacedLabel[] {
  const dots: Box[] = labels.map((l) => ({ x: l.px - l.r, y: l.py - l.r, w: 2 * l.r, h: 2 * l.r }));
  const placed: Box[] = [];
  const out = new Map<string, PlacedLabel>();
  // Top to bottom, left to right: neighbours are placed one after the other.
  const order = labels.map((l, i) => ({ l, i })).sort((a, b) => a.l.py - b.l.py || a.l.px - b.l.px);
  for (const { l } of order) {
    const inside = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= width && b.y + b.h <= height;
    const boxes = candidates(l, gap);
    const crowd = (b: Box) => placed.reduce((s, p) => s + overlapArea(b, p), 0) + dots.reduce((s, d) => s + overlapArea(b, d), 0) + (inside(b) ? 0 : b.w * b.h);
    const free = boxes.findIndex((b) => crowd(b) === 0);
    const index = free >= 0 ? free : boxes.reduce((best, b, i) => (crowd(b) < crowd(boxes[best]!) ? i : best), 0);
    const box = boxes[index]!;
    placed.push(box);
    out.set(l.id, { id: l.id, box, moved: index >= 4, overlaps: free < 0 });
  }
  return labels.map((l) => out.get(l.id)!);
}
