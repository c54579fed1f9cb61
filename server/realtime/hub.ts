import type { WebSocket } from 'ws';
import { Realtime } from '../../common/constants';
import { robotTopic, type ClientMessage, type ServerMessage } from '../../common/protocol';
import type { Session } from '../auth/sessions';

interface Client {
  socket: WebSocket;
  session: Session;
  topics: Set<string>;
  lastEcho: number;
}

/** Decides whether a session may subscribe to a topic, and gives the snapshot sent first. */
export interface TopicPolicy {
  snapshot(session: Session, topic: string): Promise<unknown | null>;
}

/**
 * Realtime fan-out: subscriptions per socket, a heartbeat every 5 s that clients echo,
 * sockets that miss more than 3 are dropped. Messages are serialised once per push.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byTopic = new Map<string, Set<Client>>();
  private timer: NodeJS.Timeout | null = null;
  /** Policies of other topic kinds (the part before the first '/'), e.g. `alarms`. */
  private readonly kindPolicies = new Map<string, TopicPolicy>();

  constructor(
    private readonly policy: TopicPolicy,
    private readonly heartbeatMs: number = Realtime.heartbeatMs,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.clients) c.socket.close(1001, 'server stopping');
  }

  /** Adopts an authenticated socket, with any messages it sent before it was authenticated. */
  attach(socket: WebSocket, session: Session, early: string[] = []): void {
    const client: Client = { socket, session, topics: new Set(), lastEcho: Date.now() };
    this.clients.add(client);
    socket.on('message', (raw) => void this.onMessage(client, raw.toString()));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
    this.send(client, { type: 'heartbeat', t: Date.now() });
    for (const text of early) void this.onMessage(client, text);
  }

  /** Sends a push to every subscriber of a topic. */
  publish(topic: string, event: string, data: unknown): void {
    const subs = this.byTopic.get(topic);
    if (!subs || subs.size === 0) return;
    const text = JSON.stringify({ type: 'push', topic, event, data });
    for (const c of subs) if (c.socket.readyState === 1) c.socket.send(text);
  }

  /** Adds the policy of a topic kind (`alarms`, `alarms/…`); the constructor's policy serves the rest. */
  addTopicKind(kind: string, policy: TopicPolicy): void {
    this.kindPolicies.set(kind, policy);
  }

  /** Sends a push to the subscribers of a topic whose session passes `allow` (per-tenant fan-out). */
  publishTo(topic: string, event: string, data: unknown, allow: (session: Session) => boolean): void {
    const subs = this.byTopic.get(topic);
    if (!subs || subs.size === 0) return;
    const text = JSON.stringify({ type: 'push', topic, event, data });
    for (const c of subs) if (c.socket.readyState === 1 && allow(c.session)) c.socket.send(text);
  }

  /** Publishes a robot's change on its topic. */
  publishRobot(robotId: string, event: string, data: unknown): void {
    this.publish(robotTopic(robotId), event, data);
  }

  /** Closes the sockets of a revoked session. */
  dropSession(tokenHash: string): void {
    for (const c of this.clients) if (c.session.tokenHash === tokenHash) c.socket.close(4403, 'session ended');
  }

  get size(): number {
    return this.clients.size;
  }

  private async onMessage(client: Client, text: string): Promise<void> {
    try {
      await this.handle(client, text);
    } catch {
      this.send(client, { type: 'error', message: 'server error' });
    }
  }

  private async handle(client: Client, text: string): Promise<void> {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(text) as ClientMessage;
    } catch {
      return this.send(client, { type: 'error', message: 'malformed message' });
    }
    if (msg.type === 'heartbeat') {
      client.lastEcho = Date.now();
    } else if (msg.type === 'subscribe' && typeof msg.topic === 'string') {
      const policy = this.kindPolicies.get(msg.topic.split('/')[0]!) ?? this.policy;
      const snapshot = await policy.snapshot(client.session, msg.topic);
      if (snapshot === null) return this.send(client, { type: 'error', message: `cannot subscribe to ${msg.topic}` });
      client.topics.add(msg.topic);
      let set = this.byTopic.get(msg.topic);
      if (!set) this.byTopic.set(msg.topic, (set = new Set()));
      set.add(client);
      this.send(client, { type: 'push', topic: msg.topic, event: 'snapshot', data: snapshot });
    } else if (msg.type === 'unsubscribe' && typeof msg.topic === 'string') {
      client.topics.delete(msg.topic);
      this.byTopic.get(msg.topic)?.delete(client);
    }
  }

  private beat(): void {
    const now = Date.now();
    const text = JSON.stringify({ type: 'heartbeat', t: now } satisfies ServerMessage);
    for (const c of this.clients) {
      if (now - c.lastEcho > this.heartbeatMs * (Realtime.missedHeartbeatTolerance + 1)) {
        c.socket.terminate();
        this.detach(c);
      } else if (c.socket.readyState === 1) c.socket.send(text);
    }
  }

  private send(client: Client, msg: ServerMessage): void {
    if (client.socket.readyState === 1) client.socket.send(JSON.stringify(msg));
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const t of client.topics) this.byTopic.get(t)?.delete(client);
  }
}
