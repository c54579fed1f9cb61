import { describe, expect, it } from 'vitest';
import { AbortedError, EventError } from './errors';
import type { CallEvent } from './event-client';
import { createStreamAddressClient, liveStreamUrl, liveVideoOrigin } from './stream-addresses';

/** An event client answering as the server does (docs/protocol.md), recording the calls. */
function fakeServer(offline: string[] = []) {
  const calls: { event: string; param: any }[] = [];
  const answer = (c: { robotId: string; cameraId: number }) =>
    offline.includes(c.robotId)
      ? { robotId: c.robotId, cameraId: c.cameraId, statusCode: 400, statusInfo: 'Robot not online' }
      : { robotId: c.robotId, cameraId: c.cameraId, path: `/live/${c.robotId}/${c.cameraId}`, definition: 2, codec: 'h264', centralControl: false };
  const callEvent = (async (event: string, param: any) => {
    calls.push({ event, param });
    if (event === 'reqVideoStreams') return { streams: param.cameras.map(answer) };
    const a: Record<string, unknown> = answer(param);
    if (typeof a.statusInfo === 'string') throw new EventError(400, a.statusInfo, event);
    return a;
  }) as CallEvent;
  return { calls, callEvent };
}

describe('stream addresses', () => {
  it('asks for the cameras started in one moment in one call, each caller getting its own answer', async () => {
    const server = fakeServer();
    const ask = createStreamAddressClient(server.callEvent);
    const answers = await Promise.all([ask({ robotId: 'A', cameraId: 0 }), ask({ robotId: 'A', cameraId: 1 }), ask({ robotId: 'B', cameraId: 0 })]);
    expect(answers.map((a) => a.path)).toEqual(['/live/A/0', '/live/A/1', '/live/B/0']);
    expect(server.calls).toEqual([{ event: 'reqVideoStreams', param: { cameras: [{ robotId: 'A', cameraId: 0 }, { robotId: 'A', cameraId: 1 }, { robotId: 'B', cameraId: 0 }] } }]);
  });

  it('asks for a single camera with reqVideoStream, and for later cameras in a new call', async () => {
    const server = fakeServer();
    const ask = createStreamAddressClient(server.callEvent);
    await ask({ robotId: 'A', cameraId: 0 });
    await ask({ robotId: 'A', cameraId: 1 });
    expect(server.calls.map((c) => c.event)).toEqual(['reqVideoStream', 'reqVideoStream']);
  });

  it('splits more than sixteen cameras into calls of at most sixteen', async () => {
    const server = fakeServer();
    const ask = createStreamAddressClient(server.callEvent);
    await Promise.all(Array.from({ length: 20 }, (_, i) => ask({ robotId: `R${i}`, cameraId: 0 })));
    expect(server.calls.map((c) => c.param.cameras.length)).toEqual([16, 4]);
  });

  it("rejects a refused camera with the server's message and still answers the others", async () => {
    const server = fakeServer(['OFF']);
    const ask = createStreamAddressClient(server.callEvent);
    const [ok, refused] = await Promise.allSettled([ask({ robotId: 'A', cameraId: 0 }), ask({ robotId: 'OFF', cameraId: 0 })]);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { path: '/live/A/0' } });
    expect(refused).toMatchObject({ status: 'rejected', reason: { statusCode: 400, message: 'Robot not online' } });
  });

  it('rejects an aborted request with AbortedError without holding back the shared call', async () => {
    const server = fakeServer();
    const ask = createStreamAddressClient(server.callEvent);
    const abort = new AbortController();
    const gone = ask({ robotId: 'A', cameraId: 0 }, { signal: abort.signal });
    const kept = ask({ robotId: 'B', cameraId: 0 });
    abort.abort();
    await expect(gone).rejects.toBeInstanceOf(AbortedError);
    expect((await kept).path).toBe('/live/B/0');
    await expect(ask({ robotId: 'C', cameraId: 0 }, { signal: abort.signal })).rejects.toBeInstanceOf(AbortedError);
  });

  it('fails every camera of a call that fails as a whole (an expired token, the network)', async () => {
    const ask = createStreamAddressClient((async () => {
      throw new EventError(0, 'Network error', 'reqVideoStreams');
    }) as CallEvent);
    const results = await Promise.allSettled([ask({ robotId: 'A', cameraId: 0 }), ask({ robotId: 'B', cameraId: 0 })]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['Network error', 'Network error']);
  });

  it('builds the player address from /config.json or the page, without the token (it goes in the socket\'s first message)', () => {
    expect(liveVideoOrigin('wss://fleet.example/ws', { protocol: 'http:', host: 'x' })).toBe('wss://fleet.example');
    expect(liveVideoOrigin(undefined, { protocol: 'https:', host: 'console:8443' })).toBe('wss://console:8443');
    expect(liveVideoOrigin('', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080');
    expect(liveStreamUrl('ws://h', '/live/A/front')).toBe('ws://h/live/A/front');
  });
});
