/**
 * GET /config.json: what a console or a phone asks first (spec §7 start-up configuration). Kept
 * apart from the routes so that the start-up door (http/early.ts) answers it while the rest of the
 * server is still loading.
 */
import type { FastifyRequest } from 'fastify';
import { PROTOCOL_VERSION } from '../../common/protocol';
import type { ServerConfig } from '../config';
import { iceServersFor } from '../features/calls/ice';

export function isHttps(req: FastifyRequest): boolean {
  return req.protocol === 'https' || String(req.headers['x-forwarded-proto'] ?? '').startsWith('https');
}

/** The answer of /config.json; `userId` is the caller's when the request carries a session token. */
export function startupConfig(config: ServerConfig, req: FastifyRequest, userId: string | null) {
  const host = req.headers.host ?? `${config.host}:${config.port}`;
  const secure = isHttps(req);
  const httpUrl = `${secure ? 'https' : 'http'}://${host}`;
  return {
    httpUrl,
    largeFileUrl: httpUrl,
    // Spec §7 "app build address": the newest phone client package (server/features/phone).
    appBuildUrl: `${httpUrl}/api/app/latest/download`,
    wsUrl: `${secure ? 'wss' : 'ws'}://${host}/ws`,
    // Issue 21: extra ICE servers get default credentials; TURN credentials only with a session (Authorization: Bearer <token>).
    iceServers: iceServersFor(config, userId),
    version: config.version,
    protocolVersion: PROTOCOL_VERSION,
    mapMaxLayer: config.mapMaxLayer,
    companyMaxLayer: config.companyMaxLayer,
    edition: config.edition,
    https: config.https,
    captcha: config.captcha,
  };
}
