import type { WebSocket } from 'ws';
import { RoleId, subjectCan } from '../../common/access';
import { Realtime } from '../../common/constants';
import { FLEET_TOPIC, robotTopic, type ClientMessage, type ServerMessage } from '../../common/protocol';
import { TOPICS, type TopicSpec } from '../../common/events/topics';
import { revokes, type Revocation, type Session } from '../auth/sessions';

interface Client {
  socket: WebSocket;
  session: Session;
  topics: Set<string>;
  /** Companies whose robots reach this client through the `fleet` topic (null: every company). */
  fleet: Set<number> | null | undefined;
  /** Same key, same frame: clients watching the same things share one serialised batch. */
  key: string;
  lastEcho: number;
}

/** Decides whether a session may subscribe to a topic, and gives the snapshot sent first. */
export interface TopicPolicy {
  snapshot(session: Session, topic: string): Promise<unknown | null>;
  /** The companies a session sees (null: all); asked when a client subscribes to `fleet`. */
  scope?(session: Session): Promise<number[] | null>;
  /** The company a robot belongs to (for `fleet` subscribers). */
  companyOf?(robotId: string): number | undefined;
}

/**
 * Who receives a push of a shared topic: the sessions that hold `permission` and belong to one of
 * `companies` (the platform roles see every company). Plain data, so it travels to other replicas.
 */
export interface Audience {
  permission: string;
  companies: number[];
}

/** A push as it travels between replicas (every replica delivers it to its own sockets). */
export type RelayedPush =
  | { kind: 'topic'; topic: string; event: string; data: unknown; companyId?: number }
  | { kind: 'robot'; robotId: string; event: string; data: unknown }
  | { kind: 'audience'; topic: string; event: string; data: unknown; audience: Audience };

/** The declared topic whose pattern starts with `kind` (the part before the first '/'). */
export function declaredTopic(kind: string): TopicSpec | undefined {
  return Object.values(TOPICS as Record<string, TopicSpec>).find((t) => t.pattern.split('/')[0] === kind);
}

/** Whether a session is in an audience. */
export function inAudience(session: Session, audience: Audience): boolean {
  return (
    subjectCan(session, audience.permission) &&
    (session.roleId === RoleId.superAdmin || session.roleId === RoleId.platformAdmin || audience.companies.includes(session.companyId))
  );
}

/** One push waiting for the next flush, serialised once. */
interface Pending {
  topic: string;
  companyId: number | undefined;
  text: string;
}

