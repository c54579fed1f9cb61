import { decodePathPart } from './socket-guard';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMessage } from '../../common/messages';
import { isSuccessCode, RestCode, StatusCode, type Lang, type RestAnswer } from '../../common/protocol';
import { runOperation } from '../events/dispatch';
import type { EventDef } from '../events/registry';
import type { Services } from '../services';

/**
 * REST transport over the same operation registry as the events: an operation named
 * `GET /robot/authRole/list` or `POST /robot/track/inspectPoint/{robot}` answers
 * `{code, message, data}` (code 0 on success, 403 for a bad token). Query, body and path
 * parameters merge into one param object (path wins, then body, then query).
 */
export function registerRest(app: FastifyInstance, svc: Services, langOf: (req: FastifyRequest) => Lang): void {
  const handler = async (req: FastifyRequest): Promise<RestAnswer> => {
    const lang = langOf(req);
    const url = req.url.split('?')[0]!;
    const found = matchRoute(svc, req.method, url);
    if (!found) return { code: StatusCode.notFound, message: formatMessage('unknownEvent', lang, { event: `${req.method} ${url}`.slice(0, 80) }) };
    const query = coerce(found.def, (req.query ?? {}) as Record<string, unknown>);
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const param = { ...query, ...body, ...found.params };
    const token = (req.headers.token as string | undefined) ?? undefined;
    const out = await runOperation(svc, found.def, param, token, lang, req.ip, req.log);
    if (isSuccessCode(out.statusCode)) return { code: RestCode.ok, message: out.statusInfo, data: out.param };
    return { code: out.statusCode, message: out.statusInfo };
  };
  for (const prefix of ['/robot/*', '/authority/*']) app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: prefix, handler });
}

function matchRoute(svc: Services, method: string, url: string): { def: EventDef; params: Record<string, unknown> } | null {
  const exact = svc.events.get(`${method} ${url}`);
  if (exact) return { def: exact, params: {} };
  const parts = url.split('/');
  // The pattern with the fewest placeholders wins (`…/{robot}/actions` before `…/{robot}/{id}`).
  let best: { def: EventDef; params: Record<string, unknown>; holes: number } | null = null;
  for (const name of svc.events.names()) {
    if (!name.startsWith(`${method} `) || !name.includes('{')) continue;
    const pattern = name.slice(method.length + 1).split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, unknown> = {};
    const fill = (hole: string, part: string) => {
      const value = decodePathPart(part);
      if (value !== null) params[hole] = value;
      return value !== null; // a broken escape matches no route
    };
    if (pattern.every((p, i) => (p.startsWith('{') && p.endsWith('}') ? fill(p.slice(1, -1), parts[i]!) : p === parts[i]))) {
      const holes = Object.keys(params).length;
      if (!best || holes < best.holes) best = { def: svc.events.get(name)!, params, holes };
    }
  }
  return best && { def: best.def, params: best.params };
}

/** Query strings are text: numbers become numbers where the operation's schema wants integers. */
function coerce(def: EventDef, query: Record<string, unknown>): Record<string, unknown> {
  const props = (def.labelSchema?.properties ?? {}) as Record<string, { type?: string | string[] }>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    const t = props[k]?.type;
    const numeric = k === 'id' || k === 'pageNum' || k === 'pageSize' || t === 'integer' || t === 'number' || (Array.isArray(t) && (t.includes('integer') || t.includes('number')));
    out[k] = numeric && typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  }
  return out;
}
