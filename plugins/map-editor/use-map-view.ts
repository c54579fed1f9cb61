/**
 * The canvas box and its view: fitted to the map once the box has a size, panned and zoomed by
 * gestures that move the drawn canvas by CSS (no redraw) and commit the view once they settle.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { MapRecord } from '@common/events/maps';
import type { CanvasPointer } from './map-canvas';
import type { History } from './model/history';
import type { Pt, ViewState } from './model/types';
import { fitView, panBy, screenToMap, zoomStep } from './model/view';

/** A pan or zoom is drawn anew once the gestures have paused this long (until then the drawn bitmap is moved by CSS). */
const VIEW_SETTLE_MS = 200;

/**
 * What a pointer event that is not a pan does, at map point `at` of the view the user sees;
 * `'pan'` when a press starts panning the view.
 */
export type MapPointerHandler = (p: CanvasPointer, at: Pt, view: ViewState) => 'pan' | void;

interface Options {
  map: MapRecord | null;
  mapSize: { w: number; h: number };
  /** The committed view (the history's present). */
  view: ViewState;
  setHistory: Dispatch<SetStateAction<History>>;
  onMapPointer: MapPointerHandler;
}

/** The canvas box, its size, and the view's gestures. */
export function useMapView({ map, mapSize, view, setHistory, onMapPointer }: Options) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const panning = useRef<[number, number] | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [map]);
  useEffect(() => {
    if (fitted.current || !mapSize.w || size.w < 50) return;
    fitted.current = true;
    setHistory((h) => ({ ...h, present: { ...h.present, view: fitView(mapSize.w, mapSize.h, size.w, size.h) } }));
  }, [mapSize.w, mapSize.h, size.w, size.h]);

  // Pan and zoom gestures move the drawn canvas by CSS (no redraw) and commit the view once they settle.
  const preview = useRef<((v: ViewState) => void) | null>(null);
  const live = useRef<ViewState | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The committed view at once (a press commits the preview; its release may come before React renders again). */
  const drawn = useRef(view);
  drawn.current = view;
  const gesture = (change: (v: ViewState) => ViewState) => {
    live.current = change(live.current ?? drawn.current);
    preview.current?.(live.current);
  };
  const commitView = useCallback(() => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = null;
    const v = live.current;
    live.current = null;
    if (!v) return;
    drawn.current = v;
    setHistory((h) => ({ ...h, present: { ...h.present, view: v } }));
  }, []);
  const setView = (change: (v: ViewState) => ViewState) => {
    commitView();
    setHistory((h) => ({ ...h, present: { ...h.present, view: change(h.present.view) } }));
  };

  /** Commits the previewed view once the gestures have paused (a drag, then a wheel, then a drag is one redraw). */
  const settleView = () => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(commitView, VIEW_SETTLE_MS);
  };
  const onPointer = (p: CanvasPointer) => {
    // Panning goes on from the previewed view: no redraw between gestures that follow each other.
    if (p.type === 'down' && (p.button === 1 || p.button === 2)) return void (panning.current = p.screen);
    if (panning.current) {
      if (p.type === 'move') {
        const [x, y] = panning.current;
        panning.current = p.screen;
        gesture((v) => panBy(v, p.screen[0] - x, p.screen[1] - y));
      } else if (p.type === 'up') {
        panning.current = null;
        settleView();
      }
      return;
    }
    // Other pointer work reads the point in the view the user sees; a press commits that view (a hover does not redraw).
    const seen = live.current ?? drawn.current;
    if (live.current && p.type !== 'move') commitView();
    if (onMapPointer(p, screenToMap(seen, p.screen), seen) === 'pan') panning.current = p.screen;
  };
  const onWheel = (dy: number, at: [number, number]) => {
    gesture((v) => zoomStep(v, dy < 0 ? 1 : -1, at));
    settleView();
  };

  return { box, size, fitted, preview, setView, onPointer, onWheel };
}
