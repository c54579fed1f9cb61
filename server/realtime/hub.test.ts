import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { Session } from '../auth/sessions';
import { RealtimeHub } from './hub';

/** A socket that records what the hub sends. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  frames: string[] = [];
  send(data: string | Buffer) {
    this.frames.push(data.toString());
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
  /** Pushes received, batch frames unpacked. */
  pushes() {
    return this.frames.map((f) => JSON.parse(f)).flatMap((m) => (m.type === 'batch' ? m.pushes : m.type === 'push' && m.event !== 'snapshot' ? [m] : []));
  }
}

const session = (companyId: number) => ({ tokenHash: `t${companyId}`, companyId, roleId: 5 }) as unknown as Session;
const companies: Record<string, number> = { A: 1, B: 2 };

function hub(batchMs: number) {
  return new RealtimeHub({ snapshot: async (_s, topic) => (topic === 'fleet' ? [] : {}), scope: async (s) => [s.companyId], companyOf: (id) => companies[id] }, 60_000, batchMs);
}

async function attach(h: RealtimeHub, companyId: number, topics: string[]) {
  const socket = new FakeSocket();
  h.attach(socket as unknown as WebSocket, session(companyId));
  for (const topic of topics) socket.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', topic })));
  await vi.waitFor(() => expect(socket.frames.filter((f) => f.includes('"snapshot"'))).toHaveLength(topics.length));
  socket.frames.length = 0;
  return socket;
}

describe('RealtimeHub fan-out', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('sends each client one frame per window with the pushes of its topics and fleet scope', async () => {
    const h = hub(50);
    const fleet1 = await attach(h, 1, ['fleet']);
    const fleet1b = await attach(h, 1, ['fleet']);
    const robotB = await attach(h, 1, ['robot/B']);
    const fleet2 = await attach(h, 2, ['fleet', 'robot/B']);
    h.publishRobot('A', 'status', { status: 2 });
    h.publishRobot('B', 'gps', { x: 1 });
    h.publishRobot('A', 'gps', { x: 2 });
    expect(fleet1.frames).toHaveLength(0); // queued until the window closes
    vi.advanceTimersByTime(50);
    expect(fleet1.frames).toHaveLength(1);
    expect(fleet1.pushes().map((p: { topic: string; event: string }) => `${p.topic} ${p.event}`)).toEqual(['robot/A status', 'robot/A gps']);
    expect(fleet1b.frames).toEqual(fleet1.frames); // same subscriptions, same frame
    expect(robotB.pushes()).toEqual([{ type: 'push', topic: 'robot/B', event: 'gps', data: { x: 1 } }]);
    expect(JSON.parse(robotB.frames[0]!).type).toBe('push'); // a lone push is sent as is
    // Subscribed to robot/B and to a fleet that includes B: the push arrives once.
    expect(fleet2.pushes().map((p: { topic: string }) => p.topic)).toEqual(['robot/B']);
  });

  it('without a window sends one frame per push', async () => {
    const h = hub(0);
    const c = await attach(h, 1, ['fleet']);
    h.publishRobot('A', 'status', { status: 2 });
    h.publishRobot('A', 'gps', { x: 2 });
    h.publishRobot('B', 'gps', { x: 3 });
    expect(c.frames).toHaveLength(2);
  });

  it('stops sending after unsubscribe and after the socket closes', async () => {
    const h = hub(50);
    const c = await attach(h, 1, ['fleet']);
    c.emit('message', Buffer.from(JSON.stringify({ type: 'unsubscribe', topic: 'fleet' })));
    await vi.waitFor(() => expect(true).toBe(true));
    h.publishRobot('A', 'status', { status: 2 });
    vi.advanceTimersByTime(50);
    expect(c.frames).toHaveLength(0);
    const d = await attach(h, 1, ['robot/A']);
    d.emit('close');
    h.publishRobot('A', 'status', { status: 2 });
    vi.advanceTimersByTime(50);
    expect(d.frames).toHaveLength(0);
    expect(h.size).toBe(1);
  });
});
