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
});
