import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Realtime } from '@common/constants';
import { RealtimeLink, type SocketHandlers, type TopicMessage } from './realtime-link';

/** A socket the test drives by hand. */
class FakeSocket {
  sent: Record<string, unknown>[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly handlers: SocketHandlers,
  ) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.handlers.onOpen();
  }
  receive(message: unknown) {
    this.handlers.onMessage(JSON.stringify(message));
  }
  drop(code = 1006) {
    this.handlers.onClose(code);
  }
}

function setup(token?: () => string | undefined) {
  const sockets: FakeSocket[] = [];
  const onFailed = vi.fn();
  const onUnauthorized = vi.fn();
  const link = new RealtimeLink({
    url: () => 'ws://test/ws',
    ...(token ? { token } : {}),
    createSocket: (url, handlers) => {
      const s = new FakeSocket(url, handlers);
      sockets.push(s);
      return s;
    },
    // Fake timers patch the globals; the link's default timers call them at run time.
    onFailed,
    onUnauthorized,
  });
  const last = () => sockets[sockets.length - 1]!;
  return { link, sockets, last, onFailed, onUnauthorized };
}

describe('RealtimeLink', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('unpacks a batch frame and gives robot pushes to the fleet listeners too', () => {
    const { link, last } = setup();
    const robot: TopicMessage[] = [];
    const fleet: TopicMessage[] = [];
    link.subscribe('robot/A', (m) => robot.push(m));
    link.subscribe('fleet', (m) => fleet.push(m));
    link.start();
    last().open();
    last().receive({ type: 'push', topic: 'fleet', event: 'snapshot', data: [] });
    last().receive({
      type: 'batch',
      pushes: [
        { type: 'push', topic: 'robot/A', event: 'status', data: { status: 2 } },
        { type: 'push', topic: 'robot/B', event: 'gps', data: { x: 1 } },
      ],
    });
    expect(robot).toEqual([{ topic: 'robot/A', event: 'status', data: { status: 2 } }]);
    expect(fleet.map((m) => `${m.topic} ${m.event}`)).toEqual(['fleet snapshot', 'robot/A status', 'robot/B gps']);
  });

  it('echoes each heartbeat and reports connected while open', () => {
    const { link, last } = setup();
    link.start();
    expect(link.getState()).toMatchObject({ status: 'connecting', connected: false });
    last().open();
    expect(link.getState()).toMatchObject({ status: 'connected', connected: true });
    last().receive({ type: 'heartbeat', t: 42 });
    expect(last().sent).toContainEqual({ type: 'heartbeat', t: 42 });
  });

  it('keeps the link while heartbeats arrive and refreshes it after more than 3 are missed', () => {
    const { link, sockets, last } = setup();
    link.start();
    last().open();
    // Heartbeats every 5 s keep the same socket for a minute.
    for (let i = 0; i < 12; i++) {
      vi.advanceTimersByTime(Realtime.heartbeatMs);
      last().receive({ type: 'heartbeat', t: i });
    }
    expect(sockets).toHaveLength(1);
    // Three missed heartbeats are tolerated…
    vi.advanceTimersByTime(Realtime.heartbeatMs * Realtime.missedHeartbeatTolerance);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(false);
    // …the fourth is one too many: close and reopen at once.
    vi.advanceTimersByTime(Realtime.heartbeatMs);
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(link.getState().connected).toBe(false);
    last().open();
    expect(link.getState()).toMatchObject({ status: 'connected', connected: true });
  });

  it('sets connected to false on close and reconnects every 10 s, at most 4 times, then fails', () => {
    const { link, sockets, last, onFailed } = setup();
    link.start();
    last().open();
    last().drop();
    expect(link.getState()).toMatchObject({ status: 'reconnecting', connected: false, attempts: 0 });

    for (let attempt = 1; attempt <= Realtime.maxReconnectAttempts; attempt++) {
      vi.advanceTimersByTime(Realtime.reconnectMs - 1);
      expect(sockets).toHaveLength(attempt); // not yet
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      expect(link.getState().attempts).toBe(attempt);
      last().drop(); // the attempt fails
    }
    expect(link.getState()).toMatchObject({ status: 'failed', connected: false });
    expect(onFailed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(Realtime.reconnectMs * 10);
    expect(sockets).toHaveLength(1 + Realtime.maxReconnectAttempts);
  });

  it('a successful reconnect resets the attempt count', () => {
    const { link, last, onFailed } = setup();
    link.start();
    last().open();
    last().drop();
    vi.advanceTimersByTime(Realtime.reconnectMs);
    last().drop();
    vi.advanceTimersByTime(Realtime.reconnectMs);
    expect(link.getState().attempts).toBe(2);
    last().open();
    expect(link.getState()).toMatchObject({ status: 'connected', attempts: 0 });
    last().drop();
    for (let i = 0; i < Realtime.maxReconnectAttempts; i++) {
      vi.advanceTimersByTime(Realtime.reconnectMs);
      last().drop();
    }
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('reference-counts topic subscriptions', () => {
    const { link, last } = setup();
    link.start();
    last().open();
    const a = vi.fn();
    const b = vi.fn();
    const offA = link.subscribe('robot/R1', a);
    const offB = link.subscribe('robot/R1', b);
    // The second listener asks again: the server answers each subscribe with a snapshot, which the newcomer needs
    // (issue 22: the monitor overview waited forever for the fleet snapshot the shell's call ring had taken).
    expect(last().sent.filter((m) => m.type === 'subscribe')).toEqual([
      { type: 'subscribe', topic: 'robot/R1' },
      { type: 'subscribe', topic: 'robot/R1' },
    ]);
    last().receive({ type: 'push', topic: 'robot/R1', event: 'status', data: { status: 2 } });
    expect(a).toHaveBeenCalledWith<[TopicMessage]>({ topic: 'robot/R1', event: 'status', data: { status: 2 } });
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    offA(); // idempotent
    expect(last().sent.some((m) => m.type === 'unsubscribe')).toBe(false);
    offB();
    expect(last().sent).toContainEqual({ type: 'unsubscribe', topic: 'robot/R1' });
    last().receive({ type: 'push', topic: 'robot/R1', event: 'status', data: {} });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('sends subscriptions made before opening, and re-subscribes every topic after a reconnect', () => {
    const { link, last } = setup();
    link.subscribe('robot/R1', () => {});
    link.subscribe('robot/R2', () => {});
    link.start();
    last().open();
    expect(last().sent).toEqual([
      { type: 'subscribe', topic: 'robot/R1' },
      { type: 'subscribe', topic: 'robot/R2' },
    ]);
    last().drop();
    vi.advanceTimersByTime(Realtime.reconnectMs);
    last().open();
    expect(last().sent).toEqual([
      { type: 'subscribe', topic: 'robot/R1' },
      { type: 'subscribe', topic: 'robot/R2' },
    ]);
  });

  it('stops reconnecting when the server refuses the token (close 4403)', () => {
    const { link, sockets, last, onUnauthorized } = setup();
    link.start();
    last().drop(4403);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(Realtime.reconnectMs * 5);
    expect(sockets).toHaveLength(1);
  });

  it('stop() closes the socket and cancels a pending reconnect', () => {
    const { link, sockets, last } = setup();
    link.start();
    last().open();
    last().drop();
    link.stop();
    vi.advanceTimersByTime(Realtime.reconnectMs * 2);
    expect(sockets).toHaveLength(1);
    expect(link.getState()).toMatchObject({ status: 'idle', connected: false });
  });

  it('sends the token as the first message of every socket, before the subscriptions, and never in the URL', () => {
    let token = 't1';
    const { link, sockets, last } = setup(() => token);
    link.subscribe('fleet', () => undefined);
    link.start();
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual([
      { type: 'auth', token: 't1' },
      { type: 'subscribe', topic: 'fleet' },
    ]);
    token = 't2';
    last().drop();
    vi.advanceTimersByTime(Realtime.reconnectMs);
    last().open();
    expect(last().sent).toEqual([
      { type: 'auth', token: 't2' },
      { type: 'subscribe', topic: 'fleet' },
    ]);
    expect(sockets.map((s) => s.url)).toEqual(['ws://test/ws', 'ws://test/ws']);
  });

  it('ignores callbacks of a socket it already replaced', () => {
    const { link, sockets, last } = setup();
    link.start();
    last().open();
    vi.advanceTimersByTime(Realtime.heartbeatMs * (Realtime.missedHeartbeatTolerance + 1));
    expect(sockets).toHaveLength(2);
    sockets[0]!.drop(); // late close of the refreshed socket
    expect(link.getState().status).toBe('reconnecting');
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(Realtime.reconnectMs);
    expect(sockets).toHaveLength(2);
  });
});
