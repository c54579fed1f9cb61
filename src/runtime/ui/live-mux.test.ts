import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let token: string | undefined = 't1';
vi.mock('../session/session-store', () => ({ getToken: () => token }));

/** A browser WebSocket the test drives by hand. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static all: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

const handlers = () => ({ data: vi.fn(), closed: vi.fn(), failed: vi.fn() });

describe('the shared live video socket', () => {
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens /live-mux without a token in the URL and sends the token as its first message, then the streams', async () => {
    const { openMuxStream } = await import('./live-mux');
    openMuxStream('ws://h:1/live/A/front', handlers());
    openMuxStream('ws://h:1/live/B/1', handlers());
    expect(FakeWebSocket.all.map((w) => w.url)).toEqual(['ws://h:1/live-mux']);
    const ws = FakeWebSocket.all[0]!;
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual([
      { type: 'auth', token: 't1' },
      { type: 'open', id: 1, path: '/live/A/front' },
      { type: 'open', id: 2, path: '/live/B/1' },
    ]);
    // Another session (a new login) gets a socket of its own.
    token = 't2';
    openMuxStream('ws://h:1/live/A/back', handlers());
    expect(FakeWebSocket.all).toHaveLength(2);
    FakeWebSocket.all[1]!.open();
    expect(FakeWebSocket.all[1]!.sent[0]).toEqual({ type: 'auth', token: 't2' });
    // An address of another server is not ours to carry.
    expect(openMuxStream('wss://media.example/stream.flv', handlers())).toBeNull();
  });

  it('carries a sub stream and a replay with their query (`stream`, `from`), nothing else after the path', async () => {
    token = 't3';
    const { isMuxable, openMuxStream } = await import('./live-mux');
    openMuxStream('ws://h:1/live/A/front?stream=sub', handlers());
    openMuxStream('ws://h:1/live/A/front', handlers());
    openMuxStream('ws://h:1/live/A/back?from=2026-11-23T08%3A04%3A00.000Z&stream=sub', handlers());
    const ws = FakeWebSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([
      { type: 'auth', token: 't3' },
      { type: 'open', id: 1, path: '/live/A/front?stream=sub' },
      { type: 'open', id: 2, path: '/live/A/front' },
      { type: 'open', id: 3, path: '/live/A/back?from=2026-11-23T08%3A04%3A00.000Z&stream=sub' },
    ]);
    for (const other of ['ws://h:1/live/A/front?quality=sub', 'ws://h:1/live/A/front?stream=sub&x=1', 'ws://h:1/live/A/front?stream=']) expect(isMuxable(other)).toBe(false);
  });

  it('opens a stream ahead of its player and hands it over with the bytes it got meanwhile', async () => {
    token = 't4';
    const { openMuxStream, preopenMuxStream } = await import('./live-mux');
    preopenMuxStream('ws://h:1/live/A/front?stream=sub');
    preopenMuxStream('ws://h:1/live/A/front?stream=sub'); // already ahead: not asked twice
    preopenMuxStream('wss://media.example/stream.flv'); // not ours: nothing
    const ws = FakeWebSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([
      { type: 'auth', token: 't4' },
      { type: 'open', id: 1, path: '/live/A/front?stream=sub' },
    ]);
    const frame = (id: number, ...bytes: number[]) => new Uint8Array([0, id, ...bytes]).buffer;
    ws.onmessage?.({ data: frame(1, 70, 76, 86) });
    ws.onmessage?.({ data: frame(1, 1, 2) });
    // The player opens the same address: no second open, the bytes so far first, then the rest.
    const h = handlers();
    const stream = openMuxStream('ws://h:1/live/A/front?stream=sub', h)!;
    expect(ws.sent).toHaveLength(2);
    expect(h.data.mock.calls.map(([c]) => [...new Uint8Array(c as ArrayBuffer)])).toEqual([[70, 76, 86], [1, 2]]);
    ws.onmessage?.({ data: frame(1, 3) });
    expect(h.data).toHaveBeenCalledTimes(3);
    // Taken once: another player of that address opens a stream of its own.
    openMuxStream('ws://h:1/live/A/front?stream=sub', handlers());
    expect(ws.sent[2]).toEqual({ type: 'open', id: 2, path: '/live/A/front?stream=sub' });
    stream.close();
    expect(ws.sent[3]).toEqual({ type: 'close', id: 1 });
  });

  it('passes on an end heard before the player came, and closes a stream nobody takes within 5 s', async () => {
    token = 't5';
    vi.useFakeTimers();
    try {
      const { openMuxStream, preopenMuxStream } = await import('./live-mux');
      preopenMuxStream('ws://h:1/live/B/1?stream=sub');
      preopenMuxStream('ws://h:1/live/B/2?stream=sub');
      const ws = FakeWebSocket.all[0]!;
      ws.open();
      ws.onmessage?.({ data: JSON.stringify({ type: 'closed', id: 1, code: 4410, reason: 'video offline' }) });
      const h = handlers();
      openMuxStream('ws://h:1/live/B/1?stream=sub', h);
      expect(h.closed).toHaveBeenCalledWith(4410, 'video offline');
      vi.advanceTimersByTime(5_000);
      expect(ws.sent.at(-1)).toEqual({ type: 'close', id: 2 });
      // Dropped: the player that comes later opens it anew.
      openMuxStream('ws://h:1/live/B/2?stream=sub', handlers());
      expect(ws.sent.at(-1)).toEqual({ type: 'open', id: 3, path: '/live/B/2?stream=sub' });
    } finally {
      vi.useRealTimers();
    }
  });
});
