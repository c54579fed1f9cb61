/** A map's occupancy grid (ROS P5 pgm) as a PNG data URL, for the overview pages. */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** Reads a binary (P5) pgm: width, height and one byte per pixel (maxval ≤ 255). */
export function parsePgm(buf: Buffer): { width: number; height: number; pixels: Buffer } {
  const tokens: string[] = [];
  let i = 0;
  while (tokens.length < 4 && i < buf.length) {
    const ch = buf[i]!;
    if (ch === 0x23) {
      while (i < buf.length && buf[i] !== 0x0a) i++; // comment to end of line
    } else if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09) {
      i++;
    } else {
      const start = i;
      while (i < buf.length && ![0x20, 0x0a, 0x0d, 0x09].includes(buf[i]!)) i++;
      tokens.push(buf.subarray(start, i).toString('ascii'));
    }
  }
  const [magic, w, h, max] = tokens;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || !(width > 0) || !(height > 0) || !(Number(max) > 0 && Number(max) < 256)) throw new Error('not a binary pgm');
  const pixels = buf.subarray(i + 1, i + 1 + width * height);
  if (pixels.length !== width * height) throw new Error('pgm is truncated');
  return { width, height, pixels };
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** Encodes 8-bit grey pixels as a PNG. */
export function greyPng(width: number, height: number, pixels: Buffer): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(raw, y * (width + 1) + 1, y * width, (y + 1) * width);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const cache = new Map<string, { mtimeMs: number; url: string }>();

/** The PNG data URL of a pgm file (cached while the file is unchanged); null when it cannot be read. */
export function mapPictureUrl(pgmPath: string): string | null {
  try {
    const { mtimeMs } = fs.statSync(pgmPath);
    const hit = cache.get(pgmPath);
    if (hit && hit.mtimeMs === mtimeMs) return hit.url;
    const { width, height, pixels } = parsePgm(fs.readFileSync(pgmPath));
    const url = `data:image/png;base64,${greyPng(width, height, pixels).toString('base64')}`;
    cache.set(pgmPath, { mtimeMs, url });
    return url;
  } catch {
    return null;
  }
}
