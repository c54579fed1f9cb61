import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { iceServersFor, turnRestCredentials } from './ice';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const config = (env: Record<string, string>) => loadConfig({ ...env }, process.cwd());

describe('ICE servers (issue 21, spec §7)', () => {
  it('TURN REST credentials: username expiry:user, credential base64(HMAC-SHA1(secret, username))', () => {
    const c = turnRestCredentials('s3cret', '42', 600, NOW);
    expect(c.username).toBe(`${NOW / 1000 + 600}:42`);
    expect(c.credential).toBe(crypto.createHmac('sha1', 's3cret').update(c.username).digest('base64'));
    // A fixed vector (printf '1600000000:alice' | openssl dgst -sha1 -hmac north -binary | base64).
    expect(turnRestCredentials('north', 'alice', 0, 1_600_000_000_000)).toEqual({ username: '1600000000:alice', credential: 'gq98pTOhhHaAu0we9aV79kOVVv0=' });
  });

  it('by default: the configured STUN server alone, for anyone', () => {
    expect(iceServersFor(config({}), null, NOW)).toEqual([{ urls: 'stun:127.0.0.1:3478' }]);
    expect(iceServersFor(config({}), '7', NOW)).toEqual([{ urls: 'stun:127.0.0.1:3478' }]);
  });

  it('the TURN server with short-lived credentials to a user only; extra TURN servers without credentials get them too', () => {
    const c = config({ TURN_URL: 'turn:t.example:3478?transport=udp,turn:t.example:3478?transport=tcp', TURN_SECRET: 'abc', TURN_TTL_SECONDS: '900', ICE_SERVERS: 'stun:s.example:3478,turn:extra.example:3478' });
    expect(iceServersFor(c, null, NOW)).toEqual([{ urls: 'stun:s.example:3478' }]);
    const rest = turnRestCredentials('abc', '7', 900, NOW);
    expect(iceServersFor(c, '7', NOW)).toEqual([
      { urls: ['turn:t.example:3478?transport=udp', 'turn:t.example:3478?transport=tcp'], ...rest },
      { urls: 'stun:s.example:3478' },
      { urls: 'turn:extra.example:3478', ...rest },
    ]);
    expect(iceServersFor(c, 'robot-01WR000001', NOW)[0]!.username).toBe(`${NOW / 1000 + 900}:robot-01WR000001`);
  });

  it('extra ICE servers get the configured default credentials (the spec gives no values); a TURN server left without any is dropped', () => {
    const withDefaults = config({ ICE_SERVERS: 'stun:s.example:3478,turn:extra.example:3478', ICE_DEFAULT_USERNAME: 'fleet', ICE_DEFAULT_CREDENTIAL: 'pw' });
    expect(iceServersFor(withDefaults, null, NOW)).toEqual([
      { urls: 'stun:s.example:3478', username: 'fleet', credential: 'pw' },
      { urls: 'turn:extra.example:3478', username: 'fleet', credential: 'pw' },
    ]);
    expect(iceServersFor(config({ ICE_SERVERS: 'stun:s.example:3478,turns:extra.example:5349' }), '7', NOW)).toEqual([{ urls: 'stun:s.example:3478' }]);
    // A TTL below a minute is raised to one.
    expect(config({ TURN_TTL_SECONDS: '5' }).turn.ttlSeconds).toBe(60);
  });
});
