/**
 * The realtime link of spec §4/§9 as a plain class (no DOM, no React): heartbeat echo,
 * refresh after more than `missedHeartbeatTolerance` missed heartbeats, reconnect every
 * `reconnectMs` at most `maxReconnectAttempts` times, then "failed". Subscriptions are
 * reference-counted per topic and re-sent after every (re)connection; the server answers
 * each subscribe with a fresh `snapshot` first.
 */
import { Realtime } from '@common/constants';
import { FLEET_TOPIC, SOCKET_UNAUTHORIZED, type ClientMessage, type PushMessage, type ServerMessage, type SocketAuthMessage } from '@common/protocol';

/** Close code the server uses for a missing or bad token. */
export const CLOSE_UNAUTHORIZED = SOCKET_UNAUTHORIZED;

/** Callbacks a socket reports to. */
export interface SocketHandlers {
  onOpen: () => void;
  onMessage: (data: string) => void;
  onClose: (code: number) => void;
}

/** The little the link needs from a socket. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
}

/** Opens a socket to a URL reporting to the handlers. */
export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

/** Timer functions (injectable for fake timers). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/** Where the link stands. */
export type LinkStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

/** Snapshot of the link for the UI. */
export interface LinkState {
  status: LinkStatus;
  /** The spec's connected flag: false from the moment the socket closes. */
  connected: boolean;
  /** Reconnect attempts made since the last successful connection. */
  attempts: number;
}

/** One push delivered to topic listeners. */
export interface TopicMessage {
  topic: string;
  event: string;
  data: unknown;
}

/** A topic listener. */
export type TopicListener = (message: TopicMessage) => void;

/** Options of a realtime link. */
export interface RealtimeLinkOptions {
  /** The socket address (no token: it goes in the first message); evaluated on every (re)connection. */
  url: () => string;
  /** The session token, sent as the first message of every socket, `{type:"auth", token}`; evaluated on every (re)connection. */
  token?: () => string | null | undefined;
  createSocket: SocketFactory;
  timers?: Timers;
  timings?: Partial<typeof Realtime>;
  /** Called once when the reconnect attempts are exhausted. */
  onFailed?: () => void;
  /** Called when the server closes the socket for a bad token. */
  onUnauthorized?: () => void;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/** The socket link with heartbeat, refresh, reconnect and topic subscriptions. */
export class RealtimeLink {
  private readonly timers: Timers;
  private readonly timings: typeof Realtime;
  private socket: SocketLike | undefined;
  /** Incremented for every socket so late callbacks of an old socket are ignored. */
  private generation = 0;
  private open = false;
  private started = false;
  private missed = 0;
  private watchdog: unknown;
  private reconnectTimer: unknown;
  private state: LinkState = { status: 'idle', connected: false, attempts: 0 };
  private readonly topics = new Map<string, Set<TopicListener>>();
  private readonly stateListeners = new Set<() => void>();

  constructor(private readonly options: RealtimeLinkOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.timings = { ...Realtime, ...options.timings };
  }

  /** Opens the link (no-op when already started). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.setState({ status: 'connecting', connected: false, attempts: 0 });
    this.connect();
  }

  /** Closes the link and forgets pending reconnects (subscriptions are kept for the next start). */
  stop(): void {
    this.started = false;
    this.clearReconnect();
    this.dropSocket();
    this.setState({ status: 'idle', connected: false, attempts: 0 });
  }

  /** After "failed": try again from zero attempts (a user action). */
  retry(): void {
    this.stop();
    this.start();
  }

  /** Current state. */
  getState(): LinkState {
    return this.state;
  }

