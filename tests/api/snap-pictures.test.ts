/** POST /api/snapPictures: a telecontrol snapshot is stored and listed under Snapped pictures (snapPictureQuery). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { rowCount } from './admin-support';

let s: TestServer;
let operator: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  operator = await s.login('monitor');
});
afterAll(async () => s?.close());

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = Buffer.concat([PNG_HEAD, Buffer.alloc(2000, 7)]);

async function snap(body: Buffer, fields: Record<string, string> = { robotId: '01WR000001', mapId: '', cameraId: '2' }): Promise<any> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('imgFile', new Blob([new Uint8Array(body)]), 'snap.png');
  return (await fetch(`${s.url}/api/snapPictures`, { method: 'POST', headers: { token: operator, 'accept-language': 'en' }, body: form })).json();
}

describe('telecontrol snapshots', () => {
  it('stores the picture and lists it under Snapped pictures', async () => {
    const a = await snap(png);
    expect(a).toMatchObject({ code: 0, data: { robotId: '01WR000001', size: png.length, type: 'png' } });
    expect(Buffer.from(await (await fetch(`${s.url}${a.data.url}`)).arrayBuffer()).equals(png)).toBe(true);
    const list = (await s.call('snapPictureQuery', {}, operator)).param.list as { id: number; pictureUrl: string; robotId: string; cameraId: number }[];
    expect(list.find((r) => r.id === a.data.id)).toMatchObject({ pictureUrl: a.data.url, robotId: '01WR000001', cameraId: 2 });
  });

  it('refuses a picture that is not PNG or JPEG with the exact message and adds no row', async () => {
    const before = await rowCount(s, 'detections');
    expect(await snap(Buffer.from('GIF89a, or rather some text pretending to be a picture '.repeat(3)))).toEqual({ code: 400, message: 'Wrong file format: png, jpeg expected' });
    expect(await snap(Buffer.from('plain text, not an image at all '.repeat(4)))).toEqual({ code: 400, message: 'Wrong file format: png, jpeg expected' });
    expect(await rowCount(s, 'detections')).toBe(before);
  });

  it('refuses a robot the caller cannot see and keeps nothing', async () => {
    const before = await rowCount(s, 'detections');
    expect((await snap(png, { robotId: '06LK000001' })).code).toBe(404);
    expect(await rowCount(s, 'detections')).toBe(before);
  });
});
