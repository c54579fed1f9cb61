/**
 * The ICE servers a console (and a robot) gets for a call (spec §7 start-up configuration:
 * "extra ICE servers receive default credentials"; issue 21: coturn with short-lived credentials).
 *
 * - TURN_URL (one or more turn:/turns: URLs, comma-separated) with TURN_SECRET: the deployment's
 *   own TURN server (coturn `use-auth-secret` + `static-auth-secret`). Each user gets credentials
 *   of the standard TURN REST scheme: username `<expiry>:<user>` (expiry in Unix seconds, now +
 *   TURN_TTL_SECONDS, default 3600), credential base64(HMAC-SHA1(secret, username)). Never a fixed
 *   password; nothing is handed to a caller without a session.
 * - ICE_SERVERS (comma-separated URLs): the extra ICE servers. One without credentials gets the
 *   default credentials: ICE_DEFAULT_USERNAME and ICE_DEFAULT_CREDENTIAL when both are set (the
 *   spec names no values), else the TURN REST credentials above when TURN_SECRET is set. A turn: or
 *   turns: server left without credentials is left out (a browser refuses the whole peer
 *   connection for one TURN server without credentials); stun: servers need none.
 */
import { createHmac } from 'node:crypto';

/** One ICE server as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** What of the server's configuration the ICE servers come from (ServerConfig's iceServers and turn). */
export interface IceConfig {
  iceServers: readonly IceServer[];
  turn: { urls: readonly string[]; secret?: string; ttlSeconds: number; defaultUsername?: string; defaultCredential?: string };
}

/** TURN REST credentials for `user`, valid `ttlSeconds` from `nowMs`. */
export function turnRestCredentials(secret: string, user: string, ttlSeconds: number, nowMs = Date.now()): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + ttlSeconds}:${user}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

const isTurn = (urls: string | string[]): boolean => (Array.isArray(urls) ? urls : [urls]).some((u) => /^turns?:/i.test(u));

/**
 * The ICE servers for one user (`user`: a user id, `robot-<robotId>` for a robot) or, with null,
 * for a caller without a session (no TURN credentials then).
 */
export function iceServersFor(config: IceConfig, user: string | null, nowMs = Date.now()): IceServer[] {
  const { turn } = config;
  const rest = turn.secret && user !== null ? turnRestCredentials(turn.secret, user, turn.ttlSeconds, nowMs) : null;
  const defaults = turn.defaultUsername && turn.defaultCredential ? { username: turn.defaultUsername, credential: turn.defaultCredential } : null;
  const out: IceServer[] = [];
  if (turn.urls.length > 0 && rest) out.push({ urls: turn.urls.length === 1 ? turn.urls[0]! : [...turn.urls], ...rest });
  for (const s of config.iceServers) {
    if (s.username !== undefined && s.credential !== undefined) out.push({ ...s });
    else if (defaults) out.push({ urls: s.urls, ...defaults });
    else if (rest && isTurn(s.urls)) out.push({ urls: s.urls, ...rest });
    else if (!isTurn(s.urls)) out.push({ urls: s.urls });
  }
  return out;
}
