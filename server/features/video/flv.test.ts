import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FlvLoop, isKeyFrame, parseFlv, type FlvTag } from './flv';

const clip = parseFlv(fs.readFileSync('assets/video/front.flv'));

/** Reads the tags back out of bytes a stream sent (after the 13-byte file header). */
function tagsOf(bytes: Buffer, skipHeader: boolean): FlvTag[] {
  const out: FlvTag[] = [];
  let pos = skipHeader ? 13 : 0;
  while (pos + 11 <= bytes.length) {
    const size = bytes.readUIntBE(pos + 1, 3);
    out.push({ type: bytes[pos]!, timestamp: bytes.readUIntBE(pos + 4, 3) | (bytes[pos + 7]! << 24), body: bytes.subarray(pos + 11, pos + 11 + size) });
    pos += 11 + size + 4;
  }
  return out;
}

describe('FLV loop', () => {
  it('parses the committed clip: audio and video, codec configuration, about 4 s', () => {
    expect(clip.hasVideo && clip.hasAudio).toBe(true);
    expect(clip.headerTags.map((t) => t.type).sort()).toEqual([18, 8, 9].sort());
    expect(clip.durationMs).toBeGreaterThan(3_800);
    expect(clip.durationMs).toBeLessThan(4_300);
  });

  it('starts with the header and configuration, then a key frame, and paces tags by the clock', () => {
    let now = 1_000;
    const loop = new FlvLoop(clip, () => now, 0);
    const first = loop.start();
    expect(first.toString('ascii', 0, 3)).toBe('FLV');
    expect(tagsOf(first, true).map((t) => t.type).sort()).toEqual([8, 9]); // codec configuration, no metadata
    now += 200;
    const media = tagsOf(loop.due(), false);
    expect(isKeyFrame(media.find((t) => t.type === 9)!)).toBe(true);
    expect(media.every((t) => t.timestamp <= 200)).toBe(true);
    now += 1_000;
    const second = tagsOf(loop.due(), false);
    expect(second.length).toBeGreaterThan(10);
    expect(Math.max(...second.map((t) => t.timestamp))).toBeLessThanOrEqual(1_200);
  });

  it('keeps timestamps growing across loops', () => {
    let now = 0;
    const loop = new FlvLoop(clip, () => now, 0);
    loop.start();
    const seen: number[] = [];
    for (let i = 0; i < 120; i++) {
      now += 100;
      seen.push(...tagsOf(loop.due(), false).filter((t) => t.type === 9).map((t) => t.timestamp));
    }
    expect(Math.max(...seen)).toBeGreaterThan(2 * clip.durationMs);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
  });

  it('has a sub stream per camera (issue 22): the same clip length and key frame every second, far fewer bytes than the main clip', () => {
    for (const camera of ['front', 'back', 'left', 'right', 'infrared']) {
      const mainBytes = fs.readFileSync(`assets/video/${camera}.flv`);
      const subBytes = fs.readFileSync(`assets/video/${camera}-sub.flv`);
      const main = parseFlv(mainBytes);
      const sub = parseFlv(subBytes);
      expect(sub.hasVideo && sub.hasAudio).toBe(true);
      expect(sub.headerTags.map((t) => t.type).sort()).toEqual([18, 8, 9].sort());
      expect(Math.abs(sub.durationMs - main.durationMs)).toBeLessThan(100);
      // Key pictures (an AVC end of sequence, the clip's last tag, is flagged key too).
      const keys = sub.mediaTags.filter((t) => isKeyFrame(t) && t.body[1] === 1).map((t) => t.timestamp);
      expect(keys.length).toBe(4);
      expect(keys[0]!).toBeLessThan(100);
      expect(subBytes.length).toBeLessThan(mainBytes.length / 2);
    }
  });
});
