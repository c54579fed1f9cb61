import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { Security } from '../../common/constants';
import type { Queryable } from '../store/db';

/** The table both limiters share (migration 022; rate-limiter-flexible's layout). */
const TABLE = 'login_limits';
/** Failures of one account count within this window (a success clears them). */
const FAILURE_WINDOW_S = 3_600;
/** Verification codes an address may have per login attempt it may make (per minute). */
const CODES_PER_ATTEMPT = 3;

/**
 * Login throttling, kept in the database with rate-limiter-flexible's PostgreSQL store (every
 * replica counts the same attempts):
 * - per address: attempts per minute, and failures per day (password spraying over many accounts);
 * - per address: verification codes per minute (three per attempt it may make: each is a picture to draw);
 * - per account AND address: N failures lock that pair for a while. The lock is the attacker's
 *   own: someone who knows a user name cannot lock its owner out from another address.
 * The address is the peer's, or the one a trusted proxy names (TRUST_PROXY): a forged
 * X-Forwarded-For gains nothing.
 */
export class LoginLimiter {
  private readonly ip: RateLimiterPostgres;
  private readonly ipFailures: RateLimiterPostgres;
  private readonly failures: RateLimiterPostgres;
  private readonly codes: RateLimiterPostgres;

  constructor(
    db: Queryable,
    perIpPerMinute: number = Security.loginAttemptsPerIpPerMinute,
    failuresPerAccount: number = Security.loginFailuresPerAccount,
    lockMs: number = Security.loginLockMs,
    failuresPerIpPerDay: number = Security.loginFailuresPerIpPerDay,
  ) {
    // The store speaks node-postgres's query({ text, values }) → { rows, rowCount }; our Db runs the same SQL on PGlite or PostgreSQL.
    const storeClient = {
      query: async (q: { text: string; values?: unknown[] }) => {
        const rows = await db.query(q.text, q.values ?? []);
        return { rows, rowCount: rows.length };
      },
    };
    const common = { storeClient, storeType: 'client', tableName: TABLE, tableCreated: true, clearExpiredByTimeout: false } as const;
    this.ip = new RateLimiterPostgres({ ...common, keyPrefix: 'ip', points: perIpPerMinute, duration: 60 });
    this.ipFailures = new RateLimiterPostgres({ ...common, keyPrefix: 'ipfail', points: failuresPerIpPerDay - 1, duration: 86_400, blockDuration: 86_400 });
    // The N-th failure is the first refused consume: it blocks the pair for lockMs.
    // Verification codes: a picture each (server work), a few per login attempt (the user may ask for another).
    this.codes = new RateLimiterPostgres({ ...common, keyPrefix: 'code', points: perIpPerMinute * CODES_PER_ATTEMPT, duration: 60 });
    this.failures = new RateLimiterPostgres({ ...common, keyPrefix: 'account', points: failuresPerAccount - 1, duration: FAILURE_WINDOW_S, blockDuration: Math.ceil(lockMs / 1000) });
  }

  /** Seconds to wait before this IP may try again, or 0 (counts the attempt). */
  async ipWait(ip: string): Promise<number> {
    const failed = await this.ipFailures.get(ip);
    if (failed && failed.consumedPoints > this.ipFailures.points) return Math.max(1, Math.ceil(failed.msBeforeNext / 1000));
    try {
      await this.ip.consume(ip);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }

  /** Seconds to wait before this IP may have another verification code, or 0 (counts it). */
  async codeWait(ip: string): Promise<number> {
    try {
      await this.codes.consume(ip);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }

  /** Seconds this account stays locked for this address, or 0. */
  async accountWait(username: string, ip: string): Promise<number> {
    const res = await this.failures.get(pairKey(username, ip));
    if (!res || res.consumedPoints <= this.failures.points) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    for (const [limiter, key] of [
      [this.failures, pairKey(username, ip)],
      [this.ipFailures, ip],
    ] as const) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err; // refused: locked now
      }
    }
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.failures.delete(pairKey(username, ip));
  }
}

const pairKey = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`;
