/**
 * Layout hooks of the telecontrol screen (issue 22): at 1366×768 and wider the video, the PTZ pad,
 * the emergency stop and the robot's state must be on screen as the page opens, so the player
 * takes the height the window leaves, and the panel goes side by side only when it is wide enough.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Width of an element, followed with a ResizeObserver (0 before the first layout). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.getBoundingClientRect().width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The window's inner height, followed on resize. */
export function useWindowHeight(): number {
  const [height, setHeight] = useState(() => (typeof window === 'undefined' ? 768 : window.innerHeight));
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** Options of {@link usePlayerHeight}. */
export interface PlayerFit {
  /** Never lower than this (a window too low to hold everything scrolls instead). */
  min?: number;
  /** Width over height of the picture: no taller than the picture at the player's width (no black bands). */
  aspect?: number;
  /** Room kept free under the card. */
  margin?: number;
}

/**
 * The player's height: the picture's height at the player's width, but no more than what keeps the
 * card that holds it (and what follows the player in that card: the PTZ pad) inside the window,
 * measured from the top of the page; at least `min`. `box` wraps the player only.
 */
export function usePlayerHeight(box: RefObject<HTMLElement | null>, card: RefObject<HTMLElement | null>, { min = 220, aspect = 16 / 9, margin = 16 }: PlayerFit = {}): number {
  const [height, setHeight] = useState(min);
  const windowHeight = useWindowHeight();
  const measure = useRef(() => {});
  measure.current = () => {
    const b = box.current;
    const c = card.current;
    if (!b || !c) return;
    const player = b.getBoundingClientRect();
    if (!player.width) return;
    const below = c.getBoundingClientRect().bottom - player.bottom;
    const room = windowHeight - (player.top + window.scrollY) - below - margin;
    setHeight(Math.round(Math.max(min, Math.min(player.width / aspect, room))));
  };
  // Each render may move the player (a toolbar that wraps, an alert above it); measuring is cheap.
  useLayoutEffect(() => measure.current());
  // The card's width (a column that grows) and what follows the player (the PTZ pad wraps, the lens read-out appears).
  useLayoutEffect(() => {
    const c = card.current;
    if (!c || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure.current());
    observer.observe(c);
    return () => observer.disconnect();
  }, [card]);
  return height;
}
