import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FlvDemux } from './live-relay';
import { parseFlv } from './flv';

const clip = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'assets', 'video', 'front.flv'));

describe('FLV demux of a pushed stream', () => {
  it('reads the same tags whatever the chunks the bytes arrive in', () => {
    const whole = parseFlv(clip);
    for (const size of [1, 7, 100, 4096, clip.length]) {
      const d = new FlvDemux();
      const tags = [];
      for (let i = 0; i < clip.length; i += size) tags.push(...d.push(clip.subarray(i, i + size)));
      expect(d.header).toEqual({ hasAudio: whole.hasAudio, hasVideo: whole.hasVideo });
      expect(tags.length).toBe(whole.headerTags.length + whole.mediaTags.length);
      expect(Buffer.concat(tags.map((t) => t.body)).length).toBe(Buffer.concat([...whole.headerTags, ...whole.mediaTags].map((t) => t.body)).length);
    }
  });

  it('refuses a stream that is not FLV', () => {
    expect(() => new FlvDemux().push(Buffer.from('GIF89a-not-a-video'))).toThrow('not an FLV stream');
  });
});
