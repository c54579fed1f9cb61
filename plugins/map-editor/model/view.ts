/**
 * The view: zoom up to 8 in steps of 0.5 (spec §9), pan, screen ↔ map pixels, and robot
 * millimetres ↔ map pixels by origin and scale (spec §3), with the spec's fallback position.
 */
import { MapLimits } from '@common/constants';
import { MAP_FALLBACK_POSITION } from '@common/map';
import type { MapConfig } from '@common/events/maps';
import type { Pt, ViewState } from './types';

/** Least zoom: the whole of a large map fits a screen. */
export const MIN_ZOOM = 0.5;

/** Zoom snapped to the spec's step and clamped to [MIN_ZOOM, maxZoom 8]. */
export function clampZoom(zoom: number): number {
  const snapped = Math.round(zoom / MapLimits.zoomStep) * MapLimits.zoomStep;
  return Math.min(MapLimits.maxZoom, Math.max(MIN_ZOOM, snapped));
}

/** Zooms one step in (+1) or out (-1) keeping the screen point `at` over the same map point. */
export function zoomStep(view: ViewState, direction: 1 | -1, at: Pt = [0, 0]): ViewState {
  return zoomTo(view, view.zoom + direction * MapLimits.zoomStep, at);
}

/** Zooms to a level keeping the screen point `at` fixed. */
export function zoomTo(view: ViewState, zoom: number, at: Pt = [0, 0]): ViewState {
  const z = clampZoom(zoom);
  if (z === view.zoom) return view;
  const [mx, my] = screenToMap(view, at);
  return { zoom: z, panX: at[0] - mx * z, panY: at[1] - my * z };
}

/** Pans by screen pixels. */
export const panBy = (view: ViewState, dx: number, dy: number): ViewState => ({ ...view, panX: view.panX + dx, panY: view.panY + dy });

/** Screen pixel → map pixel. */
export const screenToMap = (view: ViewState, [sx, sy]: Pt): Pt => [(sx - view.panX) / view.zoom, (sy - view.panY) / view.zoom];

/** Map pixel → screen pixel. */
export const mapToScreen = (view: ViewState, [x, y]: Pt): Pt => [x * view.zoom + view.panX, y * view.zoom + view.panY];

/** A view that fits a map of w × h pixels into a screen box, centred. */
export function fitView(w: number, h: number, boxW: number, boxH: number): ViewState {
  const zoom = Math.max(MIN_ZOOM, Math.min(MapLimits.maxZoom, Math.floor(Math.min(boxW / w, boxH / h) / MapLimits.zoomStep) * MapLimits.zoomStep || MIN_ZOOM));
  return { zoom, panX: (boxW - w * zoom) / 2, panY: (boxH - h * zoom) / 2 };
}

/** A robot position converted to map pixels, or the spec's fallback longitude/latitude when it cannot be. */
export type RobotOnMap = { ok: true; point: Pt } | { ok: false; fallback: typeof MAP_FALLBACK_POSITION };

const usable = (c: Partial<MapConfig> | undefined): c is MapConfig =>
  !!c && [c.scale, c.Xorigin, c.Yorigin, c.pixelW, c.pixelH].every((v) => typeof v === 'number' && Number.isFinite(v)) && c.scale! > 0;

/** Robot millimetres (map frame, y up) → map pixels (y down): px = (x/1000 − Xorigin)/scale, py = pixelH − (y/1000 − Yorigin)/scale. */
export function mmToPixel(config: Partial<MapConfig> | undefined, xMm: number, yMm: number): RobotOnMap {
  if (!usable(config) || !Number.isFinite(xMm) || !Number.isFinite(yMm)) return { ok: false, fallback: MAP_FALLBACK_POSITION };
  return { ok: true, point: [(xMm / 1000 - config.Xorigin) / config.scale, config.pixelH - (yMm / 1000 - config.Yorigin) / config.scale] };
}

/** Map pixels → robot millimetres (the inverse of mmToPixel), or null when the config cannot convert. */
export function pixelToMm(config: Partial<MapConfig> | undefined, [px, py]: Pt): Pt | null {
  if (!usable(config)) return null;
  return [Math.round((config.Xorigin + px * config.scale) * 1000), Math.round((config.Yorigin + (config.pixelH - py) * config.scale) * 1000)];
}
