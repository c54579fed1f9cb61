/**
 * Many live camera streams over one WebSocket per server (`/live-mux`, docs/protocol.md "Live
 * video"). Browsers open WebSockets to one host one handshake at a time (RFC 6455 §4.1), so a
 * wall of sixteen sockets starts its last tile hundreds of milliseconds after its first; one
 * shared socket starts them together. flv.js reads a stream through `muxLoaderClass`, a
 * custom loader (its `customLoader` option) that takes the stream's bytes from the shared socket.
 * The socket's first message carries the session token (`{type:"auth", token}`): never the URL.
 */
import type FlvJs from 'flv.js';
import type { SocketAuthMessage } from '@common/protocol';
import { getToken } from '../session/session-store';

/** What one stream hears from the shared socket. */
interface StreamHandlers {
  data(chunk: ArrayBuffer): void;
  /** The server ended the stream (close code of the single-stream route: 4404, 4410 …). */
  closed(code: number, reason: string): void;
  /** The shared socket failed or closed: a network error for the stream. */
  failed(message: string): void;
}

/** A stream on the shared socket. */
export interface MuxStream {
  close(): void;
}

/** How long a socket with no stream stays open (a layout switch closes and reopens tiles at once). */
const IDLE_CLOSE_MS = 5_000;
const HEADER = 2;

class MuxConnection {
  private readonly ws: WebSocket;
  private readonly streams = new Map<number, StreamHandlers>();
  private readonly queue: string[] = [];
  private nextId = 1;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  dead = false;

  constructor(
    url: string,
    token: string,
    private readonly onDead: () => void,
  ) {
    this.ws = new WebSocket(url);
    this.ws.binaryType = 'arraybuffer';
    // The token first (the server accepts nothing before it), then the streams asked for meanwhile.
    this.queue.push(JSON.stringify({ type: 'auth', token } satisfies SocketAuthMessage));
    this.ws.onopen = () => this.queue.splice(0).forEach((m) => this.ws.send(m));
    this.ws.onmessage = (e: MessageEvent) => this.message(e.data as ArrayBuffer | string);
    this.ws.onclose = (e: CloseEvent) => this.die(`live video connection closed (${e.code})`);
    this.ws.onerror = () => this.die('live video connection failed');
  }

  /** Closes the socket if no stream uses it within the idle time. */
  closeWhenIdle(): void {
    clearTimeout(this.idleTimer);
    if (this.streams.size === 0) this.idleTimer = setTimeout(() => this.streams.size === 0 && this.shut(), IDLE_CLOSE_MS);
  }

  open(path: string, handlers: StreamHandlers): MuxStream {
    clearTimeout(this.idleTimer);
    const id = this.nextId;
    this.nextId = this.nextId >= 0xffff ? 1 : this.nextId + 1;
    this.streams.set(id, handlers);
    this.send({ type: 'open', id, path });
    return {
      close: () => {
        if (!this.streams.delete(id)) return;
        this.send({ type: 'close', id });
        this.closeWhenIdle();
      },
    };
  }

  private send(message: object): void {
    if (this.dead) return;
    const text = JSON.stringify(message);
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  private message(data: ArrayBuffer | string): void {
    if (typeof data === 'string') {
      let m: { type?: string; id?: number; code?: number; reason?: string };
      try {
        m = JSON.parse(data) as typeof m;
      } catch {
        return;
      }
      if (m.type !== 'closed' || typeof m.id !== 'number') return;
      const h = this.streams.get(m.id);
      this.streams.delete(m.id);
      h?.closed(m.code ?? 0, m.reason ?? '');
      return;
    }
    if (data.byteLength <= HEADER) return;
    const id = new DataView(data).getUint16(0);
    this.streams.get(id)?.data(data.slice(HEADER));
  }

  private shut(): void {
    if (this.dead) return;
    this.dead = true;
    this.onDead();
    this.ws.onclose = this.ws.onerror = this.ws.onmessage = null;
    this.ws.close();
  }

  private die(message: string): void {
    if (this.dead) return;
    this.dead = true;
    this.onDead();
    const streams = [...this.streams.values()];
    this.streams.clear();
    streams.forEach((h) => h.failed(message));
  }
}

const connections = new Map<string, MuxConnection>();

/**
 * Opens a single-stream address (`ws(s)://host/live/<robot>/<camera>`, a replay with `?from=…`) on the host's shared
 * socket of the current session; null for any other address (an external media server), which
 * flv.js opens itself. A stream of the same address opened ahead (`preopenMuxStream`) is taken
 * over with the bytes it received so far.
 */
export function openMuxStream(url: string, handlers: StreamHandlers): MuxStream | null {
  const target = muxTarget(url);
  if (!target) return null;
  const token = getToken() ?? '';
  const ahead = takePreopened(`${url} ${token}`);
  return ahead ? ahead.attach(handlers) : connectionFor(target.muxUrl, token).open(target.path, handlers);
}

/** How long a stream opened ahead waits for its player before it is closed again. */
const PREOPEN_KEEP_MS = 5_000;
/** A stream opened ahead keeps at most this much before its player comes (a sub stream sends ~25 KB/s). */
const PREOPEN_MAX_BYTES = 4 * 1024 * 1024;

/** A stream opened before its player: what it hears is kept until the player attaches. */
class Preopened {
  private readonly chunks: ArrayBuffer[] = [];
  private bytes = 0;
  private ended: { closed: [number, string] } | { failed: string } | null = null;
  private handlers: StreamHandlers | null = null;
  private readonly stream: MuxStream;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    connection: MuxConnection,
    path: string,
    private readonly forget: () => void,
  ) {
    this.stream = connection.open(path, {
      data: (chunk) => {
        if (this.handlers) return this.handlers.data(chunk);
        this.chunks.push(chunk);
        this.bytes += chunk.byteLength;
        if (this.bytes > PREOPEN_MAX_BYTES) this.drop();
      },
      closed: (code, reason) => (this.handlers ? this.handlers.closed(code, reason) : (this.ended = { closed: [code, reason] })),
      failed: (message) => (this.handlers ? this.handlers.failed(message) : (this.ended = { failed: message })),
    });
    this.timer = setTimeout(() => this.drop(), PREOPEN_KEEP_MS);
  }

