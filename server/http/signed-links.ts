import crypto from 'node:crypto';
import { Security } from '../../common/constants';
import type { Db } from '../store/db';

/** What a link's signature says. */
export type LinkCheck = 'unsigned' | 'valid' | 'expired' | 'invalid';

/** The key's row in `server_keys` (migration 028). */
const KEY_NAME = 'file-links';

/**
 * The part of a URL a signature covers: the path as sent, then its query without `exp` and
 * `sig`, sorted (so the order of parameters does not matter, and none can be added or changed).
 */
function signedPart(url: string): { part: string; exp: string | null; sig: string | null } {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const exp = params.get('exp');
  const sig = params.get('sig');
  params.delete('exp');
  params.delete('sig');
  params.sort();
  const rest = params.toString();
  return { part: rest ? `${path}?${rest}` : path, exp, sig };
}

/**
 * Security point 7: short-lived signed links for what a browser opens without headers (an
 * `<a href>` download): `<path>?<query>&exp=<unix seconds>&sig=<base64url HMAC-SHA256>`, the HMAC
 * over `<exp>\n<path>?<sorted query>`. Valid for `Security.fileLinkTtlMs`, for that exact path and
 * query only. The key is made once and kept in the database, so every replica of a cluster signs
 * and checks with the same one. A link carries no session: whoever holds it may fetch that one
 * file until it expires (the route checked the caller's right when it signed).
 */
export class SignedLinks {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number = Security.fileLinkTtlMs,
  ) {}

  /** The shared key: made by the first replica that needs it, read by the others. */
  private keyOnce(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db.query('INSERT INTO server_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [KEY_NAME, crypto.randomBytes(32).toString('base64url')]);
      const rows = await this.db.query<{ secret: string }>('SELECT secret FROM server_keys WHERE name = $1', [KEY_NAME]);
      return Buffer.from(rows[0]!.secret, 'base64url');
    })().catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return this.key;
  }

  private mac(key: Buffer, exp: string, part: string): Buffer {
    return crypto.createHmac('sha256', key).update(`${exp}\n${part}`).digest();
  }

  /** Signs a path (with its query, no `exp` or `sig`): the link and when it expires (ms since the epoch). */
  async sign(pathAndQuery: string, now = Date.now()): Promise<{ url: string; expiresAt: number }> {
    const key = await this.keyOnce();
    const exp = String(Math.floor((now + this.ttlMs) / 1000));
    const { part } = signedPart(pathAndQuery);
    const sig = this.mac(key, exp, part).toString('base64url');
    return { url: `${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}exp=${exp}&sig=${sig}`, expiresAt: Number(exp) * 1000 };
  }

  /** Checks a request's URL (path and query as received): unsigned (no `sig`), valid, expired or invalid. */
  async check(url: string, now = Date.now()): Promise<LinkCheck> {
    const { part, exp, sig } = signedPart(url);
    if (sig === null && exp === null) return 'unsigned';
    if (!sig || !exp || !/^\d{1,12}$/.test(exp)) return 'invalid';
    // Compared as text: base64url decoding would let other spellings of the same bytes through.
    const want = Buffer.from(this.mac(await this.keyOnce(), exp, part).toString('base64url'));
    const got = Buffer.from(sig);
    if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return 'invalid';
    return Number(exp) * 1000 <= now ? 'expired' : 'valid';
  }
}
