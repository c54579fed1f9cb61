import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMessage, pickLang } from '../../common/messages';
import { StatusCode, type Lang } from '../../common/protocol';
import { dispatchEvent } from '../events/dispatch';
import { registerRest } from './rest';
import { registerUploads } from './uploads';
import { registerExport } from './export';
import { registerImport } from './import';
import { registerFaceImport } from './face-import';
import { registerSnapPictures } from './snap-pictures';
import type { Services } from '../services';
import type { ServerFeature } from '../features/feature';
import { registerProtocolDocs } from '../docs/routes';
import { buildAsyncApi } from '../docs/asyncapi';
import { isHttps, startupConfig } from './startup-config';
import { registerConsoleFiles } from './console-files';

export function langOf(req: FastifyRequest, body?: unknown): Lang {
  const explicit = body && typeof body === 'object' ? (body as { lang?: unknown }).lang : undefined;
  if (explicit === 'zh' || explicit === 'ja' || explicit === 'en') return explicit;
  return pickLang(req.headers['accept-language'], 'en');
}

/** HTTP routes: events, REST, startup configuration, live schemas, static console. */
export async function registerRoutes(app: FastifyInstance, svc: Services, features: ServerFeature[] = []): Promise<void> {
  // An empty JSON body (POST …/delete?roleId=3 from clients that always send the header) is {}.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(Object.assign(new Error(`Body is not valid JSON: ${(err as Error).message}`), { statusCode: 400 }), undefined);
    }
  });

  // Malformed JSON and wrong content types on the event endpoint are error answers, never 4xx/5xx.
  app.setErrorHandler((caught, req, reply) => {
    const err = caught as Error & { statusCode?: number };
    const lang = langOf(req);
    if (req.url.startsWith('/api/interface')) {
      const detail = (err as { statusCode?: number }).statusCode === 413 ? 'body too large' : err.message.slice(0, 200);
      return reply.code(200).send({ statusCode: StatusCode.badRequest, statusInfo: formatMessage('malformedBody', lang, { detail }) });
    }
    if (req.url.startsWith('/robot/')) {
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) req.log.error(err);
      return reply.code(200).send({ code: status, message: status >= 500 ? formatMessage('serverError', lang) : err.message });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error(err);
    return reply.code(status).send({ error: status >= 500 ? 'Internal error' : err.message });
  });

  // The answer's promise is the handler's (Fastify sends what it resolves to, status 200): no async
  // wrapper around it (issue 23). dispatchEvent never rejects.
  app.post('/api/interface', { bodyLimit: 2 * 1024 * 1024 }, (req) => dispatchEvent(svc, req.body, langOf(req, req.body), req.ip, req.log));

  app.get('/healthz', async () => ({ status: 'ok', replica: svc.cluster.replicaId }));
  app.get('/readyz', async (_req, reply) => {
    const database = await svc.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const broker = svc.gateway?.connected() ?? false;
    const ready = database && broker;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unready', replica: svc.cluster.replicaId, database, broker, leader: svc.cluster.isLeader() });
  });

  /** The user id of a /config.json request that carries its session token (Authorization: Bearer), else null. */
  const configUser = async (req: FastifyRequest): Promise<string | null> => {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const session = m ? await svc.sessions.resolve(m[1]).catch(() => null) : null;
    return session ? String(session.userId) : null;
  };
  app.get('/config.json', async (req) => startupConfig(svc.config, req, await configUser(req)));

  // Every console page load asks for the whole schema set (~200 KB of JSON): a browser that accepts
  // gzip gets it in about a tenth of the bytes, zipped again only when the set has changed.
  let zipped: { json: string; gzip: Buffer } | null = null;
  app.get('/api/schemas', async (req, reply) => {
    const json = JSON.stringify({
      revision: svc.live?.revision ?? 1,
      error: svc.live?.lastError ?? null,
      entities: [...svc.schemas.entities.values()].map((e) => e.schema),
      enums: [...svc.schemas.enums.values()],
      settings: [...svc.schemas.settings.values()].map((s) => s.schema),
    });
    reply.header('cache-control', 'no-store').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(json);
    if (zipped?.json !== json) zipped = { json, gzip: zlib.gzipSync(json) };
    return reply.header('content-encoding', 'gzip').send(zipped.gzip);
  });

  registerProtocolDocs(app, svc);
  // The realtime topics and robot MQTT messages (common/events/topics.ts, mqtt.ts): protocol, not data, so no token.
  app.get('/api/asyncapi.json', async (req, reply) => {
    const host = req.headers.host ?? `${svc.config.host}:${svc.config.port}`;
    const mqttUrl = svc.config.mqttUrl ?? `mqtt://${new URL(`http://${host}`).hostname}:${svc.config.mqttPort}`;
    reply.header('cache-control', 'no-cache');
    return buildAsyncApi({ version: svc.config.version, consoleHost: host, secure: isHttps(req), mqttUrl });
  });
  await registerUploads(app, svc, (req) => langOf(req));
  registerExport(app, svc);
  registerImport(app, svc);
  registerFaceImport(app, svc);
  for (const f of features) await f.routes?.(app, { svc, events: svc.events, langOf: (req) => langOf(req) });
  registerSnapPictures(app, svc, (req) => langOf(req));

  // REST under /robot/ and /authority/: token header, {code, message, data}; same registry as the events.
  registerRest(app, svc, (req) => langOf(req));

  // The built console, with the single-page fallback for its history-style routes.
  await registerConsoleFiles(app, svc.config.staticDir);
}
