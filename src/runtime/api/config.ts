/** Start-up configuration `GET /config.json` (spec §7 "Startup"). */
import { takeEarlyAnswer } from './early-answer';

/** The configuration the server publishes. */
export interface ConsoleConfig {
  httpUrl?: string;
  largeFileUrl?: string;
  /** Spec §7 "app build address": the newest phone client package. */
  appBuildUrl?: string;
  wsUrl?: string;
  iceServers?: RTCIceServer[];
  version?: string;
  mapMaxLayer?: number;
  companyMaxLayer?: number;
  edition?: string;
  https?: boolean;
  captcha?: boolean;
}

let pending: Promise<ConsoleConfig> | undefined;
let loaded: ConsoleConfig | undefined;

/**
 * Loads /config.json once (the first time, index.html's early request when there is one, issue 23);
 * a failure yields an empty configuration (defaults apply).
 */
export function loadConfig(fetchImpl: typeof fetch = globalThis.fetch?.bind(globalThis)): Promise<ConsoleConfig> {
  pending ??= (takeEarlyAnswer('__fcConfig') ?? Promise.resolve(null))
    .then((early) => (early?.ok ? early : fetchImpl('/config.json', { headers: { accept: 'application/json' } })))
    .then((r) => (r.ok ? (r.json() as Promise<ConsoleConfig>) : {}))
    .catch(() => ({}))
    .then((c) => (loaded = c ?? {}));
  return pending;
}

/** The configuration if already loaded. */
export function getConfig(): ConsoleConfig | undefined {
  return loaded;
}

/** Spec §7: when the configuration asks for https and the page is on http, go to https. Returns true when redirecting. */
export function redirectToHttpsIfRequired(config: ConsoleConfig, location: Location = window.location): boolean {
  if (config.https && location.protocol === 'http:') {
    location.replace(`https://${location.host}${location.pathname}${location.search}${location.hash}`);
    return true;
  }
  return false;
}

/** The realtime socket address: the configured wsUrl, made secure when the page is on https. */
export function realtimeUrl(config: ConsoleConfig | undefined, location: Pick<Location, 'protocol' | 'host'>): string {
  const secure = location.protocol === 'https:';
  let base = config?.wsUrl || `${secure ? 'wss' : 'ws'}://${location.host}/ws`;
  if (secure) base = base.replace(/^ws:\/\//, 'wss://');
  return base;
}
