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
