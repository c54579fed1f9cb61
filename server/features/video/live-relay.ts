import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import type { LiveStream } from '../../../common/camera';
import { encodeTag, flvHeader, isKeyFrame, type FlvTag } from './flv';

/** Why a stream cannot start or stopped (a WebSocket close code and reason). */
export interface Refusal {
  code: number;
  reason: string;
}

/** A viewer's side of a stream: bytes go here; `full` says the viewer is behind. */
export interface Sink {
  send(bytes: Buffer): void;
  full(): boolean;
  end(refusal: Refusal): void;
}

/**
 * Reads an FLV byte stream as it arrives: the header, then whole tags. Chunks are only joined once
 * the next tag is complete, so a large tag (a 720p key frame) arriving in many small chunks costs
 * linear time, not a copy of everything so far per chunk.
 */
export class FlvDemux {
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes needed before anything can be read: the file header, then the next tag whole. */
  private need = 13;
  header: { hasAudio: boolean; hasVideo: boolean } | null = null;

  /** Takes a chunk; returns the tags it completed. Throws on a stream that is not FLV. */
  push(chunk: Buffer): FlvTag[] {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.length < this.need) return [];
    let buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    const keep = (rest: Buffer, need: number) => {
      this.chunks = rest.length ? [rest] : [];
      this.length = rest.length;
      this.need = need;
    };
    if (!this.header) {
      if (buf.toString('ascii', 0, 3) !== 'FLV') throw new Error('not an FLV stream');
      const flags = buf[4]!;
      const skip = buf.readUInt32BE(5) + 4;
      if (buf.length < skip) {
        keep(buf, skip);
        return [];
      }
      this.header = { hasAudio: (flags & 4) !== 0, hasVideo: (flags & 1) !== 0 };
      buf = buf.subarray(skip);
    }
    const tags: FlvTag[] = [];
    let pos = 0;
    let need = 11;
    while (pos + 11 <= buf.length) {
      const size = buf.readUIntBE(pos + 1, 3);
      if (size > 8 * 1024 * 1024) throw new Error('FLV tag too large');
      if (pos + 11 + size + 4 > buf.length) {
        need = 11 + size + 4;
        break;
      }
      const type = buf[pos]! & 0x1f;
      const timestamp = buf.readUIntBE(pos + 4, 3) | (buf[pos + 7]! << 24);
      tags.push({ type, timestamp, body: Buffer.from(buf.subarray(pos + 11, pos + 11 + size)) });
      pos += 11 + size + 4;
    }
    keep(buf.subarray(pos), need);
    return tags;
  }
}

/** An AVC end of sequence (a clip's last tag): live, the sequence does not end. */
const isAvcEnd = (t: FlvTag) => t.type === 9 && (t.body[0]! & 0x0f) === 7 && t.body[1] === 2;
/** A key frame that pictures can be decoded from (not an AVC end of sequence, which is flagged key too). */
const startsGop = (t: FlvTag) => isKeyFrame(t) && ((t.body[0]! & 0x0f) !== 7 || t.body[1] === 1);
const isConfig = (t: FlvTag) => (t.type === 9 && (t.body[0]! & 0x0f) === 7 && t.body[1] === 0) || (t.type === 8 && t.body[0]! >> 4 === 10 && t.body[1] === 0);

interface Viewer {
  sink: Sink;
  /** Behind: skips frames until the next key frame, so its decoder never sees a broken picture. */
  waitingKey: boolean;
}

/** How the relay asks the robot to push and to stop (MQTT commands through the gateway). */
export interface PushControl {
  /**
   * Asks the robot to push the camera's `stream` (main or sub) to `url` (its recording from `from` for
   * a replay); resolves true when it will, false when it refuses or does not answer, or the refusal viewers get.
   */
  start(robotId: string, cameraId: number, url: string, from: string | undefined, stream: LiveStream): Promise<boolean | Refusal>;
  stop(robotId: string, cameraId: number, url: string): void;
}

