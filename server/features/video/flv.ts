/**
 * Just enough FLV to loop a short clip as an endless live stream: parse the tags of a file,
 * then write them again with timestamps that keep growing (flv.js plays it as a live stream).
 */

/** One FLV tag: 8 audio, 9 video, 18 script data. */
export interface FlvTag {
  type: number;
  timestamp: number;
  body: Buffer;
}

/** A parsed clip: its stream flags, header tags (metadata, codec configuration) and media tags. */
export interface FlvClip {
  hasAudio: boolean;
  hasVideo: boolean;
  headerTags: FlvTag[];
  mediaTags: FlvTag[];
  /** Loop length in ms: the last media timestamp plus one frame. */
  durationMs: number;
}

/** Whether a video tag carries a key frame (frame type 1). */
export const isKeyFrame = (t: FlvTag) => t.type === 9 && t.body[0]! >> 4 === 1;
const isAvcConfig = (t: FlvTag) => t.type === 9 && (t.body[0]! & 0x0f) === 7 && t.body[1] === 0;
const isAacConfig = (t: FlvTag) => t.type === 8 && t.body[0]! >> 4 === 10 && t.body[1] === 0;

/** Parses an FLV file; throws on anything that is not FLV. */
export function parseFlv(buf: Buffer): FlvClip {
  if (buf.length < 13 || buf.toString('ascii', 0, 3) !== 'FLV') throw new Error('not an FLV file');
  const flags = buf[4]!;
  let pos = buf.readUInt32BE(5) + 4; // header, then PreviousTagSize0
  const headerTags: FlvTag[] = [];
  const mediaTags: FlvTag[] = [];
  while (pos + 11 <= buf.length) {
    const type = buf[pos]! & 0x1f;
    const size = buf.readUIntBE(pos + 1, 3);
    const timestamp = buf.readUIntBE(pos + 4, 3) | (buf[pos + 7]! << 24);
    if (pos + 11 + size + 4 > buf.length) break;
    const tag = { type, timestamp, body: buf.subarray(pos + 11, pos + 11 + size) };
    if (type === 18 || isAvcConfig(tag) || isAacConfig(tag)) headerTags.push(tag);
    else if (type === 8 || type === 9) mediaTags.push(tag);
    pos += 11 + size + 4;
  }
  const video = mediaTags.filter((t) => t.type === 9);
  const step = video.length > 1 ? (video[video.length - 1]!.timestamp - video[0]!.timestamp) / (video.length - 1) : 40;
  const last = mediaTags.reduce((m, t) => Math.max(m, t.timestamp), 0);
  return { hasAudio: (flags & 4) !== 0, hasVideo: (flags & 1) !== 0, headerTags, mediaTags, durationMs: Math.round(last + step) };
}

/** The FLV file header (with PreviousTagSize0). */
export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const b = Buffer.alloc(13);
  b.write('FLV', 0, 'ascii');
  b[3] = 1;
  b[4] = (hasAudio ? 4 : 0) | (hasVideo ? 1 : 0);
  b.writeUInt32BE(9, 5);
  return b;
}

/** One tag as bytes, with the given timestamp, followed by its PreviousTagSize. */
export function encodeTag(type: number, timestamp: number, body: Buffer): Buffer {
  const b = Buffer.alloc(11 + body.length + 4);
  b[0] = type;
  b.writeUIntBE(body.length, 1, 3);
  b.writeUIntBE(timestamp & 0xffffff, 4, 3);
  b[7] = (timestamp >>> 24) & 0xff;
  body.copy(b, 11);
  b.writeUInt32BE(11 + body.length, 11 + body.length);
  return b;
}

/**
 * An endless live stream from a clip: the header and codec configuration first, then the media
 * tags loop after loop with growing timestamps, released at the pace of the clock.
 */
export class FlvLoop {
  private loop = 0;
  private index = 0;
  private readonly startedAt: number;

  constructor(
    private readonly clip: FlvClip,
    private readonly now: () => number = Date.now,
    /** How far ahead of the clock tags are sent, so the player keeps a small buffer. */
    private readonly leadMs = 300,
  ) {
    this.startedAt = now();
  }

  /** The bytes a new viewer gets first. */
  start(): Buffer {
    // The clip's metadata (type 18) says "duration 4 s": a live stream leaves it out.
    const config = this.clip.headerTags.filter((t) => t.type !== 18);
    const parts = [flvHeader(this.clip.hasAudio, this.clip.hasVideo), ...config.map((t) => encodeTag(t.type, 0, t.body))];
    // Begin at the first key frame so the decoder can start.
    this.index = Math.max(0, this.clip.mediaTags.findIndex(isKeyFrame));
    return Buffer.concat(parts);
  }

  /** The media bytes due by now (empty when nothing is due). */
  due(): Buffer {
    const elapsed = this.now() - this.startedAt + this.leadMs;
    const out: Buffer[] = [];
    const tags = this.clip.mediaTags;
    if (tags.length === 0) return Buffer.alloc(0);
    for (;;) {
      const tag = tags[this.index]!;
      const ts = this.loop * this.clip.durationMs + tag.timestamp - tags[0]!.timestamp;
      if (ts > elapsed || out.length > 500) break;
      out.push(encodeTag(tag.type, ts, tag.body));
      this.index += 1;
      if (this.index >= tags.length) {
        this.index = 0;
        this.loop += 1;
      }
    }
    return Buffer.concat(out);
  }
}