  /** Hands the stream to its player: the bytes so far at once (then an end heard meanwhile), the rest as they come. */
  attach(handlers: StreamHandlers): MuxStream {
    clearTimeout(this.timer);
    this.handlers = handlers;
    for (const chunk of this.chunks.splice(0)) handlers.data(chunk);
    const ended = this.ended;
    if (ended && 'closed' in ended) handlers.closed(...ended.closed);
    else if (ended) handlers.failed(ended.failed);
    return this.stream;
  }

  /** Nobody came for it (or it kept too much): closed. */
  drop(): void {
    clearTimeout(this.timer);
    this.forget();
    this.chunks.length = 0;
    this.stream.close();
  }
}

const preopened = new Map<string, Preopened>();

function takePreopened(key: string): Preopened | undefined {
  const p = preopened.get(key);
  preopened.delete(key);
  return p;
}

/**
 * Opens a stream on the shared socket before its player exists (a video wall as its stream
 * addresses arrive, while its tiles still render): the robot's push starts meanwhile, and the
 * player that opens the same address within a few seconds takes the stream with its bytes so far.
 * Does nothing for an address the shared socket does not carry, or one already opened ahead.
 */
export function preopenMuxStream(url: string): void {
  const target = muxTarget(url);
  const token = getToken() ?? '';
  const key = `${url} ${token}`;
  if (!target || preopened.has(key)) return;
  const entry: Preopened = new Preopened(connectionFor(target.muxUrl, token), target.path, () => preopened.get(key) === entry && preopened.delete(key));
  preopened.set(key, entry);
}

/** The shared socket's address and the stream's path for a single-stream address, or null. */
function muxTarget(url: string): { muxUrl: string; path: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  // A replay (history video from a moment) carries `from=…`, a sub stream `stream=…`; nothing else may follow the path.
  if (!/^wss?:$/.test(u.protocol) || !/^\/live\/[^/]+\/[^/]+$/.test(u.pathname) || !/^(\?(from|stream)=[^&#]+(&(from|stream)=[^&#]+)?)?$/.test(u.search)) return null;
  return { muxUrl: `${u.protocol}//${u.host}/live-mux`, path: `${u.pathname}${u.search}` };
}

/** The shared socket to a host for a session (another login gets its own). */
function connectionFor(muxUrl: string, token: string): MuxConnection {
  const key = `${muxUrl} ${token}`;
  let c = connections.get(key);
  if (!c || c.dead) {
    const fresh: MuxConnection = new MuxConnection(muxUrl, token, () => connections.get(key) === fresh && connections.delete(key));
    connections.set(key, (c = fresh));
  }
  return c;
}

/**
 * Opens the shared socket ahead of the players (a page that knows it will show cameras calls it
 * with the origin, e.g. `ws://host`, and the session token); closed again if nothing uses it.
 */
export function warmLiveVideo(wsOrigin: string, token: string): void {
  connectionFor(`${wsOrigin}/live-mux`, token).closeWhenIdle();
}

/** Whether an address can go over the shared socket. */
export function isMuxable(url: string): boolean {
  return muxTarget(url) !== null;
}

type FlvModule = typeof FlvJs;
let loaderClass: FlvJs.CustomLoaderConstructor | undefined;

/** The flv.js loader reading a stream from the shared socket (created once from the loaded flv.js). */
export function muxLoaderClass(flvjs: FlvModule): FlvJs.CustomLoaderConstructor {
  if (loaderClass) return loaderClass;
  const { BaseLoader, LoaderStatus, LoaderErrors } = flvjs as unknown as {
    BaseLoader: FlvJs.BaseLoaderConstructor;
    LoaderStatus: { kIdle: number; kConnecting: number; kBuffering: number; kError: number; kComplete: number };
    LoaderErrors: { EXCEPTION: FlvJs.LoaderErrors };
  };
  class MuxLoader extends BaseLoader {
    private stream: MuxStream | null = null;
    private received = 0;

    constructor() {
      super('mux-websocket-loader');
      this._needStash = true;
    }

    override destroy(): void {
      this.abort();
      super.destroy();
    }

    override open(dataSource: FlvJs.MediaSegment): void {
      this._status = LoaderStatus.kConnecting;
      this.stream = openMuxStream(dataSource.url, {
        data: (chunk) => {
          this._status = LoaderStatus.kBuffering;
          const start = this.received;
          this.received += chunk.byteLength;
          this.onDataArrival?.(chunk, start, this.received);
        },
        closed: () => {
          this.stream = null;
          this._status = LoaderStatus.kComplete;
          this.onComplete?.(0, this.received - 1);
        },
        failed: (msg) => {
          this.stream = null;
          this._status = LoaderStatus.kError;
          this.onError?.(LoaderErrors.EXCEPTION, { code: -1, msg });
        },
      });
      if (!this.stream) {
        this._status = LoaderStatus.kError;
        this.onError?.(LoaderErrors.EXCEPTION, { code: -1, msg: `not a live video address: ${dataSource.url}` });
      }
    }

    override abort(): void {
      this.stream?.close();
      this.stream = null;
      this._status = LoaderStatus.kComplete;
    }
  }
  return (loaderClass = MuxLoader as unknown as FlvJs.CustomLoaderConstructor);
}
