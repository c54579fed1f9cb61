import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';

/** A message handler of the cluster bus; `local` is true when this replica sent it. */
export type BusHandler = (payload: unknown, local: boolean) => void;

/**
 * What the replicas of one deployment share besides the database: a bus that reaches every
 * replica (this one included), a leader that alone runs the cluster's timers, and whether the
 * replica that owns a piece of work is still alive.
 *
 * Embedded (PGlite) there is one process: it is the leader and the bus stays in the process.
 * With PostgreSQL the bus is LISTEN/NOTIFY on one channel, the leader holds a session advisory
 * lock on a connection of its own (a replica that dies drops its connection, and the lock with
 * it), and each replica holds a lock named after its id for as long as it lives.
 */
export interface Cluster {
  /** This replica's id (host, pid and random bits), stored as the owner of work it takes. */
  readonly replicaId: string;
  readonly kind: 'single' | 'postgres';
  /** Runs `fn` while holding the start-up lock: one replica at a time migrates and seeds. */
  startupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Sends to every replica; this replica's handlers run at once, the others' within milliseconds. */
  publish(channel: string, payload: unknown): void;
  /** Listens to a channel; returns the remover. */
  on(channel: string, handler: BusHandler): () => void;
  /** True while this replica runs the cluster's timers (schedules, sweeps, samplers). */
  isLeader(): boolean;
  /** Called when this replica becomes the leader (also at once if it already is). */
  onLeader(fn: () => void): void;
  /** Whether the replica with this id is alive (holds its lock); this replica is. */
  alive(replicaId: string): Promise<boolean>;
  close(): Promise<void>;
}

const CHANNEL = 'fleet_console';
/** pg_notify payloads are limited to 8000 bytes; larger messages go through cluster_messages. */
const MAX_NOTIFY = 7_000;
const LOCK_STARTUP = 727_002;
const LOCK_LEADER = 727_003;
/** Advisory lock class of the replicas' own locks (two-key form: class, hashtext(replicaId)). */
const LOCK_REPLICA_CLASS = 727_004;

function newReplicaId(): string {
  return `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Dispatches bus messages to the handlers of their channel. */
class Handlers {
  private readonly byChannel = new Map<string, Set<BusHandler>>();
  on(channel: string, handler: BusHandler): () => void {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }
  deliver(channel: string, payload: unknown, local: boolean): void {
    for (const h of this.byChannel.get(channel) ?? []) {
      try {
        h(payload, local);
      } catch (err) {
        console.warn(`cluster bus: a handler of "${channel}" failed: ${(err as Error).message}`);
      }
    }
  }
}

/** The embedded deployment: one process, the leader, a bus inside the process. */
export function singleProcess(): Cluster {
  const replicaId = newReplicaId();
  const handlers = new Handlers();
  return {
    replicaId,
    kind: 'single',
    startupLock: (fn) => fn(),
    publish: (channel, payload) => handlers.deliver(channel, payload, true),
    on: (channel, handler) => handlers.on(channel, handler),
    isLeader: () => true,
    onLeader: (fn) => fn(),
    alive: async (id) => id === replicaId,
    close: async () => undefined,
  };
}

/** A replica of a PostgreSQL deployment (DATABASE_URL). */
export async function postgresCluster(url: string, opts: { leaderRetryMs?: number } = {}): Promise<Cluster> {
  const replicaId = newReplicaId();
  const handlers = new Handlers();
  const leaderFns: (() => void)[] = [];
  // Loaded here, not at start-up: a single process on PGlite never needs it (issue 23).
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let closed = false;
  let leader = false;
  let lease: pg.Client | null = null;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  // Replicas starting together race on IF NOT EXISTS (PostgreSQL checks the name, then creates the
  // row type): under the start-up lock's key, one makes it and the others find it.
  await pool.query(
    `DO $$ BEGIN PERFORM pg_advisory_xact_lock(${LOCK_STARTUP}); CREATE TABLE IF NOT EXISTS cluster_messages (id bigserial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now()); END $$`,
  );

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    void (async () => {
      let m: { f: string; c: string; p?: unknown; ref?: number };
      try {
        m = JSON.parse(msg.payload!) as typeof m;
      } catch {
        return;
      }
      if (m.f === replicaId) return; // delivered locally when sent
      if (m.ref !== undefined) {
        const rows = await pool.query<{ body: string }>('SELECT body FROM cluster_messages WHERE id = $1', [m.ref]).catch(() => ({ rows: [] as { body: string }[] }));
        if (!rows.rows[0]) return;
        m.p = JSON.parse(rows.rows[0].body) as unknown;
      }
      handlers.deliver(m.c, m.p, false);
    })();
  };

  /** The replica's lease connection: its own lock, the leader lock when it wins it. */
  const connectLease = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    await c.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_REPLICA_CLASS, replicaId]);
    c.on('end', () => {
      if (lease === c) {
        lease = null;
        leader = false;
      }
    });
    lease = c;
  };

  const connectListener = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    c.on('notification', onNotification);
    c.on('end', () => {
      if (listener === c) listener = null;
      if (!closed) setTimeout(() => void connectListener().catch(() => undefined), 1_000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
  };

  const tryLead = async () => {
    if (closed) return;
    try {
      if (!lease) await connectLease();
      if (!leader && lease) {
        const r = await lease.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCK_LEADER]);
        if (r.rows[0]?.ok) {
          leader = true;
          for (const fn of leaderFns) fn();
        }
      }
    } catch {
      /* the database is away: try again */
    }
  };

  await connectLease();
  await connectListener();
  await tryLead();
  retry = setInterval(() => void tryLead(), opts.leaderRetryMs ?? 2_000);
  retry.unref();

  return {
    replicaId,
    kind: 'postgres',
    async startupLock(fn) {
      const c = await pool.connect();
      try {
        await c.query('SELECT pg_advisory_lock($1)', [LOCK_STARTUP]);
        return await fn();
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [LOCK_STARTUP]).catch(() => undefined);
        c.release();
      }
    },
    publish(channel, payload) {
      handlers.deliver(channel, payload, true);
      const text = JSON.stringify({ f: replicaId, c: channel, p: payload });
      const send = async () => {
        if (Buffer.byteLength(text) <= MAX_NOTIFY) {
          await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
          return;
        }
        const r = await pool.query<{ id: number }>('INSERT INTO cluster_messages (body) VALUES ($1) RETURNING id', [JSON.stringify(payload)]);
        await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ f: replicaId, c: channel, ref: Number(r.rows[0]!.id) })]);
        if (leader) await pool.query(`DELETE FROM cluster_messages WHERE at < now() - interval '1 minute'`);
      };
      send().catch((err: unknown) => {
        if (!closed) console.warn(`cluster bus: "${channel}" not sent to the other replicas: ${(err as Error).message}`);
      });
    },
    on: (channel, handler) => handlers.on(channel, handler),
    isLeader: () => leader,
    onLeader(fn) {
      leaderFns.push(fn);
      if (leader) fn();
    },
    async alive(id) {
      if (id === replicaId) return true;
      const r = await pool.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::int::oid AND objid = hashtext($2)::oid AND objsubid = 2 AND granted) AS held`,
        [LOCK_REPLICA_CLASS, id],
      );
      return Boolean(r.rows[0]?.held);
    },
    async close() {
      closed = true;
      if (retry) clearInterval(retry);
      leader = false;
      await listener?.end().catch(() => undefined);
      await lease?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
