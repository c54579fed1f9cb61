import { Security } from '../../common/constants';

/**
 * Login throttling, per IP (attempts per minute) and per account (failures lock it for a while).
 * Kept in memory: each replica limits on its own, which bounds an attacker to N × the limit.
 */
export class LoginLimiter {
  private readonly ipHits = new Map<string, number[]>();
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(
    private readonly perIpPerMinute: number = Security.loginAttemptsPerIpPerMinute,
    private readonly failuresPerAccount: number = Security.loginFailuresPerAccount,
    private readonly lockMs: number = Security.loginLockMs,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before this IP may try again, or 0 (counts the attempt). */
  ipWait(ip: string): number {
    const t = this.now();
    const hits = (this.ipHits.get(ip) ?? []).filter((h) => t - h < 60_000);
    if (hits.length >= this.perIpPerMinute) {
      this.ipHits.set(ip, hits);
      return Math.ceil((60_000 - (t - hits[0]!)) / 1000);
    }
    hits.push(t);
    this.ipHits.set(ip, hits);
    return 0;
  }

  /** Seconds this account stays locked, or 0. */
  accountWait(username: string): number {
    const f = this.failures.get(username.toLowerCase());
    if (!f || f.lockedUntil <= this.now()) return 0;
    return Math.ceil((f.lockedUntil - this.now()) / 1000);
  }

  recordFailure(username: string): void {
    const key = username.toLowerCase();
    const f = this.failures.get(key) ?? { count: 0, lockedUntil: 0 };
    f.count += 1;
    if (f.count >= this.failuresPerAccount) {
      f.lockedUntil = this.now() + this.lockMs;
      f.count = 0;
    }
    this.failures.set(key, f);
  }

  recordSuccess(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
