/**
 * Issue 18: security headers on the console and the API, the Origin allowlist on every socket,
 * login limits that a forged X-Forwarded-For cannot dodge, expired sessions swept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../common/protocol';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

const login = (url: string, username: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/interface`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    body: JSON.stringify({ event: 'login', param: { username, password, codeId: 'x', code: 'x' } }),
  }).then((r) => r.json() as Promise<{ statusCode: number; statusInfo: string }>);

/** Opens a socket with the given Origin (and its auth message); resolves to 'open' or the HTTP status of the refused upgrade. */
const socketWith = (path: string, token: string, origin?: string) =>
  new Promise<string | number>((resolve) => {
    const ws = authedSocket(`${s.url.replace('http', 'ws')}${path}`, token, origin ? { headers: { origin } } : {});
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });

describe('security headers', () => {
  it('are on the console page and on the API answers', async () => {
    for (const res of [await fetch(`${s.url}/`), await fetch(`${s.url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event":"reqVerificationCode"}' })]) {
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // The protocol reference is framed by the console's own page, and by nobody else.
    const reference = await fetch(`${s.url}/api/reference/`);
    expect(reference.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(reference.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('socket origins', () => {
  it('a browser socket from another site is refused on /ws, /live and /live-mux; the console\'s own origin and programs without one are let in', async () => {
    const token = await s.login('admin');
    const own = s.url;
    // Checked at the upgrade, before the token's auth message could be sent.
    for (const path of ['/ws', '/live-mux', '/live/01WR000001/front']) {
      expect(await socketWith(path, token, 'https://evil.example.com')).toBe(403);
      expect(await socketWith(path, token, 'null')).toBe(403);
    }
    expect(await socketWith('/ws', token, own)).toBe('open');
    expect(await socketWith('/ws', token)).toBe('open');
  });
});

describe('login limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SIMULATOR: 'off', LOGIN_ATTEMPTS_PER_MINUTE: '3' });
  });
  afterAll(async () => limited?.close());

  it('a forged X-Forwarded-For gains no attempts (no proxy is trusted unless TRUST_PROXY names it)', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await login(limited.url, 'nobody1', 'wrong1234', { 'x-forwarded-for': `203.0.113.${i + 1}` }));
    expect(answers.slice(0, 3).map((a) => a.statusInfo)).toEqual(['Wrong username or password', 'Wrong username or password', 'Wrong username or password']);
    expect(answers[3]!.statusCode).toBe(429);
    expect(answers[3]!.statusInfo).toMatch(/^Too many attempts, try again in \d+ s$/);
  });

  it('verification codes are limited per address (three per login attempt a minute), across the cluster as the attempts are', async () => {
    const code = async () => (await (await fetch(`${limited.url}/api/interface`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'reqVerificationCode', param: {}, protocolVersion: PROTOCOL_VERSION, lang: 'en' }) })).json()) as { statusCode: number; statusInfo: string; param?: { codeId: string } };
    const db = limited.server.services.db;
    const stored = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM captchas'))[0]!.n;
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await code());
    expect(answers.every((a) => a.statusCode === 200 && typeof a.param?.codeId === 'string')).toBe(true);
    const before = await stored();
    const refused = await code();
    expect(refused.statusCode).toBe(429);
    expect(refused.statusInfo).toMatch(/^Too many attempts, try again in \d+ s$/);
    expect(await stored()).toBe(before); // no picture drawn, nothing stored
  });

  it('TRUST_PROXY that trusts everyone is refused at start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must name the proxy (addresses, CIDRs or "loopback"): trusting every sender lets any client forge its address.');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8, loopback');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('sessions', () => {
  it('expired sessions are swept from the database', async () => {
    await s.login('entadmin');
    const db = s.server.services.db;
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]!.n;
    const before = await count();
    await db.query(`UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE user_id = (SELECT id FROM users WHERE username = 'entadmin')`);
    expect(await s.server.services.sessions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await count()).toBeLessThan(before);
    expect((await db.query(`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'entadmin'`)).length).toBe(0);
  });
});
