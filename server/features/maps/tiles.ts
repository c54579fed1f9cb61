import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { MapGuards } from '../../../common/map';
import type { OccupancyGrid } from './pgm';

/** Grey of each occupancy class in the map image (ROS map_server's look): wall black, free white, unknown grey. */
const GREY = [0, 255, 205] as const;
/** The "beautiful" colour image (spec §3 colorPngUrl): navy walls, white floor, pale unknown. */
const COLOUR: readonly (readonly [number, number, number])[] = [
  [31, 58, 95],
  [255, 255, 255],
  [232, 237, 243],
];

/** Where a tile level's index says each tile's picture is. */
export interface TileLevel {
  z: number;
  cols: number;
  rows: number;
  /** Pixel size of the whole level. */
  width: number;
  height: number;
}

/** The pyramid's table of contents (tiles.json). */
export interface TileManifest {
  tileSize: number;
  nativeZoom: number;
  maxZoom: number;
  levels: TileLevel[];
  /** Distinct tile pictures written (identical tiles share one file). */
  uniqueTiles: number;
  totalTiles: number;
}

const png = (width: number, height: number, data: Buffer, colour = false): Buffer =>
  PNG.sync.write(Object.assign(new PNG({ width, height, colorType: colour ? 2 : 0, inputColorType: colour ? 2 : 0, inputHasAlpha: false }), { data }), {
    colorType: colour ? 2 : 0,
    inputColorType: colour ? 2 : 0,
    inputHasAlpha: false,
    deflateLevel: 6,
    filterType: 0,
  });

/** The whole map as a grey PNG and as a colour PNG, at one pixel per map cell. */
export function renderMapImages(grid: OccupancyGrid): { grey: Buffer; colour: Buffer } {
  const n = grid.width * grid.height;
  const grey = Buffer.allocUnsafe(n);
  const rgb = Buffer.allocUnsafe(n * 3);
  for (let k = 0; k < n; k++) {
    const c = grid.cells[k]!;
    grey[k] = GREY[c as 0 | 1 | 2];
    const col = COLOUR[c]!;
    rgb[3 * k] = col[0];
    rgb[3 * k + 1] = col[1];
    rgb[3 * k + 2] = col[2];
  }
  return { grey: png(grid.width, grid.height, grey), colour: png(grid.width, grid.height, rgb, true) };
}

/** Halves a grid: a merged cell is a wall if any of its four is, else free if any is free (walls survive zooming out). */
function halve(g: OccupancyGrid): OccupancyGrid {
  const w = Math.ceil(g.width / 2);
  const h = Math.ceil(g.height / 2);
  const cells = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 2;
      for (let dy = 0; dy < 2; dy++) {
        const sy = 2 * y + dy;
        if (sy >= g.height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx;
          if (sx < g.width) m = Math.min(m, g.cells[sy * g.width + sx]!);
        }
      }
      cells[y * w + x] = m;
    }
  }
  return { width: w, height: h, cells };
}

/** Zoom level at which one tile pixel is one map pixel: the smallest z with the map within 2^z tiles. */
export function nativeZoomOf(width: number, height: number, tile: number = MapGuards.tileSize): number {
  return Math.max(0, Math.ceil(Math.log2(Math.max(width, height) / tile)));
}

const yieldNow = () => new Promise<void>((r) => setImmediate(r));

/**
 * Cuts the tile pyramid of levels 0..maxZoom into `dir`: tiles/<n>.png and one index per level
 * (levels/<z>.bin, a Uint32 per tile, row by row, naming its picture) plus tiles.json.
 * Level nativeZoom is the map at one pixel per cell; lower levels halve it, higher ones enlarge
 * each cell to 2^(z - nativeZoom) pixels. Edge tiles are cut to the map (no padding).
 * Identical tiles are written once: above the native level most tiles are plain floor, wall or
 * unknown, which is what makes level 10 take seconds rather than the spec's estimated 48 minutes.
 * Works in slices and yields between them so the server keeps answering; reports progress 0-100.
 */
