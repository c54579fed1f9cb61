import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawCode } from '../../server/auth/captcha';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CAPTCHA: 'on', SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

async function code(): Promise<{ codeId: string; answer: string; image: string }> {
  const a = await s.call<{ codeId: string; image: string }>('reqVerificationCode');
  expect(a.statusCode).toBe(200);
  // The answer is only in the server's database; the test reads it there.
  const row = (await s.server.services.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE id = $1', [a.param!.codeId]))[0]!;
  return { codeId: a.param!.codeId, answer: row.answer, image: a.param!.image };
}

describe('login', () => {
  it('issues an image code and logs in with it, answering the session info', async () => {
    const c = await code();
    expect(c.image.startsWith('data:image/png;base64,')).toBe(true);
    const a = await s.call('login', { username: 'admin', password: 'demo1234', codeId: c.codeId, code: c.answer.toUpperCase() });
    expect(a.statusCode).toBe(200);
    expect(Object.keys(a.param).sort()).toEqual(
      expect.arrayContaining(['token', 'userId', 'roleId', 'name', 'companyId', 'companyName', 'companyLogo', 'companyDns', 'layer', 'maxLayer', 'lastloginT', 'robotType', 'menuItemList']),
    );
    expect(a.param.roleId).toBe(1);
    expect(a.param.token.length).toBeGreaterThanOrEqual(22); // 256 random bits in base64url
  });

  it('draws the code as a noisy PNG with no vector shapes or text to parse, a new drawing each time', async () => {
    const a = await code();
    const b = await code();
    const bytes = (c: { image: string }) => Buffer.from(c.image.slice('data:image/png;base64,'.length), 'base64');
    for (const c of [a, b]) {
      expect(c.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect(c.image.length).toBeLessThan(15_000);
      const raw = bytes(c).toString('latin1');
      for (const tag of ['<svg', '<path', '<text', '<glyph']) expect(raw.toLowerCase()).not.toContain(tag);
      expect(raw.toLowerCase()).not.toContain(c.answer);
      const png = PNG.sync.read(bytes(c));
      expect([png.width, png.height]).toEqual([240, 80]);
      // Not blank: many distinct colours (characters, curves, dots) and dark pixels (characters and curves).
      const colours = new Set<number>();
      let dark = 0;
      for (let i = 0; i < png.data.length; i += 4) {
        colours.add(png.data.readUInt32BE(i));
        if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 3 * 110) dark++;
      }
      expect(colours.size).toBeGreaterThan(200);
      expect(dark / (png.width * png.height)).toBeGreaterThan(0.02);
    }
    expect(a.image).not.toBe(b.image);
    expect(a.codeId).not.toBe(b.codeId);
    // Drawn anew each time: the same answer never gives the same pixels twice (no image to look up by hash).
    const again = await drawCode(a.answer);
    expect(again.equals(bytes(a))).toBe(false);
    expect(again.equals(await drawCode(a.answer))).toBe(false);
  });

  it('refuses a wrong code, and a code used once cannot be used again', async () => {
    const c = await code();
    expect(await s.call('login', { username: 'admin', password: 'demo1234', codeId: c.codeId, code: 'zzzz' })).toEqual({ statusCode: 400, statusInfo: 'Verification code error' });
    expect((await s.call('login', { username: 'admin', password: 'demo1234', codeId: c.codeId, code: c.answer })).statusInfo).toBe('Verification code error');
  });

  it('checks username, password and code presence and format with the spec messages', async () => {
    expect((await s.call('login', { username: '', password: 'demo1234', codeId: 'x', code: 'x' })).statusInfo).toBe('Please enter the username');
    expect((await s.call('login', { username: 'admin', password: '', codeId: 'x', code: 'x' })).statusInfo).toBe('Please enter the password');
    expect((await s.call('login', { username: 'admin', password: 'demo1234' })).statusInfo).toBe('Please enter the verification code');
    expect((await s.call('login', { username: 'ad', password: 'demo1234', codeId: 'x', code: 'x' })).statusInfo).toBe('Username: 5-16 letters and digits');
    expect((await s.call('login', { username: 'admin', password: 'abcdefgh', codeId: 'x', code: 'x' })).statusInfo).toBe(
      'Password: 6-16 letters and digits, with at least one letter and one digit',
    );
  });

  it('stores only hashes: argon2id passwords and sha256 tokens', async () => {
    const c = await code();
    const a = await s.call('login', { username: 'platform', password: 'demo1234', codeId: c.codeId, code: c.answer });
    const users = await s.server.services.db.query<{ passwordHash: string }>('SELECT "passwordHash" FROM users WHERE "username" = $1', ['platform']);
    expect(users[0]!.passwordHash.startsWith('$argon2id$')).toBe(true);
    const sessions = await s.server.services.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(sessions.some((r) => r.token_hash === a.param.token)).toBe(false);
    expect(sessions.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('locks an account after repeated failures with a clear message', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await code();
      expect((await s.call('login', { username: 'entadmin', password: 'wrong1234', codeId: c.codeId, code: c.answer })).statusInfo).toBe('Wrong username or password');
    }
    const c = await code();
    const locked = await s.call('login', { username: 'entadmin', password: 'demo1234', codeId: c.codeId, code: c.answer });
    expect(locked.statusCode).toBe(429);
    expect(locked.statusInfo).toMatch(/^Too many failed logins for this account, try again in \d+ s$/);
  });
});