/** Seconds a robot may take to open its push after accepting the command. */
const CONNECT_TIMEOUT_MS = 10_000;
/** How long a push stays up after its last viewer left (a viewer that reconnects finds it running). */
const LINGER_MS = 3_000;

/**
 * One camera's live stream on this replica: the robot pushes it here (FLV over WebSocket to
 * `/ingest/<robotId>/<camera>?key=…`) only while someone on this replica watches, and the relay
 * copies each tag to every viewer. A viewer who joins mid-stream gets the header, the codec
 * configuration and the tags since the last key frame, so it starts at once.
 */
class Relay {
  readonly viewers = new Set<Viewer>();
  private ingest: WebSocket | null = null;
  private demux = new FlvDemux();
  private config: FlvTag[] = [];
  private gop: FlvTag[] = [];
  private connectTimer: NodeJS.Timeout | null = null;
  private lingerTimer: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    readonly robotId: string,
    readonly cameraId: number,
    readonly url: string,
    private readonly control: PushControl,
    private readonly onEnd: () => void,
    /** A replay's moment (ISO): the robot pushes its recording from then, for this one viewer. */
    readonly from: string | undefined,
    /** The camera's main or sub stream. */
    readonly stream: LiveStream,
  ) {}

  /** Asks the robot to push; viewers are refused when it will not. */
  async request(): Promise<void> {
    this.connectTimer = setTimeout(() => this.end({ code: 4410, reason: 'video offline' }), CONNECT_TIMEOUT_MS);
    const ok = await this.control.start(this.robotId, this.cameraId, this.url, this.from, this.stream).catch(() => false);
    if (ok !== true) this.end(ok || { code: 4410, reason: 'video offline' });
  }

  add(sink: Sink): () => void {
    const viewer: Viewer = { sink, waitingKey: false };
    this.viewers.add(viewer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.demux.header && this.gop.length) sink.send(this.opening());
    else viewer.waitingKey = true; // the opening goes out with the first key frame
    return () => {
      this.viewers.delete(viewer);
      // A replay is its viewer's alone: it stops as soon as the viewer leaves.
      if (this.viewers.size === 0 && !this.ended) this.lingerTimer = setTimeout(() => this.end(null), this.from ? 0 : LINGER_MS);
    };
  }

  /** The robot's push arrived (its key matched). */
  attach(socket: WebSocket): void {
    if (this.ingest || this.ended) return socket.close(4409, 'already pushing');
    this.ingest = socket;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return;
      // A push the relay cannot read ends this stream, never the server.
      try {
        for (const tag of this.demux.push(data as Buffer)) this.take(tag);
      } catch {
        this.end({ code: 4410, reason: 'video offline' });
      }
    });
    socket.on('close', () => {
      // A replay's push closes normally when the recording ends.
      if (this.ingest === socket) this.end(this.from ? { code: 1000, reason: 'end of recording' } : { code: 4410, reason: 'video offline' });
    });
  }

  private take(tag: FlvTag): void {
    if (tag.type === 18) return; // a file's metadata ("duration …") means nothing live
    if (isConfig(tag)) {
      this.config = [...this.config.filter((c) => c.type !== tag.type), tag];
      return;
    }
    if ((tag.type !== 8 && tag.type !== 9) || isAvcEnd(tag)) return;
    const key = startsGop(tag);
    if (key) this.gop = [];
    if (this.gop.length < 1_000) this.gop.push(tag);
    const bytes = encodeTag(tag.type, tag.timestamp, tag.body);
    for (const v of this.viewers) {
      if (v.waitingKey) {
        if (!key || v.sink.full()) continue;
        v.waitingKey = false;
        v.sink.send(this.opening());
        continue;
      }
      if (v.sink.full()) {
        v.waitingKey = true;
        continue;
      }
      v.sink.send(bytes);
    }
  }

  /** What a viewer gets first: the header, the codec configuration, the tags since the last key frame. */
  private opening(): Buffer {
    const h = this.demux.header!;
    const t0 = this.gop[0]?.timestamp ?? 0;
    return Buffer.concat([flvHeader(h.hasAudio, h.hasVideo), ...this.config.map((c) => encodeTag(c.type, t0, c.body)), ...this.gop.map((t) => encodeTag(t.type, t.timestamp, t.body))]);
  }

  /** Stops the push (and the viewers, with `refusal`). */
  end(refusal: Refusal | null): void {
    if (this.ended) return;
    this.ended = true;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.control.stop(this.robotId, this.cameraId, this.url);
    const socket = this.ingest;
    this.ingest = null;
    socket?.close(1000, 'no viewers');
    for (const v of this.viewers) v.sink.end(refusal ?? { code: 4410, reason: 'video offline' });
    this.viewers.clear();
    this.onEnd();
  }
}

