import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from './rate-limit';
import { openPglite } from '../store/pglite-db';
import { migrate } from '../store/migrate';
import type { Db } from '../store/db';

// The limiter keeps its counts in the database (every replica counts the same attempts): a real PGlite here.
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-limits-'));
  db = await openPglite(path.join(dir, 'pglite'));
  await migrate(db);
}, 60_000);
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('login limiter', () => {
  it('limits attempts per IP per minute, each IP on its own', async () => {
    const l = new LoginLimiter(db, 3, 5, 60_000);
    expect([await l.ipWait('a'), await l.ipWait('a'), await l.ipWait('a')]).toEqual([0, 0, 0]);
    const wait = await l.ipWait('a');
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await l.ipWait('b')).toBe(0);
  });

  it('locks an account for one address after N failures, case-insensitively; a success resets the count; the lock ends', async () => {
    const l = new LoginLimiter(db, 100, 3, 1_000);
    await l.recordFailure('Admin', 'x');
    await l.recordFailure('admin', 'x');
    await l.recordSuccess('ADMIN', 'x');
    await l.recordFailure('admin', 'x');
    await l.recordFailure('admin', 'x');
    expect(await l.accountWait('admin', 'x')).toBe(0);
    await l.recordFailure('admin', 'x');
    expect(await l.accountWait('ADMIN', 'x')).toBe(1);
    // Issue 18: the owner, from another address, is not locked out by someone else's failures.
    expect(await l.accountWait('admin', 'owner')).toBe(0);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await l.accountWait('admin', 'x')).toBe(0);
  });

  it('an address that fails too often over many accounts waits a day (password spraying)', async () => {
    const l = new LoginLimiter(db, 1_000, 5, 60_000, 4);
    for (const user of ['u1', 'u2', 'u3']) await l.recordFailure(user, 'sprayer');
    expect(await l.ipWait('sprayer')).toBe(0);
    await l.recordFailure('u4', 'sprayer');
    expect(await l.ipWait('sprayer')).toBeGreaterThan(86_000);
    expect(await l.ipWait('someone-else')).toBe(0);
  });

  it('two limiters on one database count the same attempts (two replicas)', async () => {
    const a = new LoginLimiter(db, 100, 2, 60_000);
    const b = new LoginLimiter(db, 100, 2, 60_000);
    await a.recordFailure('shared', 'ip');
    await b.recordFailure('shared', 'ip');
    expect(await a.accountWait('shared', 'ip')).toBeGreaterThan(55);
    expect(await b.accountWait('shared', 'ip')).toBeGreaterThan(55);
  });
});
