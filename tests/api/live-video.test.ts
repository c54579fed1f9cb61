import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('operator');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000001' }, token)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

function open(path: string): { ws: WebSocket; chunks: Buffer[]; closed: Promise<number> } {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}${path}`);
  const chunks: Buffer[] = [];
  ws.on('message', (d) => chunks.push(d as Buffer));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, chunks, closed };
}

describe('live camera video over WebSocket', () => {
  it('streams FLV: the header first, then media keeps coming', async () => {
    const { ws, chunks } = open(`/live/01WR000001/front?token=${token}`);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(chunks[0]!.toString('ascii', 0, 3)).toBe('FLV');
    const bytes = chunks.slice(1).reduce((n, c) => n + c.length, 0);
    expect(bytes).toBeGreaterThan(5_000);
    ws.close();
  });

  it('refuses a bad token, an unknown camera, a robot out of scope and an offline robot', async () => {
    expect(await open('/live/01WR000001/front?token=bad').closed).toBe(4403);
    expect(await open(`/live/01WR000001/roof?token=${token}`).closed).toBe(4404);
    expect(await open(`/live/05WV000001/front?token=${token}`).closed).toBe(4404);
    expect(await open(`/live/03WS000001/0?token=${token}`).closed).toBe(4410);
  });
});

describe('many live cameras over one WebSocket (/live-mux)', () => {
  /** Opens the shared socket; binary messages are split by their 2-byte stream id. */
  async function mux(query: string) {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/live-mux${query}`);
    const bytes = new Map<number, Buffer[]>();
    const closed: { id: number; code: number; reason: string }[] = [];
    ws.on('message', (d, isBinary) => {
      const b = d as Buffer;
      if (!isBinary) return closed.push(JSON.parse(b.toString()) as { id: number; code: number; reason: string });
      const id = b.readUInt16BE(0);
      bytes.set(id, [...(bytes.get(id) ?? []), b.subarray(2)]);
    });
    const shut = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => ws.on('open', () => resolve()));
    return { ws, bytes, closed, shut, send: (m: object) => ws.send(JSON.stringify(m)) };
  }
  const total = (chunks: Buffer[] | undefined) => (chunks ?? []).reduce((n, c) => n + c.length, 0);

  it('carries two cameras at once, each its own FLV stream, and stops one on close', async () => {
    const m = await mux(`?token=${token}`);
    m.send({ type: 'open', id: 1, path: '/live/01WR000001/front' });
    m.send({ type: 'open', id: 7, path: '/live/01WR000001/1' });
    await new Promise((r) => setTimeout(r, 1_200));
    for (const id of [1, 7]) {
      expect(m.bytes.get(id)![0]!.toString('ascii', 0, 3)).toBe('FLV');
      expect(total(m.bytes.get(id))).toBeGreaterThan(5_000);
    }
    m.send({ type: 'close', id: 1 });
    await new Promise((r) => setTimeout(r, 300));
    const stopped = total(m.bytes.get(1));
    const running = total(m.bytes.get(7));
    await new Promise((r) => setTimeout(r, 800));
    expect(total(m.bytes.get(1))).toBe(stopped);
    expect(total(m.bytes.get(7))).toBeGreaterThan(running);
    expect(m.closed).toEqual([]);
    m.ws.close();
  });

  it('refuses per stream with the single-stream close codes, and a bad token for the whole socket', async () => {
    const m = await mux(`?token=${token}`);
    m.send({ type: 'open', id: 2, path: '/live/01WR000001/roof' });
    m.send({ type: 'open', id: 3, path: '/live/05WV000001/front' });
    m.send({ type: 'open', id: 4, path: '/live/03WS000001/0' });
    m.send({ type: 'open', id: 5, path: '/elsewhere' });
    for (let i = 0; i < 50 && m.closed.length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    expect(m.closed.sort((a, b) => a.id - b.id)).toEqual([
      { type: 'closed', id: 2, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 3, code: 4404, reason: 'no such camera' },
      { type: 'closed', id: 4, code: 4410, reason: 'video offline' },
      { type: 'closed', id: 5, code: 4404, reason: 'no such camera' },
    ]);
    expect(m.bytes.size).toBe(0);
    m.ws.close();
    const bad = new WebSocket(`${s.url.replace('http', 'ws')}/live-mux?token=bad`);
    expect(await new Promise<number>((resolve) => bad.on('close', (code) => resolve(code)))).toBe(4403);
  });
});
