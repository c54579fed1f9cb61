import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  token = await s.login('admin');
});
afterAll(async () => s?.close());

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (bytes: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(Math.max(0, bytes - PNG_HEAD.length), 7)]);

async function upload(kind: string, files: { name: string; body: Buffer }[], auth = token): Promise<any> {
  const form = new FormData();
  form.append('data', JSON.stringify({ note: 'x' }));
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.body)]), f.name);
  const res = await fetch(`${s.url}/api/upload?kind=${kind}`, { method: 'POST', headers: { token: auth, 'accept-language': 'en' }, body: form });
  return res.json();
}

const stored = () => {
  const root = path.join(s.dir, 'uploads');
  const walk = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return fs.existsSync(root) ? walk(root) : [];
};

describe('uploads', () => {
  it('stores a logo and serves it back by its url', async () => {
    const r = await upload('logo', [{ name: 'logo.png', body: png(2048) }]);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ name: 'logo.png', size: 2048, type: 'png', data: { note: 'x' } });
    const back = await fetch(`${s.url}${r.data.url}`);
    expect(Buffer.from(await back.arrayBuffer()).equals(png(2048))).toBe(true);
  });

  it('refuses a logo at or above 0.5 MB while streaming, leaving nothing on disk', async () => {
    const before = stored().length;
    expect(await upload('logo', [{ name: 'big.png', body: png(512 * 1024) }])).toEqual({ code: 400, message: 'The file is too large (at most 0.5 MB)' });
    expect(stored().length).toBe(before);
  });

  it('checks the type by content, not by name', async () => {
    const before = stored().length;
    expect(await upload('logo', [{ name: 'fake.png', body: Buffer.from('this is plain text, not an image '.repeat(4)) }])).toEqual({
      code: 400,
      message: 'Wrong file format: png, jpeg, gif, webp expected',
    });
    expect(stored().length).toBe(before);
  });

  it('refuses more than 50 files at once and keeps none of them', async () => {
    const before = stored().length;
    const files = Array.from({ length: 51 }, (_, i) => ({ name: `p${i}.png`, body: png(100) }));
    expect(await upload('image', files)).toEqual({ code: 400, message: 'At most 50 files at once' });
    expect(stored().length).toBe(before);
  });

  it('refuses callers without a token and unknown kinds', async () => {
    expect((await upload('logo', [{ name: 'a.png', body: png(100) }], 'bad')).code).toBe(403);
    expect(await upload('weird', [{ name: 'a.png', body: png(100) }])).toEqual({ code: 400, message: 'Unknown upload kind weird' });
  });
});