/** The id of a camera's shared live stream: main and sub of one camera are two streams, two pushes. */
const liveId = (robotId: string, cameraId: number, stream: LiveStream) => (stream === 'main' ? `${robotId}/${cameraId}` : `${robotId}/${cameraId}/${stream}`);

/** The live relays of this replica, by robot, camera and stream (main or sub). */
export class LiveRelays {
  private readonly relays = new Map<string, Relay>();

  constructor(
    private readonly control: PushControl,
    /** This replica's own address as robots reach it (its streams are pushed here, not through the balancer). */
    private readonly baseUrl: () => string,
  ) {}

  /**
   * Adds a viewer to a camera's stream (main unless `stream` says sub), asking the robot to push when
   * it is the stream's first; returns the remover.
   */
  watch(robotId: string, cameraId: number, camera: string, sink: Sink, stream: LiveStream = 'main'): () => void {
    const shared = this.relays.get(liveId(robotId, cameraId, stream));
    return shared ? shared.add(sink) : this.begin(this.open(robotId, cameraId, camera, undefined, stream), sink);
  }

  /**
   * A replay (history video from a moment): a stream of its own for this one viewer, never shared
   * with live viewers or other replays; the robot pushes its recording from `from` (ISO).
   */
  replay(robotId: string, cameraId: number, camera: string, from: string, sink: Sink, stream: LiveStream = 'main'): () => void {
    return this.begin(this.open(robotId, cameraId, camera, from, stream), sink);
  }

  /** A new stream with a one-time ingest key: a camera's shared live stream (main or sub), or (with `from`) a replay kept under its key. */
  private open(robotId: string, cameraId: number, camera: string, from: string | undefined, stream: LiveStream): Relay {
    const key = crypto.randomBytes(16).toString('hex');
    const id = from ? `${robotId}/${cameraId}/${key}` : liveId(robotId, cameraId, stream);
    const url = `${this.baseUrl().replace(/^http/, 'ws')}/ingest/${encodeURIComponent(robotId)}/${camera}?key=${key}`;
    const relay: Relay = new Relay(robotId, cameraId, url, this.control, () => {
      if (this.relays.get(id) === relay) this.relays.delete(id);
    }, from, stream);
    this.relays.set(id, relay);
    return relay;
  }

  /** Adds the first viewer and asks the robot to push. */
  private begin(relay: Relay, sink: Sink): () => void {
    const remove = relay.add(sink);
    void relay.request();
    return remove;
  }

  /** The robot's push for a camera (live main or sub, or a replay by its key), if its key is the one this replica handed out. */
  ingest(robotId: string, cameraId: number, key: string, socket: WebSocket): boolean {
    if (!/^[0-9a-f]{32}$/.test(key)) return false;
    const ids = [liveId(robotId, cameraId, 'main'), liveId(robotId, cameraId, 'sub'), `${robotId}/${cameraId}/${key}`];
    const relay = ids.map((id) => this.relays.get(id)).find((r) => r?.url.endsWith(`key=${key}`));
    if (!relay) return false;
    relay.attach(socket);
    return true;
  }

  /** Ends every stream (the server stops). */
  close(): void {
    for (const r of [...this.relays.values()]) r.end({ code: 1001, reason: 'server stopping' });
  }

  get size(): number {
    return this.relays.size;
  }
}
