import { parse as parseYaml } from 'yaml';
import { MapGuards } from '../../../common/map';

/** Why a pgm or yaml was refused: a catalogue message key and its values. */
export class MapFileError extends Error {
  constructor(
    readonly key: 'mapPgmInvalid' | 'mapYamlInvalid' | 'mapTooManyPixels',
    readonly vars: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(vars)}`);
  }
}

/** The ROS map_server yaml fields the console uses. */
export interface MapYaml {
  image: string;
  resolution: number;
  origin: [number, number, number];
  negate: 0 | 1;
  occupied_thresh: number;
  free_thresh: number;
  mode: 'trinary' | 'scale' | 'raw';
}

/** Occupancy classes, ordered so that the smaller wins when cells are merged (walls survive zooming out). */
export const Cell = { occupied: 0, free: 1, unknown: 2 } as const;

/** A parsed pgm: its size and one occupancy class per pixel, row 0 at the top. */
export interface OccupancyGrid {
  width: number;
  height: number;
  cells: Uint8Array;
}

/** Reads a ROS map yaml; refuses a missing or out-of-range field with the field's name. */
export function parseMapYaml(text: string): MapYaml {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 10 });
  } catch (err) {
    throw new MapFileError('mapYamlInvalid', { detail: String((err as Error).message).split('\n')[0]!.slice(0, 120) });
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new MapFileError('mapYamlInvalid', { detail: 'not a mapping' });
  const d = doc as Record<string, unknown>;
  const num = (name: string, fallback?: number): number => {
    const v = d[name] ?? fallback;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new MapFileError('mapYamlInvalid', { detail: `${name} must be a number` });
    return v;
  };
  const resolution = num('resolution');
  if (resolution <= 0) throw new MapFileError('mapYamlInvalid', { detail: 'resolution must be greater than 0' });
  const origin = d.origin;
  if (!Array.isArray(origin) || origin.length < 2 || !origin.slice(0, 3).every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new MapFileError('mapYamlInvalid', { detail: 'origin must be [x, y, yaw]' });
  }
  const negate = num('negate', 0);
  if (negate !== 0 && negate !== 1) throw new MapFileError('mapYamlInvalid', { detail: 'negate must be 0 or 1' });
  const occupied = num('occupied_thresh', 0.65);
  const free = num('free_thresh', 0.196);
  if (!(free >= 0 && free < occupied && occupied <= 1)) throw new MapFileError('mapYamlInvalid', { detail: 'thresholds must satisfy 0 <= free_thresh < occupied_thresh <= 1' });
  const mode = d.mode ?? 'trinary';
  if (mode !== 'trinary' && mode !== 'scale' && mode !== 'raw') throw new MapFileError('mapYamlInvalid', { detail: 'mode must be trinary, scale or raw' });
  return {
    image: typeof d.image === 'string' ? d.image : '',
    resolution,
    origin: [origin[0] as number, origin[1] as number, (origin[2] as number | undefined) ?? 0],
    negate,
    occupied_thresh: occupied,
    free_thresh: free,
    mode,
  };
}

/** Reads the header of a P5 or P2 pgm: size, maxval and where the pixels start. */
export function readPgmHeader(buf: Uint8Array): { magic: 'P5' | 'P2'; width: number; height: number; maxval: number; dataOffset: number } {
  let i = 0;
  const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  const token = (): string => {
    for (;;) {
      while (i < buf.length && isSpace(buf[i]!)) i++;
      if (buf[i] === 0x23) {
        while (i < buf.length && buf[i] !== 0x0a && buf[i] !== 0x0d) i++;
        continue;
      }
      break;
    }
    const start = i;
    while (i < buf.length && !isSpace(buf[i]!) && i - start < 16) i++;
    return String.fromCharCode(...buf.subarray(start, i));
  };
  const magic = token();
  if (magic !== 'P5' && magic !== 'P2') throw new MapFileError('mapPgmInvalid', { detail: 'not a P5 or P2 pgm' });
  const int = (name: string, max: number) => {
    const t = token();
    if (!/^\d+$/.test(t) || +t < 1 || +t > max) throw new MapFileError('mapPgmInvalid', { detail: `bad ${name} "${t.slice(0, 16)}"` });
    return +t;
  };
  const width = int('width', 1_000_000);
  const height = int('height', 1_000_000);
  const maxval = int('maxval', 65535);
  // One whitespace byte ends the header of a P5.
  return { magic, width, height, maxval, dataOffset: i + 1 };
}

/**
 * Parses a P5 (8- or 16-bit) or P2 pgm and classifies each pixel as ROS map_server does:
 * p = (maxval - v) / maxval (or v / maxval when negate), occupied above occupied_thresh,
 * free below free_thresh, unknown between. Refuses a map of more than MapGuards.maxPixels
 * before reading its pixels.
 */
export function parsePgm(buf: Uint8Array, yaml: Pick<MapYaml, 'negate' | 'occupied_thresh' | 'free_thresh'>, maxPixels: number = MapGuards.maxPixels): OccupancyGrid {
  const { magic, width, height, maxval, dataOffset } = readPgmHeader(buf);
  if (width * height > maxPixels) throw new MapFileError('mapTooManyPixels', { width, height, limit: maxPixels.toLocaleString('en') });
  // A lookup table from pixel value to class: the thresholds apply once per value, not per pixel.
  const lut = new Uint8Array(maxval + 1);
  for (let v = 0; v <= maxval; v++) {
    const p = yaml.negate ? v / maxval : (maxval - v) / maxval;
    lut[v] = p > yaml.occupied_thresh ? Cell.occupied : p < yaml.free_thresh ? Cell.free : Cell.unknown;
  }
  const n = width * height;
  const cells = new Uint8Array(n);
  if (magic === 'P5') {
    const bytes = maxval > 255 ? 2 : 1;
    if (buf.length - dataOffset < n * bytes) throw new MapFileError('mapPgmInvalid', { detail: `pixel data is shorter than ${width} × ${height}` });
    if (bytes === 1) {
      for (let k = 0; k < n; k++) {
        const v = buf[dataOffset + k]!;
        if (v > maxval) throw new MapFileError('mapPgmInvalid', { detail: `pixel value ${v} above maxval ${maxval}` });
        cells[k] = lut[v]!;
      }
    } else {
      for (let k = 0; k < n; k++) {
        const v = (buf[dataOffset + 2 * k]! << 8) | buf[dataOffset + 2 * k + 1]!;
        if (v > maxval) throw new MapFileError('mapPgmInvalid', { detail: `pixel value ${v} above maxval ${maxval}` });
        cells[k] = lut[v]!;
      }
    }
  } else {
    let i = dataOffset - 1;
    for (let k = 0; k < n; k++) {
      while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x0d || buf[i] === 0x09)) i++;
      if (buf[i] === 0x23) {
        while (i < buf.length && buf[i] !== 0x0a) i++;
        k--;
        continue;
      }
      let v = 0;
      const start = i;
      while (i < buf.length && buf[i]! >= 0x30 && buf[i]! <= 0x39) v = v * 10 + buf[i++]! - 0x30;
      if (i === start) throw new MapFileError('mapPgmInvalid', { detail: i >= buf.length ? `pixel data is shorter than ${width} × ${height}` : 'a pixel value is not a number' });
      if (v > maxval) throw new MapFileError('mapPgmInvalid', { detail: `pixel value ${v} above maxval ${maxval}` });
      cells[k] = lut[v]!;
    }
  }
  return { width, height, cells };
}
