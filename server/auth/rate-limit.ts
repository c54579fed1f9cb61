import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { Security } from '../../common/constants';
import type { Queryable } from '../store/db';

/** The table both limiters share (migration 022; rate-limiter-flexible's layout). */
const TABLE = 'login_limits';
/** Failures of one account count within this window (a success clears them). */
const FAILURE_WINDOW_S = 3_600;

/**
 * Login throttling, per IP (attempts per minute) and per account (N failures lock it for a
 * while), kept in the database with rate-limiter-flexible's PostgreSQL store: every replica
 * counts the same attempts, so 5 wrong passwords lock an account whichever replicas they reach.
 */
export class LoginLimiter {
  private readonly ip: RateLimiterPostgres;
  private readonly failures: RateLimiterPostgres;

  constructor(
    db: Queryable,
    perIpPerMinute: number = Security.loginAttemptsPerIpPerMinute,
    failuresPerAccount: number = Security.loginFailuresPerAccount,
    lockMs: number = Security.loginLockMs,
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
    // The N-th failure is the first refused consume: it blocks the account for lockMs.
    this.failures = new RateLimiterPostgres({ ...common, keyPrefix: 'account', points: failuresPerAccount - 1, duration: FAILURE_WINDOW_S, blockDuration: Math.ceil(lockMs / 1000) });
  }

  /** Seconds to wait before this IP may try again, or 0 (counts the attempt). */
  async ipWait(ip: string): Promise<number> {
    try {
      await this.ip.consume(ip);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }

  /** Seconds this account stays locked, or 0. */
  async accountWait(username: string): Promise<number> {
    const res = await this.failures.get(username.toLowerCase());
    if (!res || res.consumedPoints <= this.failures.points) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  async recordFailure(username: string): Promise<void> {
    try {
      await this.failures.consume(username.toLowerCase());
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err; // refused: the account is locked now
    }
  }

  async recordSuccess(username: string): Promise<void> {
    await this.failures.delete(username.toLowerCase());
  }
}
