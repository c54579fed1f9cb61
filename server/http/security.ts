import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The inline scripts of the built console's index.html, as CSP hashes (the one that asks for the
 * schema set while the bundles load); none when the console is not built.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const file = path.join(staticDir, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * The content security policy the console, the protocol reference, Monaco's workers and the
 * video players live with. 'unsafe-eval': the forms' validator (ajv, through RJSF) compiles
 * schemas into functions in the browser; inline styles: antd writes its CSS at run time.
 */
export function contentSecurityPolicy(staticDir: string): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-eval'", ...inlineScriptHashes(staticDir)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the same host's ws:/wss: (realtime, live video).
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** The origins a browser socket may come from: the console's own address, and ALLOWED_ORIGINS. */
export function originAllowed(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
  const origin = headers.origin;
  // Robots, the simulator and other programs send no Origin; browsers always do on a socket.
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = headers['x-forwarded-host'];
  return host === headers.host || (typeof forwarded === 'string' && host === forwarded.split(',')[0]!.trim());
}

/**
 * Security headers on every answer (helmet: CSP, frame-ancestors 'none', nosniff, referrer policy,
 * HSTS over HTTPS). The Origin allowlist of the sockets is checked at the upgrade (http/ws.ts).
 * helmet's middleware is built once here: @fastify/helmet built it again for every request (its
 * CSP directives parsed each time: ~3 % of the server's CPU under the list-event bench, issue 23).
 */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.staticDir) },
    // The console loads nothing cross-origin; COEP would only block the map tiles of a future CDN.
    crossOriginEmbedderPolicy: false,
    // Tokens may travel in a dashboard link (spec §6): never in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.https ? { maxAge: 15552000, includeSubDomains: false } : false,
  });
  // Every header helmet sets here is fixed (no directive is a function of the request): they are
  // found once by running its middleware against a recorder, and every answer gets that list,
  // without helmet's chain of a dozen middleware calls per request (issue 23).
  // They go into the answer's Fastify headers, not onto the raw response (res.setHeader): Node then
  // checks and writes them once, in writeHead, instead of validating and storing each one twice
  // (~3 % of the server's CPU per list request, issue 23). Every answer goes through reply.send
  // (no route hijacks the raw response), so every answer still carries them.
  const fixed = fixedHeaders(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of fixed) reply.header(name, value);
    done();
  });
  // The protocol reference is shown framed in the console's own page (plugins/api-reference): by the console only.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/reference/')) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    done(null, payload);
  });
}

/** The headers a helmet middleware sets, recorded once (it also removes X-Powered-By, which Node never sets). */
function fixedHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const set: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failed: unknown;
  middleware({} as never, recorder as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return set;
}
