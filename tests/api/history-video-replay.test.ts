import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { FlvDemux } from '../../server/features/video/live-relay';
import type { FlvTag } from '../../server/features/video/flv';
import { clipsOf } from '../../server/simulator/recordings';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

/** Issue 22: a robot's recording played from any moment (`/live/<robotId>/<camera>?from=…`), without exporting. */
const ROBOT = '01WR000001';
let s: TestServer;
let token: string;
/** A clip the simulated robot recorded on its front camera (today's first, or an earlier day's). */
let clip: { start: number; stop: number };
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('operator');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: ROBOT }, token)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
  for (let back = 0; back < 10 && !clip; back++) {
    const d = new Date(Date.now() - back * 86_400_000);
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const c = clipsOf(ROBOT, day, 0)[0];
    if (c) clip = { start: new Date(c.startTime).getTime(), stop: new Date(c.stopTime).getTime() };
  }
});
afterAll(async () => s?.close());

interface Opened {
  ws: WebSocket;
  tags: FlvTag[];
  header: () => boolean;
  closed: Promise<{ code: number; reason: string }>;
}
function open(path: string, as = token): Opened {
  const ws = authedSocket(`${s.url.replace('http', 'ws')}${path}`, as);
  const demux = new FlvDemux();
  const tags: FlvTag[] = [];
  ws.on('message', (d) => tags.push(...demux.push(d as Buffer)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, tags, header: () => demux.header !== null, closed };
}
const media = (tags: FlvTag[]) => tags.filter((t) => t.type === 9 && t.body[1] === 1);
const until = async (ok: () => boolean, ms = 10_000) => {
  for (let t = 0; t < ms && !ok(); t += 100) await new Promise((r) => setTimeout(r, 100));
};

describe('history video from a moment (replay)', () => {
  it('streams the recording from the moment asked: FLV whose timestamps start at that moment (0)', async () => {
    expect(clip).toBeDefined();
    const r = open(`/live/${ROBOT}/front?from=${encodeURIComponent(new Date(clip.start + 60_000).toISOString())}`);
    await until(() => media(r.tags).length > 20);
    expect(r.header()).toBe(true);
    const frames = media(r.tags);
    expect(frames.length).toBeGreaterThan(20);
    // Timestamps count from the moment asked: the first picture is at (about) 0, not where a live push is.
    expect(frames[0]!.timestamp).toBeLessThan(1_000);
    r.ws.close();
  });

  it('is the viewer’s own stream: it ends with the recording (1000 "end of recording"), a live viewer goes on', async () => {
    const live = open(`/live/${ROBOT}/front`);
    // Two seconds before the clip's end, in epoch milliseconds.
    const r = open(`/live/${ROBOT}/front?from=${clip.stop - 2_000}`);
    expect(await r.closed).toEqual({ code: 1000, reason: 'end of recording' });
    expect(media(r.tags).length).toBeGreaterThan(0);
    const before = live.tags.length;
    await until(() => live.tags.length > before + 10, 5_000);
    expect(live.tags.length).toBeGreaterThan(before + 10);
    live.ws.close();
  });

  it('refuses a moment without recording, a bad moment and another company’s robot with the exact code and reason', async () => {
    // Clips last ten minutes every two hours: thirty minutes after one starts there is none.
    expect(await open(`/live/${ROBOT}/front?from=${clip.start + 30 * 60_000}`).closed).toEqual({ code: 4416, reason: 'no recording at that moment' });
    expect(await open(`/live/${ROBOT}/front?from=yesterday`).closed).toEqual({ code: 4416, reason: 'no recording at that moment' });
    // The infrared camera records nothing.
    expect(await open(`/live/${ROBOT}/infrared?from=${clip.start + 60_000}`).closed).toEqual({ code: 4416, reason: 'no recording at that moment' });
    expect(await open(`/live/05WV000001/front?from=${clip.start + 60_000}`).closed).toEqual({ code: 4404, reason: 'no such camera' });
    expect(await open(`/live/${ROBOT}/front?from=${clip.start + 60_000}`, 'bad').closed).toMatchObject({ code: 4403 });
  });

  it('replays over the multiplexed socket too', async () => {
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/live-mux`, token);
    const bytes: Buffer[] = [];
    const closed: { id: number; code: number; reason: string }[] = [];
    ws.on('message', (d, isBinary) => (isBinary ? bytes.push((d as Buffer).subarray(2)) : closed.push(JSON.parse((d as Buffer).toString()) as (typeof closed)[number])));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'open', id: 1, path: `/live/${ROBOT}/front?from=${clip.start + 60_000}` }));
    ws.send(JSON.stringify({ type: 'open', id: 2, path: `/live/${ROBOT}/front?from=${clip.start + 30 * 60_000}` }));
    await until(() => bytes.reduce((n, b) => n + b.length, 0) > 5_000 && closed.length > 0);
    expect(bytes[0]!.toString('ascii', 0, 3)).toBe('FLV');
    expect(closed).toEqual([{ type: 'closed', id: 2, code: 4416, reason: 'no recording at that moment' }]);
    ws.close();
  });
});