  /** Listens to state changes. */
  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Subscribes to a topic; returns the unsubscribe function (reference-counted per topic). */
  subscribe(topic: string, listener: TopicListener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      if (this.open) this.send({ type: 'subscribe', topic });
    } else if (this.open) {
      // A listener joining a topic already subscribed needs its snapshot too: the server answers every
      // subscribe with one (its sets are idempotent). Without it, a page subscribing to 'fleet' after the
      // shell's call ring waited for a snapshot forever (monitor overview's endless spinner, role sweep).
      this.send({ type: 'subscribe', topic });
    }
    // A wrapper so the same function may subscribe twice and be counted twice.
    const entry: TopicListener = (m) => listener(m);
    listeners.add(entry);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const set = this.topics.get(topic);
      if (!set) return;
      set.delete(entry);
      if (set.size === 0) {
        this.topics.delete(topic);
        if (this.open) this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  /** Number of listeners of a topic (for tests and diagnostics). */
  listenerCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  private setState(next: LinkState): void {
    const s = this.state;
    if (s.status === next.status && s.connected === next.connected && s.attempts === next.attempts) return;
    this.state = next;
    this.stateListeners.forEach((l) => l());
  }

  private send(message: ClientMessage | SocketAuthMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // A socket that is closing refuses sends; the close handler takes over.
    }
  }

  private connect(): void {
    const generation = ++this.generation;
    const mine = () => generation === this.generation;
    this.open = false;
    this.socket = this.options.createSocket(this.options.url(), {
      onOpen: () => mine() && this.handleOpen(),
      onMessage: (data) => mine() && this.handleMessage(data),
      onClose: (code) => mine() && this.handleClose(code),
    });
  }

  private handleOpen(): void {
    // The token first: the server accepts nothing before it.
    if (this.options.token) this.send({ type: 'auth', token: this.options.token() ?? '' });
    this.open = true;
    this.missed = 0;
    this.setState({ status: 'connected', connected: true, attempts: 0 });
    this.stopWatchdog();
    this.watchdog = this.timers.setInterval(() => {
      this.missed += 1;
      if (this.missed > this.timings.missedHeartbeatTolerance) this.refresh();
    }, this.timings.heartbeatMs);
    for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
  }

  private handleMessage(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'heartbeat') {
      this.missed = 0;
      this.send({ type: 'heartbeat', t: message.t });
    } else if (message.type === 'push') {
      this.deliver(message);
    } else if (message.type === 'batch' && Array.isArray(message.pushes)) {
      for (const push of message.pushes) this.deliver(push);
    }
  }

  /** Hands a push to its topic's listeners; a robot's push also reaches the `fleet` listeners. */
  private deliver(message: PushMessage): void {
    const own = this.topics.get(message.topic);
    const fleet = message.event !== 'snapshot' && message.topic.startsWith('robot/') ? this.topics.get(FLEET_TOPIC) : undefined;
    for (const l of [...(own ?? []), ...(fleet ?? [])]) {
      try {
        l({ topic: message.topic, event: message.event, data: message.data });
      } catch (error) {
        console.error('realtime listener failed', error);
      }
    }
  }

  private handleClose(code: number): void {
    this.dropSocket();
    if (!this.started) return;
    if (code === CLOSE_UNAUTHORIZED) {
      this.started = false;
      this.setState({ status: 'failed', connected: false, attempts: this.state.attempts });
      this.options.onUnauthorized?.();
      return;
    }
    this.scheduleReconnect();
  }

  /** Close and reopen at once (too many missed heartbeats). */
  private refresh(): void {
    this.dropSocket();
    this.setState({ ...this.state, status: 'reconnecting', connected: false });
    this.connect();
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    const attempts = this.state.attempts;
    if (attempts >= this.timings.maxReconnectAttempts) {
      this.started = false;
      this.setState({ status: 'failed', connected: false, attempts });
      this.options.onFailed?.();
      return;
    }
    this.setState({ status: 'reconnecting', connected: false, attempts });
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = undefined;
      this.setState({ status: 'reconnecting', connected: false, attempts: attempts + 1 });
      this.connect();
    }, this.timings.reconnectMs);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== undefined) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private stopWatchdog(): void {
    if (this.watchdog !== undefined) this.timers.clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  private dropSocket(): void {
    this.stopWatchdog();
    const socket = this.socket;
    this.socket = undefined;
    this.open = false;
    this.generation += 1;
    if (socket) {
      try {
        socket.close();
      } catch {
        /* already closed */
      }
    }
    if (this.state.connected) this.setState({ ...this.state, connected: false });
  }
}
