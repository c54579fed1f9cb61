import { decodePathPart, onSocketMessage } from '../../http/socket-guard';
import type { FastifyInstance } from 'fastify';
import { BAD_STREAM_REASON, CAMERA_NAMES, liveStreamOf, type LiveStream } from '../../../common/camera';
import type { WebSocket } from 'ws';
import { visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import { revokes, type Session } from '../../auth/sessions';
import { LiveRelays, type Refusal, type Sink } from './live-relay';
import { authenticateSocket } from '../../http/socket-auth';
import { PushHolds } from './push-policy';
import { subjectCan } from '../../../common/access';

/** Camera names in the order of spec §3 (0 front, 1 back, 2 left, 3 right, 4 infrared). */
export const CAMERAS = CAMERA_NAMES;

/** WebSocket close codes of the live video routes (also the `code` of a multiplexed stream's `closed`). */
export const VideoClose = { badStream: 4400, badToken: 4403, notFound: 4404, offline: 4410, noRecording: 4416 } as const;

/** A replay's `from` (ISO 8601 or epoch milliseconds) as ISO, or null when it is no moment. */
export function replayMoment(from: unknown): string | null {
  if (typeof from !== 'string' || from === '') return null;
  const d = new Date(/^\d+$/.test(from) ? Number(from) : from);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * A multiplexed `open`'s path: `/live/<robotId>/<camera>`, maybe with `?from=…` and/or `?stream=…`
 * (each at most once, nothing else); the parts percent-decoded, null for any other path.
 */
export function parseMuxPath(path: unknown): { robotId: string; camera: string; from?: string; stream?: string } | null {
  const m = typeof path === 'string' ? /^\/live\/([^/?#]+)\/([^/?#]+)(?:\?([^#]*))?$/.exec(path) : null;
  const robotId = m && decodePathPart(m[1]!);
  const camera = m && decodePathPart(m[2]!);
  if (robotId === null || camera === null) return null;
  const out: { robotId: string; camera: string; from?: string; stream?: string } = { robotId, camera };
  for (const part of m![3] === undefined ? [] : m![3].split('&')) {
    const kv = /^(from|stream)=([^&]*)$/.exec(part);
    const value = kv && decodePathPart(kv[2]!);
    const name = kv?.[1] as 'from' | 'stream' | undefined;
    // A replay's moment is never empty; an empty `stream` is refused as a bad stream.
    if (!name || value === null || out[name] !== undefined || (name === 'from' && value === '')) return null;
    out[name] = value;
  }
  return out;
}

/** The largest number of streams one multiplexed connection may carry (a wall shows at most 16). */
const MUX_MAX_STREAMS = 32;
/** Multiplexed message: 2-byte stream id (big-endian), then that stream's FLV bytes. */
const MUX_HEADER = 2;

/**
 * Live camera video as FLV over WebSocket (flv.js plays `ws://` URLs):
 * - `/live/<robotId>/<camera>` — one socket, one stream; `?stream=sub` asks for the camera's sub
 *   stream (low resolution, for wall tiles), `?stream=main` or nothing for its main stream; any other
 *   value closes with 4400 `stream must be main or sub`. Main and sub are separate pushes and relays;
 * - `/live-mux` — one socket, many streams: the console opens each camera with a text
 *   message `{"type":"open","id":n,"path":"/live/<robotId>/<camera>"}` and gets binary messages
 *   prefixed with the 2-byte id. Browsers open WebSockets to one host one handshake at a time
 *   (RFC 6455 §4.1), so sixteen sockets start the last tile hundreds of milliseconds late; one
 *   socket does not (bench/video-wall.ts).
 * Both take the session token in their first message, `{"type":"auth","token":"…"}` (never in the
 * URL: http/socket-auth.ts); a missing or bad token closes the socket with 4403.
 * Robots send their own video (live-relay.ts): when the first viewer on this replica opens a camera,
 * the robot is asked over MQTT (`videoPush`) to push that camera as FLV over WebSocket to this
 * replica's `/ingest/<robotId>/<camera>?key=<one-time key>`; the replica copies it to every viewer
 * and asks the robot to stop (`videoPushStop`) a few seconds after the last one left (data-saving
 * mode "push only when viewed"; "always" and "during patrol" hold streams on the leader:
 * push-policy.ts). No server code
 * plays files on a robot's behalf (the simulator pushes its clips the same way).
 * A replay is the same route with `?from=<ISO or epoch ms>` (history video from a moment, issue 22):
 * it needs video:read, gets a push of its own (never shared), the robot is asked `videoPush` with
 * `from` and pushes its recording from then; a moment without recording closes with 4416.
 */
export function registerLiveVideo(app: FastifyInstance, svc: Services): void {
  const relays = new LiveRelays(
    {
      start: async (robotId, cameraId, url, from, stream) => {
        // `stream` only for the sub stream: main is the default a robot without sub streams pushes.
        const reply = await svc.gateway?.request(robotId, 'videoPush', { cameraId, url, ...(from ? { from } : {}), ...(stream === 'sub' ? { stream } : {}) });
        if (reply?.result !== 'accepted') return false;
        if ((reply.data as { errorCode?: number } | undefined)?.errorCode) return { code: VideoClose.noRecording, reason: 'no recording at that moment' };
        return true;
      },
      stop: (robotId, cameraId, url) => void svc.gateway?.request(robotId, 'videoPushStop', { cameraId, url }, 1_000),
    },
    () => svc.config.advertiseUrl ?? svc.url ?? '',
  );
  // Spec §9 data-saving modes: what robots push although nobody watches (push-policy.ts), held by the leader.
  const holds = new PushHolds(svc, relays);
  holds.start();
  app.addHook('onClose', async () => {
    holds.stop();
    relays.close();
  });
  // A session that ends (logout, disable, password or role change, on any replica) closes its video sockets.
  const watching = new Map<WebSocket, Session>();
  const offEnd = svc.sessions.onEnd((r) => {
    for (const [socket, session] of watching) if (revokes(r, session)) socket.close(VideoClose.badToken, 'session ended');
  });
  app.addHook('onClose', async () => offEnd());

  // The robot's push: its key is the one-time key handed out with videoPush (no session token).
  app.get('/ingest/:robotId/:camera', { websocket: true }, (socket, req) => {
    const { robotId, camera } = req.params as { robotId: string; camera: string };
    const cameraId = (CAMERAS as readonly string[]).indexOf(camera);
    const key = String((req.query as { key?: string }).key ?? '');
    if (cameraId < 0 || !relays.ingest(robotId, cameraId, key, socket)) socket.close(VideoClose.badToken, 'no such push');
  });

  /** Checks the caller may watch the camera and starts it into the sink; returns the stop function or the refusal. */
  const start = async (
    session: Session,
    robotId: string,
    camera: string,
    sink: Sink,
    scope: () => Promise<number[] | null> = () => visibleCompanyIds(svc.db, session),
    /** A replay's moment (ISO); live when absent. */
    from: string | undefined,
    /** The camera's main or sub stream. */
    stream: LiveStream,
  ): Promise<(() => void) | Refusal> => {
    const name = /^\d$/.test(camera) ? CAMERAS[Number(camera)] : (CAMERAS as readonly string[]).includes(camera) ? camera : undefined;
    const robot = svc.fleet.get(robotId);
    const ids = robot ? await scope() : null;
    if (!robot || !name || (ids !== null && !ids.includes(robot.companyId))) return { code: VideoClose.notFound, reason: 'no such camera' };
    // Recordings are history video: who may browse them (video:read, general users too) may replay them.
    if (from !== undefined && !subjectCan(session, 'video:read')) return { code: VideoClose.badToken, reason: 'no permission' };
    if (!robot.online || !robot.videoOnline) return { code: VideoClose.offline, reason: 'video offline' };
    const cameraId = CAMERAS.indexOf(name as (typeof CAMERAS)[number]);
    const leave = from !== undefined ? relays.replay(robotId, cameraId, name, from, sink, stream) : relays.watch(robotId, cameraId, name, sink, stream);
    const stopIfOffline = svc.fleet.onChange((id, event, data) => {
      if (id === robotId && event === 'status' && !(data as { videoOnline?: number }).videoOnline) {
        stop();
        sink.end({ code: VideoClose.offline, reason: 'video offline' });
      }
    });
    const stop = () => {
      leave();
      stopIfOffline();
    };
    return stop;
  };

  app.get('/live/:robotId/:camera', { websocket: true }, async (socket, req) => {
    const { robotId, camera } = req.params as { robotId: string; camera: string };
    const auth = await authenticateSocket(socket, req.query, svc.sessions);
    if (!auth) return;
    const { session } = auth;
    const open = () => socket.readyState === 1;
    const query = req.query as { from?: unknown; stream?: unknown };
    const stream = liveStreamOf(query.stream);
    if (stream === null) return socket.close(VideoClose.badStream, BAD_STREAM_REASON);
    const from = query.from === undefined ? undefined : replayMoment(query.from);
    if (from === null) return socket.close(VideoClose.noRecording, 'no recording at that moment');
    // Watched from now: a session that ends while the camera starts closes the socket too.
    watching.set(socket, session);
    const started = await start(session, robotId, camera, {
      send: (bytes) => open() && socket.send(bytes),
      full: () => !open() || socket.bufferedAmount > 512 * 1024,
      end: (r) => socket.close(r.code, r.reason),
    }, undefined, from, stream);
    if (typeof started !== 'function') {
      watching.delete(socket);
      return socket.close(started.code, started.reason);
    }
    if (!open()) {
      watching.delete(socket);
      return started();
    }
    socket.on('close', () => {
      watching.delete(socket);
      started();
    });
  });

  app.get('/live-mux', { websocket: true }, async (socket: WebSocket, req) => {
    const auth = await authenticateSocket(socket, req.query, svc.sessions);
    if (!auth) return;
    const { session } = auth;
    watching.set(socket, session);
    socket.on('close', () => watching.delete(socket));
    /** Open streams by id; `stop` is set once started, `dead` when closed meanwhile. */
    const streams = new Map<number, { stop?: () => void; dead?: boolean }>();
    // The caller's company scope, read once for a burst of opens (a wall opens 16 at once) and again after 10 s.
    let scope: { at: number; ids: Promise<number[] | null> } | null = null;
    const scopeIds = () => {
      if (!scope || Date.now() - scope.at > 10_000) scope = { at: Date.now(), ids: visibleCompanyIds(svc.db, session) };
      return scope.ids;
    };
    const open = () => socket.readyState === 1;
    const closed = (id: number, r: Refusal) => open() && socket.send(JSON.stringify({ type: 'closed', id, code: r.code, reason: r.reason }));
    const stop = (id: number) => {
      const s = streams.get(id);
      streams.delete(id);
      if (!s) return;
      s.dead = true;
      s.stop?.();
    };
    const handle = (data: Buffer, isBinary: boolean): unknown => {
      if (isBinary) return;
      let msg: { type?: string; id?: unknown; path?: unknown };
      try {
        msg = JSON.parse(data.toString()) as typeof msg;
      } catch {
        return;
      }
      const id = msg.id;
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 0xffff) return;
      if (msg.type === 'close') return stop(id);
      if (msg.type !== 'open') return;
      // `?stream=main|sub`; a replay: `?from=<ISO or epoch ms>`.
      const p = parseMuxPath(msg.path);
      if (!p) return closed(id, { code: VideoClose.notFound, reason: 'no such camera' });
      const { robotId, camera } = p;
      const stream = liveStreamOf(p.stream);
      if (stream === null) return closed(id, { code: VideoClose.badStream, reason: BAD_STREAM_REASON });
      const from = p.from === undefined ? undefined : replayMoment(p.from);
      if (from === null) return closed(id, { code: VideoClose.noRecording, reason: 'no recording at that moment' });
      if (streams.has(id)) stop(id);
      if (streams.size >= MUX_MAX_STREAMS) return closed(id, { code: VideoClose.notFound, reason: `at most ${MUX_MAX_STREAMS} streams per connection` });
      const entry: { stop?: () => void; dead?: boolean } = {};
      streams.set(id, entry);
      const prefix = Buffer.alloc(MUX_HEADER);
      prefix.writeUInt16BE(id);
      void start(session, robotId, camera, {
        send: (bytes) => open() && socket.send(Buffer.concat([prefix, bytes])),
        // Sixteen streams share the socket: a larger allowance before skipping a beat.
        full: () => !open() || socket.bufferedAmount > 2 * 1024 * 1024,
        end: (r) => {
          if (streams.get(id) === entry) streams.delete(id);
          closed(id, r);
        },
      }, scopeIds, from, stream).then((started) => {
        // Closed (or reopened under the same id) while it was starting: stop this one.
        if (entry.dead) return typeof started === 'function' && started();
        if (typeof started === 'function') entry.stop = started;
        else {
          streams.delete(id);
          closed(id, started);
        }
      }, (err: unknown) => {
        req.log.warn({ err: (err as Error).message }, 'live-mux: a stream failed to start');
        if (streams.get(id) === entry) streams.delete(id);
        closed(id, { code: VideoClose.offline, reason: 'video offline' });
      });
    };
    // First what followed the auth message while its token was checked, then what comes.
    onSocketMessage(socket, req.log, 'live-mux', handle, auth.early);
    socket.on('close', () => [...streams.keys()].forEach(stop));
  });
}
