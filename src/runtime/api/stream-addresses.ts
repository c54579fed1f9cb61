/**
 * Live camera addresses (spec §4 reqVideoStream; docs/protocol.md): the ws:// URL a player opens
 * for an answer's path, and a client that asks for every camera a page starts in the same moment
 * in one reqVideoStreams call — a wall or dashboard of sixteen would otherwise send sixteen calls
 * that queue behind each other on the server (bench/video-wall.ts: 200–270 ms against 20–50 ms).
 */
import { VideoPlayer } from '@common/constants';
import type { ParamOf } from '@common/events';
import type { StreamAnswer } from '@common/events/control';
import { AbortedError, EventError } from './errors';
import type { CallEvent } from './event-client';

/** A camera of a robot (0 front … 4 infrared). */
export interface CameraRef {
  robotId: string;
  cameraId: number;
}

/** The server's answer for one camera (reqVideoStream; common/events/control). */
export type { StreamAnswer };

/** Asks for one camera's stream address; cameras asked for in the same moment share one call. */
export type RequestStreamAddress = (camera: CameraRef, options?: { signal?: AbortSignal }) => Promise<StreamAnswer>;

interface Waiting {
  camera: CameraRef;
  resolve: (a: StreamAnswer) => void;
  reject: (e: unknown) => void;
}

/**
 * The batching client over an event client. Calls made before the current task's microtasks run
 * (all effects of one React commit) go out together: one camera as reqVideoStream, more in
 * reqVideoStreams calls of at most `VideoPlayer.streamsPerCall`. A refused camera rejects with the
 * server's message like a single call would; an aborted request rejects with AbortedError (the
 * shared call goes on for the others).
 */
export function createStreamAddressClient(callEvent: CallEvent): RequestStreamAddress {
  let queue: Waiting[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += VideoPlayer.streamsPerCall) {
      const group = batch.slice(i, i + VideoPlayer.streamsPerCall);
      if (group.length === 1) {
        const [w] = group as [Waiting];
        callEvent('reqVideoStream', { robotId: w.camera.robotId, cameraId: w.camera.cameraId }).then(w.resolve, w.reject);
        continue;
      }
      const cameras: ParamOf<'reqVideoStreams'>['cameras'] = group.map((w) => ({ robotId: w.camera.robotId, cameraId: w.camera.cameraId }));
      callEvent('reqVideoStreams', { cameras }).then(
        ({ streams }) => {
          for (const w of group) {
            const item = streams.find((s) => s.robotId === w.camera.robotId && s.cameraId === w.camera.cameraId);
            if (!item) w.reject(new EventError(0, 'no stream address', 'reqVideoStreams'));
            else if ('statusInfo' in item) w.reject(new EventError(item.statusCode, item.statusInfo, 'reqVideoStreams'));
            else w.resolve(item);
          }
        },
        (err: unknown) => group.forEach((w) => w.reject(err)),
      );
    }
  };
  return (camera, options = {}) => {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(new AbortedError());
    return new Promise<StreamAnswer>((resolve, reject) => {
      const onAbort = () => reject(new AbortedError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      queue.push({
        camera,
        resolve: (a) => {
          done();
          resolve(a);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      if (queue.length === 1) queueMicrotask(flush);
    });
  };
}

/** The websocket origin of live video (ws(s)://host): from /config.json's websocket address, else this page's. */
export function liveVideoOrigin(wsUrl: string | undefined, location: Pick<Location, 'protocol' | 'host'>): string {
  if (wsUrl) return wsUrl.replace(/\/ws$/, '');
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
}

/**
 * The address a player opens for a stream path of the server's answer. No token: the shared
 * video socket sends it in its first message (ui/live-mux.ts).
 */
export function liveStreamUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}