export async function cutTilePyramid(grid: OccupancyGrid, maxZoom: number, dir: string, onProgress: (percent: number) => void = () => undefined, signal?: AbortSignal): Promise<TileManifest> {
  const T = MapGuards.tileSize;
  const N = nativeZoomOf(grid.width, grid.height);
  fs.mkdirSync(path.join(dir, 'tiles'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'levels'), { recursive: true });
  // Grids of levels 0..min(N, maxZoom): level N is the map, each lower one halves the next.
  const grids: OccupancyGrid[] = [];
  grids[N] = grid;
  for (let z = N - 1; z >= 0; z--) grids[z] = halve(grids[z + 1]!);

  const levels: TileLevel[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    const f = 2 ** Math.max(0, z - N);
    const g = grids[Math.min(z, N)]!;
    const width = g.width * f;
    const height = g.height * f;
    levels.push({ z, cols: Math.ceil(width / T), rows: Math.ceil(height / T), width, height });
  }
  const totalTiles = levels.reduce((a, l) => a + l.cols * l.rows, 0);
  const ids = new Map<string, number>();
  let done = 0;
  let lastReport = -1;
  let sliceStart = Date.now();
  const tileBuf = Buffer.allocUnsafe(T * T);

  for (const level of levels) {
    const z = level.z;
    const f = 2 ** Math.max(0, z - N);
    const g = grids[Math.min(z, N)]!;
    const index = new Uint32Array(level.cols * level.rows);
    for (let ty = 0; ty < level.rows; ty++) {
      for (let tx = 0; tx < level.cols; tx++) {
        const tw = Math.min(T, level.width - tx * T);
        const th = Math.min(T, level.height - ty * T);
        // The source cells under this tile: a block of (tw/f × th/f) cells, or part of one cell when f > T.
        const sx0 = Math.floor((tx * T) / f);
        const sy0 = Math.floor((ty * T) / f);
        const bw = Math.max(1, Math.ceil(tw / f));
        const bh = Math.max(1, Math.ceil(th / f));
        const block = Buffer.allocUnsafe(bw * bh);
        for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) block[y * bw + x] = g.cells[(sy0 + y) * g.width + sx0 + x]!;
        const uniform = block.every((c) => c === block[0]);
        // Same picture ⇔ same size and same cells at the same enlargement (a uniform block is one colour at any enlargement).
        const key = uniform ? `u${tw}x${th}:${block[0]}` : `${tw}x${th}:${f}:${bw * bh <= 64 ? block.toString('latin1') : crypto.createHash('sha1').update(block).digest('base64')}`;
        let id = ids.get(key);
        if (id === undefined) {
          id = ids.size;
          ids.set(key, id);
          const out = tileBuf.subarray(0, tw * th);
          for (let y = 0; y < th; y++) {
            const row = (Math.floor(y / f) * bw) | 0;
            for (let x = 0; x < tw; x++) out[y * tw + x] = GREY[block[row + Math.floor(x / f)]! as 0 | 1 | 2];
          }
          fs.writeFileSync(path.join(dir, 'tiles', `${id}.png`), png(tw, th, Buffer.from(out)));
        }
        index[ty * level.cols + tx] = id;
        done++;
        if (Date.now() - sliceStart > 25) {
          const pct = Math.floor((done / totalTiles) * 100);
          if (pct !== lastReport) onProgress((lastReport = pct));
          await yieldNow();
          // Asked to stop (server shutdown): between two tiles, never inside one.
          signal?.throwIfAborted();
          sliceStart = Date.now();
        }
      }
    }
    fs.writeFileSync(path.join(dir, 'levels', `${z}.bin`), Buffer.from(index.buffer));
  }
  const manifest: TileManifest = { tileSize: T, nativeZoom: N, maxZoom, levels, uniqueTiles: ids.size, totalTiles };
  fs.writeFileSync(path.join(dir, 'tiles.json'), JSON.stringify(manifest));
  onProgress(100);
  return manifest;
}
