import { describe, expect, it, vi } from 'vitest';
import { createLiveProvider } from './live-provider';
import type { TopicListener } from './realtime-link';

describe('live provider', () => {
  it('subscribes a channel as a topic, filters by push name and unsubscribes', () => {
    const listeners: TopicListener[] = [];
    const off = vi.fn();
    const provider = createLiveProvider({
      subscribe: (_topic, listener) => {
        listeners.push(listener);
        return off;
      },
    });
    const callback = vi.fn();
    const sub = provider.subscribe({ channel: 'robot/R1', types: ['status'], callback });
    listeners[0]!({ topic: 'robot/R1', event: 'gps', data: { x: 1 } });
    listeners[0]!({ topic: 'robot/R1', event: 'status', data: { status: 2 } });
    expect(callback).toHaveBeenCalledTimes(1);
    expect(callback.mock.calls[0]![0]).toMatchObject({ channel: 'robot/R1', type: 'status', payload: { status: 2 } });
    provider.unsubscribe(sub);
    expect(off).toHaveBeenCalledTimes(1);
  });
});
