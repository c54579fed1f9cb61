/**
 * Security point 7: no token in a socket's URL. /ws, /live/<robot>/<camera> and /live-mux take the
 * session token in their first message `{"type":"auth","token":"…"}` within Security.socketAuthMs;
 * everything else closes them with 4403, and a logout still closes them within 1 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Security } from '../../common/constants';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('operator');
  for (let i = 0; i < 50 && (await s.call('reqRobotStatus', { robotId: '01WR000001' }, token)).param?.videoOnline !== 1; i++) await new Promise((r) => setTimeout(r, 200));
});
afterAll(async () => s?.close());

const SOCKETS = ['/ws', '/live-mux', '/live/01WR000001/front'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket with everything it receives and how it closed. */
function watch(ws: WebSocket) {
  const received: { data: Buffer; isBinary: boolean }[] = [];
  ws.on('message', (data, isBinary) => received.push({ data: data as Buffer, isBinary }));
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, received, closed, opened };
}
const plain = (path: string) => watch(new WebSocket(`${s.url.replace('http', 'ws')}${path}`));
const authed = (path: string, as = token) => watch(authedSocket(`${s.url.replace('http', 'ws')}${path}`, as));
const until = async (check: () => boolean, ms = 5_000) => {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('not in time');
    await sleep(25);
  }
};
const texts = (received: { data: Buffer; isBinary: boolean }[]) => received.filter((m) => !m.isBinary).map((m) => JSON.parse(m.data.toString()));
const bytes = (received: { data: Buffer; isBinary: boolean }[]) => received.filter((m) => m.isBinary).reduce((n, m) => n + m.data.length, 0);

describe('first-message authentication', () => {
  it('each socket sends nothing before the auth message, then works; what follows the auth message at once is kept', async () => {
    const sockets = SOCKETS.map((p) => plain(p));
    await Promise.all(sockets.map((x) => x.opened));
    await sleep(500);
    expect(sockets.map((x) => x.received.length)).toEqual([0, 0, 0]);
    const [ws, mux, live] = sockets as [ReturnType<typeof plain>, ReturnType<typeof plain>, ReturnType<typeof plain>];
    // The auth message and the next ones in the same breath, as the console sends them.
    ws.ws.send(JSON.stringify({ type: 'auth', token }));
    ws.ws.send(JSON.stringify({ type: 'subscribe', topic: 'fleet' }));
    mux.ws.send(JSON.stringify({ type: 'auth', token }));
    mux.ws.send(JSON.stringify({ type: 'open', id: 9, path: '/live/01WR000001/back' }));
    live.ws.send(JSON.stringify({ type: 'auth', token }));
    await until(() => texts(ws.received).some((m) => m.type === 'push' && m.topic === 'fleet' && m.event === 'snapshot'));
    expect(texts(ws.received)[0]!.type).toBe('heartbeat');
    await until(() => bytes(mux.received) > 5_000);
    expect(mux.received.find((m) => m.isBinary)!.data.readUInt16BE(0)).toBe(9);
    await until(() => bytes(live.received) > 5_000);
    expect(live.received[0]!.data.toString('ascii', 0, 3)).toBe('FLV');
    sockets.forEach((x) => x.ws.close());
  });

  it(`closes a socket that sends no auth message within ${Security.socketAuthMs / 1000} s with 4403`, async () => {
    const t0 = Date.now();
    const sockets = SOCKETS.map((p) => plain(p));
    const closes = await Promise.all(sockets.map((x) => x.closed));
    for (const c of closes) {
      expect(c).toMatchObject({ code: 4403, reason: 'no auth message' });
      expect(c.at - t0).toBeGreaterThanOrEqual(Security.socketAuthMs - 50);
      expect(c.at - t0).toBeLessThan(Security.socketAuthMs + 2_000);
    }
    expect(sockets.map((x) => x.received.length)).toEqual([0, 0, 0]);
  }, 15_000);

  it('closes a socket with a bad or missing token with 4403 "token invalid"', async () => {
    for (const path of SOCKETS) {
      expect(await authed(path, 'bad').closed, path).toMatchObject({ code: 4403, reason: 'token invalid' });
      expect(await authed(path, '').closed, path).toMatchObject({ code: 4403, reason: 'token invalid' });
      const x = plain(path);
      await x.opened;
      x.ws.send(JSON.stringify({ type: 'auth' }));
      expect(await x.closed, path).toMatchObject({ code: 4403, reason: 'token invalid' });
      expect(x.received).toEqual([]);
    }
  });

  it('closes a socket whose first message is not the auth message with 4403, even if the auth message follows', async () => {
    const first: Record<(typeof SOCKETS)[number], string | Buffer> = {
      '/ws': JSON.stringify({ type: 'subscribe', topic: 'fleet' }),
      '/live-mux': JSON.stringify({ type: 'open', id: 1, path: '/live/01WR000001/front' }),
      '/live/01WR000001/front': Buffer.from('FLV'),
    };
    for (const path of SOCKETS) {
      const x = plain(path);
      await x.opened;
      x.ws.send(first[path]);
      x.ws.send(JSON.stringify({ type: 'auth', token }));
      expect(await x.closed, path).toMatchObject({ code: 4403, reason: 'auth message expected first' });
      expect(x.received).toEqual([]);
    }
  });

  it('refuses a token in the URL (it would end up in logs), even a good one', async () => {
    for (const path of SOCKETS) {
      const x = plain(`${path}?token=${encodeURIComponent(token)}`);
      expect(await x.closed, path).toMatchObject({ code: 4403, reason: 'token in URL refused: send {"type":"auth","token":"…"} first' });
      expect(x.received).toEqual([]);
    }
  });

  it('a logout closes the sockets it authenticated within 1 s, with 4403 "session ended"', async () => {
    const own = await s.login('operator');
    const ws = authed('/ws', own);
    const mux = authed('/live-mux', own);
    const live = authed('/live/01WR000001/front', own);
    await Promise.all([ws.opened, mux.opened, live.opened]);
    mux.ws.send(JSON.stringify({ type: 'open', id: 1, path: '/live/01WR000001/back' }));
    await until(() => texts(ws.received).length > 0 && bytes(mux.received) > 0 && bytes(live.received) > 0);
    // Another session of the same user is untouched.
    const other = authed('/ws');
    await until(() => texts(other.received).length > 0);
    const t0 = Date.now();
    expect((await s.call('logOut', {}, own)).statusCode).toBe(200);
    for (const x of [ws, mux, live]) {
      const c = await x.closed;
      expect(c).toMatchObject({ code: 4403, reason: 'session ended' });
      expect(c.at - t0).toBeLessThan(1_000);
    }
    await sleep(300);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });
});