/**
 * Realtime fan-out: subscriptions per socket, a heartbeat every 5 s that clients echo,
 * sockets that miss more than 3 are dropped. Every push is serialised once. With a batch
 * window (default 50 ms) pushes are queued and each client gets one frame per window holding
 * the pushes of its topics (`{type:'batch', pushes:[…]}`), instead of one frame per push.
 * `fleet` is a topic carrying every robot of the caller's company tree.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byTopic = new Map<string, Set<Client>>();
  private readonly fleetClients = new Set<Client>();
  private timer: NodeJS.Timeout | null = null;
  /** Policies of other topic kinds (the part before the first '/'), e.g. `alarms`. */
  private readonly kindPolicies = new Map<string, TopicPolicy>();
  private flushTimer: NodeJS.Timeout | null = null;
  private queue: Pending[] = [];
  /** In a cluster, feature pushes travel through the cluster bus to every replica (which calls `deliver`). */
  private relay: ((push: RelayedPush) => void) | null = null;

  constructor(
    private readonly policy: TopicPolicy,
    private readonly heartbeatMs: number = Realtime.heartbeatMs,
    private readonly batchMs: number = 50,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.queue = [];
    for (const c of this.clients) c.socket.close(1001, 'server stopping');
  }

  /** Adopts an authenticated socket, with any messages it sent before it was authenticated. */
  attach(socket: WebSocket, session: Session, early: string[] = []): void {
    const client: Client = { socket, session, topics: new Set(), fleet: undefined, key: '', lastEcho: Date.now() };
    this.clients.add(client);
    socket.on('message', (raw) => void this.onMessage(client, raw.toString()));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
    this.send(client, { type: 'heartbeat', t: Date.now() });
    for (const text of early) void this.onMessage(client, text);
  }

  /** Sends feature pushes through `relay` (the cluster bus), which hands them to `deliver` on every replica. */
  setRelay(relay: (push: RelayedPush) => void): void {
    this.relay = relay;
  }

  /** Delivers a push to this replica's sockets (what `relay` ends in on every replica). */
  deliver(push: RelayedPush): void {
    if (push.kind === 'topic') this.publishHere(push.topic, push.event, push.data, push.companyId);
    else if (push.kind === 'robot') this.publishHere(robotTopic(push.robotId), push.event, push.data, this.policy.companyOf?.(push.robotId));
    else this.publishToHere(push.topic, push.event, push.data, push.audience);
  }

  /** Sends a push to every subscriber of a topic on every replica (and, for a robot topic, to `fleet` subscribers of its company). */
  publish(topic: string, event: string, data: unknown, companyId?: number): void {
    if (this.relay) this.relay({ kind: 'topic', topic, event, data, ...(companyId === undefined ? {} : { companyId }) });
    else this.publishHere(topic, event, data, companyId);
  }

  private publishHere(topic: string, event: string, data: unknown, companyId?: number): void {
    const subs = this.byTopic.get(topic);
    if ((!subs || subs.size === 0) && (companyId === undefined || this.fleetClients.size === 0)) return;
    const text = JSON.stringify({ type: 'push', topic, event, data });
    if (this.batchMs <= 0) {
      for (const c of this.recipients(topic, companyId)) if (c.socket.readyState === 1) c.socket.send(text);
      return;
    }
    this.queue.push({ topic, companyId, text });
    this.flushTimer ??= setTimeout(() => this.flush(), this.batchMs);
  }

  /**
   * Adds the policy of a topic kind (`alarms`, `robot/…`: the part before the first '/'); each
   * feature adds the topics it publishes. The constructor's policy serves the rest.
   */
  addTopicKind(kind: string, policy: TopicPolicy): void {
    if (this.kindPolicies.has(kind)) throw new Error(`Realtime topic kind "${kind}" has two policies.`);
    const spec = declaredTopic(kind);
    if (!spec) throw new Error(`Realtime topic kind "${kind}" is not declared in common/events/topics.ts (TOPICS).`);
    // The declaration's rule is enforced here, before the feature's own snapshot: a `permission`
    // topic refuses sessions without the permission whatever the feature's policy answers.
    const rule = spec.rule;
    const guarded: TopicPolicy =
      rule.kind === 'permission'
        ? { ...policy, snapshot: async (session, topic) => (subjectCan(session, rule.permission) ? policy.snapshot(session, topic) : null) }
        : policy;
    this.kindPolicies.set(kind, guarded);
  }

  /** The topic kinds features registered (for the catalogue check). */
  topicKinds(): string[] {
    return [...this.kindPolicies.keys()];
  }

  private policyOf(topic: string): TopicPolicy {
    return this.kindPolicies.get(topic.split('/')[0]!) ?? this.policy;
  }

  /** Sends a push to the subscribers of a topic on every replica whose session is in `audience` (per-tenant fan-out). */
  publishTo(topic: string, event: string, data: unknown, audience: Audience): void {
    if (this.relay) this.relay({ kind: 'audience', topic, event, data, audience });
    else this.publishToHere(topic, event, data, audience);
  }

  private publishToHere(topic: string, event: string, data: unknown, audience: Audience): void {
    const subs = this.byTopic.get(topic);
    if (!subs || subs.size === 0) return;
    const text = JSON.stringify({ type: 'push', topic, event, data });
    for (const c of subs) if (c.socket.readyState === 1 && inAudience(c.session, audience)) c.socket.send(text);
  }

  /** Publishes a change made by this replica's work on a robot's topic, on every replica (and to `fleet` subscribers who see its company). */
  publishRobot(robotId: string, event: string, data: unknown): void {
    if (this.relay) this.relay({ kind: 'robot', robotId, event, data });
    else this.publishHere(robotTopic(robotId), event, data, this.policy.companyOf?.(robotId));
  }

  /** Publishes what a robot reported to this replica's sockets only: every replica hears the robot's live telemetry itself. */
  publishLive(robotId: string, event: string, data: unknown): void {
    this.publishHere(robotTopic(robotId), event, data, this.policy.companyOf?.(robotId));
  }

  /** Sends every subscriber of a topic a fresh snapshot (robots added or removed: the fleet changed). */
  async resnapshot(topic: string): Promise<void> {
    const clients = topic === FLEET_TOPIC ? [...this.fleetClients] : [...(this.byTopic.get(topic) ?? [])];
    for (const c of clients) {
      try {
        const snapshot = await this.policyOf(topic).snapshot(c.session, topic);
        if (snapshot === null) continue;
        if (topic === FLEET_TOPIC) {
          const scope = (await this.policy.scope?.(c.session)) ?? null;
          c.fleet = scope === null ? null : new Set(scope);
          this.rekey(c);
        }
        this.send(c, { type: 'push', topic, event: 'snapshot', data: snapshot });
      } catch {
        /* the next change sends again */
      }
    }
  }

  /**
   * Asks the policy again for every subscription of a topic kind (the robots or the company tree
   * changed): a subscription the session may no longer have ends, with an error frame naming it.
   */
  async recheck(kind: string): Promise<void> {
    const policy = this.policyOf(`${kind}/`);
    for (const [topic, subs] of this.byTopic) {
      if (topic.split('/')[0] !== kind) continue;
      for (const c of [...subs]) {
        const allowed = await policy.snapshot(c.session, topic).catch(() => null);
        if (allowed !== null) continue;
        subs.delete(c);
        c.topics.delete(topic);
        this.rekey(c);
        this.send(c, { type: 'error', message: `subscription ended: ${topic}` });
      }
    }
  }

  /** Closes the sockets of a revoked session (a token hash) or of every session of a user. */
  dropSession(r: Revocation): void {
    for (const c of this.clients) if (revokes(r, c.session)) c.socket.close(4403, 'session ended');
  }

  get size(): number {
    return this.clients.size;
  }

  private *recipients(topic: string, companyId: number | undefined): Iterable<Client> {
    const subs = this.byTopic.get(topic);
    if (subs) yield* subs;
    if (companyId === undefined) return;
    for (const c of this.fleetClients) if (!subs?.has(c) && (c.fleet === null || c.fleet?.has(companyId))) yield c;
  }

  private wants(c: Client, p: Pending): boolean {
    if (c.topics.has(p.topic)) return true;
    return p.companyId !== undefined && c.fleet !== undefined && (c.fleet === null || c.fleet.has(p.companyId));
  }

  /** One frame per client per window, built from the already serialised pushes. */
  private flush(): void {
    this.flushTimer = null;
    const queue = this.queue;
    this.queue = [];
    const frames = new Map<string, Buffer | null>();
    for (const c of this.clients) {
      if (c.socket.readyState !== 1 || (c.topics.size === 0 && c.fleet === undefined)) continue;
      let frame = frames.get(c.key);
      if (frame === undefined) {
        const mine: string[] = [];
        for (const p of queue) if (this.wants(c, p)) mine.push(p.text);
        frame = mine.length === 0 ? null : Buffer.from(mine.length === 1 ? mine[0]! : `{"type":"batch","pushes":[${mine.join(',')}]}`);
        frames.set(c.key, frame);
      }
      if (frame) c.socket.send(frame, { binary: false });
    }
  }

  private rekey(c: Client): void {
    const fleet = c.fleet === undefined ? '-' : c.fleet === null ? '*' : [...c.fleet].sort((a, b) => a - b).join(',');
    c.key = `${fleet}|${[...c.topics].sort().join(',')}`;
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
      const policy = this.policyOf(msg.topic);
      const snapshot = await policy.snapshot(client.session, msg.topic);
      if (snapshot === null) return this.send(client, { type: 'error', message: `cannot subscribe to ${msg.topic}` });
      if (msg.topic === FLEET_TOPIC) {
        const scope = (await this.policy.scope?.(client.session)) ?? null;
        client.fleet = scope === null ? null : new Set(scope);
        this.fleetClients.add(client);
      } else {
        client.topics.add(msg.topic);
        let set = this.byTopic.get(msg.topic);
        if (!set) this.byTopic.set(msg.topic, (set = new Set()));
        set.add(client);
      }
      this.rekey(client);
      this.send(client, { type: 'push', topic: msg.topic, event: 'snapshot', data: snapshot });
    } else if (msg.type === 'unsubscribe' && typeof msg.topic === 'string') {
      if (msg.topic === FLEET_TOPIC) {
        client.fleet = undefined;
        this.fleetClients.delete(client);
      }
      client.topics.delete(msg.topic);
      this.byTopic.get(msg.topic)?.delete(client);
      this.rekey(client);
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
    this.fleetClients.delete(client);
    for (const t of client.topics) this.byTopic.get(t)?.delete(client);
  }
}
