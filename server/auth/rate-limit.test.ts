import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './rate-limit';

describe('login limiter', () => {
  it('limits attempts per IP per minute and frees them after the minute', () => {
    let now = 0;
    const l = new LoginLimiter(3, 5, 60_000, () => now);
    expect([l.ipWait('a'), l.ipWait('a'), l.ipWait('a')]).toEqual([0, 0, 0]);
    expect(l.ipWait('a')).toBe(60);
    expect(l.ipWait('b')).toBe(0);
    now = 60_001;
    expect(l.ipWait('a')).toBe(0);
  });
  it('locks an account after N failures, case-insensitively, and a success resets the count', () => {
    let now = 0;
    const l = new LoginLimiter(100, 3, 10_000, () => now);
    l.recordFailure('Admin');
    l.recordFailure('admin');
    l.recordSuccess('ADMIN');
    l.recordFailure('admin');
    l.recordFailure('admin');
    expect(l.accountWait('admin')).toBe(0);
    l.recordFailure('admin');
    expect(l.accountWait('admin')).toBe(10);
    now = 10_001;
    expect(l.accountWait('admin')).toBe(0);
  });
});
