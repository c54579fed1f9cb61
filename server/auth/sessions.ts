import crypto from 'node:crypto';
import { Security } from '../../common/constants';
import type { Db, Queryable } from '../store/db';

/** A logged-in caller, as the server knows it. */
export interface Session {
  tokenHash: string;
  userId: number;
  username: string;
  name: string;
  /** The role tier of spec §6 (1-5): the kind of the user's role. */
  roleId: number;
  /** The user's actual role (a built-in 1-5 or a custom role). */
  roleRef: number;
  /** A custom role's permission-tree ids; empty means the tier's rules alone. */
  permissions: string[];
  companyId: number;
  lang: string | null;
}

/** Whether a revocation ends this session. */
export function revokes(r: Revocation, session: Pick<Session, 'tokenHash' | 'userId'>): boolean {
  return 'tokenHash' in r ? session.tokenHash === r.tokenHash : session.userId === r.userId && session.tokenHash !== r.except;
}

/** sha256 of a token: only the hash is stored, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  // One-shot crypto.hash (no Hash object per call): the token of every request is hashed (issue 23).
  return crypto.hash('sha256', token, 'hex');
}

interface Cached {
  session: Session;
  checkedAt: number;
}

/** A revocation: one token (its hash) or every token of a user. */
export type Revocation = { tokenHash: string } | { userId: number; except?: string };

/**
 * Tokens are 256 random bits, stored hashed, with an idle expiry and a maximum age.
 * A short in-process cache spares the database on every call; a revocation is announced to
 * `onRevoke` listeners (app.ts sends it over the cluster bus, and every replica `forget`s the
 * token and closes its sockets at once).
 */
export class SessionStore {
  private static readonly CACHE_MS = 5_000;
  private static readonly TOUCH_MS = 60_000;
  private readonly cache = new Map<string, Cached>();
  private readonly revokeListeners = new Set<(r: Revocation) => void>();
  private readonly endListeners = new Set<(r: Revocation) => void>();

  constructor(
    private readonly db: Db,
    private readonly idleMs: number = Security.tokenIdleMs,
    private readonly maxAgeMs: number = Security.tokenMaxAgeMs,
  ) {}

  /** Creates a session and returns its token (shown to the caller once). */
  async create(userId: number, lang: string | null): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO sessions (token_hash, user_id, lang) VALUES ($1, $2, $3)', [hashToken(token), userId, lang]);
    return token;
  }

  /**
   * The session of a token while the short cache holds it, without a promise (the event path under
   * load, issue 23); undefined when it must be asked (`resolve`), which decides every other case.
   */
  cached(token: string | undefined | null): Session | undefined {
    if (!token || typeof token !== 'string' || token.length > 200) return undefined;
    const hit = this.cache.get(hashToken(token));
    return hit && Date.now() - hit.checkedAt < SessionStore.CACHE_MS ? hit.session : undefined;
  }

  /** The session of a token, or null when missing, expired, revoked or the user is disabled. */
  async resolve(token: string | undefined | null): Promise<Session | null> {
    if (!token || typeof token !== 'string' || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const hit = this.cache.get(tokenHash);
    if (hit && now - hit.checkedAt < SessionStore.CACHE_MS) return hit.session;
    const rows = await this.db.query<{
      user_id: number;
      created_at: Date;
      last_seen_at: Date;
      lang: string | null;
      username: string;
      name: string;
      roleId: number;
      kind: number;
      permissions: string[];
      companyId: number;
      enabled: number;
    }>(
      `SELECT s.user_id, s.created_at, s.last_seen_at, s.lang, u."username", u."name", u."roleId", r."kind", r."permissions", u."companyId", u."enabled"
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u."roleId" JOIN companies c ON c.id = u."companyId"
        WHERE s.token_hash = $1 AND c."enabled" = 1`,
      [tokenHash],
    );
    const row = rows[0];
    if (
      !row ||
      row.enabled !== 1 ||
      now - new Date(row.last_seen_at).getTime() > this.idleMs ||
      now - new Date(row.created_at).getTime() > this.maxAgeMs
    ) {
      this.cache.delete(tokenHash);
      if (row) await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
      return null;
    }
    if (now - new Date(row.last_seen_at).getTime() > SessionStore.TOUCH_MS) {
      await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
    }
    const session: Session = {
      tokenHash,
      userId: row.user_id,
      username: row.username,
      name: row.name,
      roleId: row.kind,
      roleRef: row.roleId,
      permissions: row.permissions ?? [],
      companyId: row.companyId,
      lang: row.lang,
    };
    this.cache.set(tokenHash, { session, checkedAt: now });
    if (this.cache.size > 10_000) this.cache.clear();
    return session;
  }

  /** Deletes every expired session (idle too long or too old); returns how many. The leader runs it every 10 minutes. */
  async sweep(now = Date.now()): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'WITH gone AS (DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [new Date(now - this.idleMs), new Date(now - this.maxAgeMs)],
    );
    return rows[0]?.n ?? 0;
  }

  /** Revokes one token. */
  async revoke(tokenHash: string): Promise<void> {
    this.forget({ tokenHash });
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    this.announce({ tokenHash });
  }

  /**
   * Revokes every token of a user (disabled, deleted, password or role changed), but `except`'s
   * (the caller's own, on a password change); `tx` deletes inside the caller's transaction.
   */
  async revokeUser(userId: number, opts: { except?: string; tx?: Queryable } = {}): Promise<void> {
    const r: Revocation = opts.except ? { userId, except: opts.except } : { userId };
    this.forget(r);
    if (opts.except) await (opts.tx ?? this.db).query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, opts.except]);
    else await (opts.tx ?? this.db).query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    this.announce(r);
  }

  /** Drops cached sessions of a revocation (made here or on another replica) and tells `onEnd` listeners. */
  forget(r: Revocation): void {
    if ('tokenHash' in r) this.cache.delete(r.tokenHash);
    else for (const [k, v] of this.cache) if (v.session.userId === r.userId && k !== r.except) this.cache.delete(k);
    for (const fn of this.endListeners) fn(r);
  }

  /** Listens to sessions ending on any replica (what holds a socket of one closes it); returns the remover. */
  onEnd(fn: (r: Revocation) => void): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** Listens to revocations made through this store; returns the remover. */
  onRevoke(fn: (r: Revocation) => void): () => void {
    this.revokeListeners.add(fn);
    return () => this.revokeListeners.delete(fn);
  }

  private announce(r: Revocation): void {
    for (const fn of this.revokeListeners) fn(r);
  }
}
