/** The video wall's tiles as plain data: layouts, the automatic first fill, no duplicate cameras, the stream tiles ask for. */
import type { LiveStream } from '@common/camera';

/** Layouts of spec §2 / issue 4: 1, 4, 9 or 16 tiles. */
export const LAYOUTS = [1, 4, 9, 16] as const;
/** One layout size. */
export type Layout = (typeof LAYOUTS)[number];

/**
 * The stream a wall's tiles ask for (issue 22): the sub stream (640×360) when the wall shows several
 * tiles, the main stream when one camera fills the wall (layout 1, a single large view). Several
 * 720p decoders at once make a wall of 16 start ~0.5–0.9 s later (bench/video-wall.ts).
 */
export function tileStream(layout: Layout): LiveStream {
  return layout === 1 ? 'main' : 'sub';
}

/** One camera of one robot (camera ids of spec §3: 0 front … 4 infrared). */
export interface CameraRef {
  robotId: string;
  cameraId: number;
}

/** A robot the wall can show. */
export interface WallRobot {
  robotId: string;
  robotName: string;
  online: number;
}

/** Tiles: one camera or null (empty) per position. */
export type Tiles = (CameraRef | null)[];

/** Stable key of a camera. */
export const cameraKey = (c: CameraRef) => `${c.robotId}:${c.cameraId}`;

/** Parses `robotId:cameraId`. */
export function parseCameraKey(key: string): CameraRef | null {
  const m = /^(.+):([0-4])$/.exec(key);
  return m ? { robotId: m[1]!, cameraId: Number(m[2]) } : null;
}

const CAMERA_ORDER = [0, 1, 2, 3, 4];

/** Cameras worth showing first: every online robot's front camera, then their other cameras in turn. */
export function candidateCameras(robots: WallRobot[]): CameraRef[] {
  const online = robots.filter((r) => r.online);
  return CAMERA_ORDER.flatMap((cameraId) => online.map((r) => ({ robotId: r.robotId, cameraId })));
}

/** Fills empty tiles with cameras not on the wall yet (the automatic start). */
export function fillEmpty(tiles: Tiles, robots: WallRobot[]): Tiles {
  const used = new Set(tiles.filter((t): t is CameraRef => !!t).map(cameraKey));
  const free = candidateCameras(robots).filter((c) => !used.has(cameraKey(c)));
  return tiles.map((t) => t ?? free.shift() ?? null);
}

/** Tiles for a new layout: keeps the cameras in order, cut or padded with empty tiles. */
export function resize(tiles: Tiles, size: number): Tiles {
  const kept = tiles.filter((t): t is CameraRef => !!t).slice(0, size);
  return [...kept, ...Array<null>(size - kept.length).fill(null)];
}

/** Puts a camera on a tile; if it was on another tile it moves (a camera is never shown twice). */
export function place(tiles: Tiles, index: number, camera: CameraRef | null): Tiles {
  const out = tiles.map((t) => (t && camera && cameraKey(t) === cameraKey(camera) ? null : t));
  out[index] = camera;
  return out;
}

/** Drops tiles of robots that no longer exist; removes duplicates of a stored wall. */
export function sanitize(tiles: unknown, size: number, known: Set<string>): Tiles {
  const seen = new Set<string>();
  const list = Array.isArray(tiles) ? tiles : [];
  const clean = list.map((t) => {
    const c = t && typeof t === 'object' && typeof (t as CameraRef).robotId === 'string' && Number.isInteger((t as CameraRef).cameraId) ? (t as CameraRef) : null;
    if (!c || !known.has(c.robotId) || c.cameraId < 0 || c.cameraId > 4 || seen.has(cameraKey(c))) return null;
    seen.add(cameraKey(c));
    return { robotId: c.robotId, cameraId: c.cameraId };
  });
  // Tiles keep their positions.
  return Array.from({ length: size }, (_, i) => clean[i] ?? null);
}
