/**
 * Where the alarm pop-ups may stand (issue 22: "pop-ups stack where they hide no control"). The
 * stack tries the bottom right of the window, then the bottom left of the page's content; a place
 * is clear when no control of the page (button, link, field, slider …) lies under it, nor a part
 * the page marks `data-overlay-keep-clear` (data the operator watches, such as telecontrol's
 * position and environment readings). Where the whole stack finds no clear place, it tries a
 * narrower one, then the newest pop-up alone (the others counted below it), so a new alarm stays in
 * sight; only when none of these is clear does it collapse to its counter, which is small and sits
 * in the corner; a click on it opens the pop-ups anyway.
 */

/** A rectangle in window coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A place for the stack, and its rectangle there. */
export type Spot = 'right' | 'left';
export interface Candidate {
  spot: Spot;
  box: Box;
}

/** What the page's controls are: anything a pointer or the keyboard acts on. */
export const CONTROL_SELECTOR = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="slider"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="combobox"]',
  '[role="treeitem"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** What a page marks as data the pop-ups must not cover (as they cover no control). */
export const KEEP_CLEAR_SELECTOR = '[data-overlay-keep-clear]';

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** How many controls lie under a box. */
export const coveredBy = (box: Box, controls: readonly Box[]): number => controls.filter((c) => overlaps(box, c)).length;

/** The first candidate (in the order of preference) that covers nothing, or null. */
export function firstClear<T extends { box: Box }>(candidates: readonly T[], controls: readonly Box[]): T | null {
  return candidates.find((c) => coveredBy(c.box, controls) === 0) ?? null;
}

/** The first clear place, or null when every place would cover a control. */
export function clearSpot(candidates: readonly Candidate[], controls: readonly Box[]): Spot | null {
  return firstClear(candidates, controls)?.spot ?? null;
}

/** The place covering the fewest controls (for a stack the user opened although no place is clear). */
export function leastCovered(candidates: readonly Candidate[], controls: readonly Box[]): Spot {
  let best = candidates[0]!;
  for (const c of candidates) if (coveredBy(c.box, controls) < coveredBy(best.box, controls)) best = c;
  return best.spot;
}

/**
 * The boxes of the controls (and of the parts marked keep-clear) visible in the window, outside
 * `except` (the stack itself) and outside overlays that stand above the stack (dialogs, drop-downs).
 */
export function visibleControls(doc: Document, except: Element | null): Box[] {
  const w = doc.defaultView;
  const width = w?.innerWidth ?? 0;
  const height = w?.innerHeight ?? 0;
  const boxes: Box[] = [];
  for (const el of Array.from(doc.querySelectorAll(`${CONTROL_SELECTOR}, ${KEEP_CLEAR_SELECTOR}`))) {
    if (except?.contains(el) || el.closest('.ant-modal-root, .ant-select-dropdown, .ant-dropdown, .ant-popover, .ant-tooltip, [aria-hidden="true"], [inert]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.right <= 0 || r.top >= height || r.left >= width) continue;
    const style = w?.getComputedStyle(el);
    if (style && (style.visibility === 'hidden' || style.pointerEvents === 'none' || Number(style.opacity) === 0)) continue;
    boxes.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  }
  return boxes;
}
