import { generalUserMayCall, RoleId, STATIC_LACKING_EVENTS, subjectCan } from '../../common/access';
import { isStaticOnlyCompany } from '../fleet/static-only';
import { formatMessage } from '../../common/messages';
import { PROTOCOL_VERSION, StatusCode, type EventAnswer, type Lang } from '../../common/protocol';
import { describeAjvError } from '../../common/validation';
import { AppError } from '../errors';
import { findNul } from '../schemas/harden';
import type { Services } from '../services';
import type { EventContext, EventDef } from './registry';

/** Parameters never written to the operation log. */
const SECRET_KEYS = /password|passwd|token|code$/i;

function redact(param: unknown): unknown {
  if (!param || typeof param !== 'object' || Array.isArray(param)) return param;
  return Object.fromEntries(Object.entries(param).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : typeof v === 'string' && v.length > 500 ? `${v.slice(0, 40)}…` : v]));
}

/** Minimal logger surface. */
type Log = { error: (o: unknown, m: string) => void };

/**
 * Runs one event envelope: protocol checks, registry lookup, then the operation.
 * Never throws: every failure becomes an answer with a statusCode and a message in the caller's language.
 */
export function dispatchEvent(svc: Services, body: unknown, lang: Lang, ip: string, log: Log): Promise<EventAnswer> {
  // Not an async function: the event's operation promise is the answer's (one promise less per call, issue 23).
  const found = envelope(svc, body, lang);
  if ('statusCode' in found) return Promise.resolve(found);
  return runOperation(svc, found.def, found.param, found.token, lang, ip, log);
}

/** The envelope's operation, param and token; or the answer refusing it (not an object, no event, another protocol version, bad param, unknown event). */
function envelope(svc: Services, body: unknown, lang: Lang): EventAnswer | { def: EventDef; param: Record<string, unknown>; token: string | undefined } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return answer(StatusCode.badRequest, formatMessage('malformedBody', lang, { detail: 'body must be a JSON object' }));
  }
  const env = body as Record<string, unknown>;
  if (typeof env.event !== 'string' || !env.event) {
    return answer(StatusCode.badRequest, formatMessage('malformedBody', lang, { detail: '"event" must be a string' }));
  }
  if (env.protocolVersion !== undefined && env.protocolVersion !== PROTOCOL_VERSION) {
    return answer(StatusCode.badRequest, formatMessage('badProtocolVersion', lang, { version: String(env.protocolVersion) }));
  }
  const param = env.param ?? {};
  if (typeof param !== 'object' || param === null || Array.isArray(param)) {
    return answer(StatusCode.badRequest, formatMessage('malformedBody', lang, { detail: '"param" must be an object' }));
  }
  const def = svc.events.get(env.event);
  if (!def) return answer(StatusCode.notFound, formatMessage('unknownEvent', lang, { event: env.event.slice(0, 64) }));
  return { def, param: param as Record<string, unknown>, token: typeof env.token === 'string' ? env.token : undefined };
}

/** What the caller reads for a refusal, in its language. */
export function appErrorText(err: AppError, lang: Lang): string {
  return err.messageKey === 'validationFailed' ? formatMessage('validationFailed', lang, { detail: err.text ?? '' }) : formatMessage(err.messageKey, lang, err.vars);
}

/** The success message per language, formatted once (every answer carries it, issue 23). */
const okTexts = new Map<Lang, string>();
function okText(lang: Lang): string {
  let text = okTexts.get(lang);
  if (text === undefined) okTexts.set(lang, (text = formatMessage('ok', lang)));
  return text;
}

function answer(statusCode: number, statusInfo: string, param?: unknown): EventAnswer {
  return param === undefined ? { statusCode, statusInfo } : { statusCode, statusInfo, param };
}

/**
 * Runs one registered operation, whichever transport brought it (event or REST):
 * token, role, the general-user rule, params, handler, operation log.
 */
export async function runOperation(svc: Services, def: EventDef, param: Record<string, unknown>, token: string | undefined, lang: Lang, ip: string, log: Log): Promise<EventAnswer> {
  const ctx: EventContext = { db: svc.db, lang, ip, session: null, event: def.name };
  try {
    if (def.access.kind !== 'public') {
      ctx.session = svc.sessions.cached(token) ?? (await svc.sessions.resolve(token));
      if (!ctx.session) return answer(StatusCode.tokenInvalid, formatMessage('tokenInvalid', lang));
      if (def.access.kind === 'permission' && !subjectCan(ctx.session, def.access.permission)) {
        return answer(StatusCode.noPermission, formatMessage('noPermission', lang));
      }
      // Spec §6: general users are refused any call that carries a userId (one that changes data or
      // commands a robot) outside a short allowlist, whatever a permission would say.
      if ((def.mutating || def.audit) && ctx.session.roleId === RoleId.generalUser && !generalUserMayCall(def.name)) {
        return answer(StatusCode.noPermission, formatMessage('noPermission', lang));
      }
      // Spec §2: a company whose robots are all static has no navigation, energy, map management or terminal.
      if (STATIC_LACKING_EVENTS.has(def.name) && (await isStaticOnlyCompany(svc.db, ctx.session.companyId))) {
        return answer(StatusCode.badRequest, formatMessage('staticRobotsLack', lang));
      }
    }
    // No string of any operation may hold a NUL: PostgreSQL cannot store one (issue 18).
    const nul = findNul(param);
    if (nul !== null) return answer(StatusCode.badRequest, formatMessage('validationFailed', lang, { detail: formatMessage('nulCharacter', lang, { field: nul }) }));
    if (def.validate && !def.validate(param)) {
      const err = def.validate.errors?.[0];
      const text = err ? describeAjvError(err, (def.labelSchema ?? {}) as never, lang).message : 'invalid';
      return answer(StatusCode.badRequest, formatMessage('validationFailed', lang, { detail: text }));
    }
    const result = await def.handler(ctx, param);
    if (def.checkAnswer && svc.config.checkAnswers) checkAnswer(def, result);
    const code = def.successCode ?? StatusCode.ok;
    if ((def.mutating || def.audit) && ctx.session) await writeLog(svc, ctx, param, result, code);
    return answer(code, okText(lang), result ?? {});
  } catch (err) {
    if (err instanceof AppError) return answer(err.statusCode, appErrorText(err, lang));
    log.error({ err, event: def.name }, 'operation failed');
    return answer(StatusCode.serverError, formatMessage('serverError', lang));
  }
}

/** Tests and CHECK_ANSWERS=on: an answer that its catalogue entry does not describe is a server error. */
function checkAnswer(def: EventDef, result: unknown): void {
  const wire: unknown = JSON.parse(JSON.stringify(result ?? {}));
  if (def.checkAnswer!(wire)) return;
  const e = def.checkAnswer!.errors?.[0];
  throw new Error(`The answer of "${def.name}" does not match its catalogue entry: ${e?.instancePath || '(root)'} ${e?.message ?? ''}`);
}

async function writeLog(svc: Services, ctx: EventContext, param: unknown, result: unknown, code: number): Promise<void> {
  try {
    await svc.db.query('INSERT INTO operation_log ("userId", "username", "companyId", "event", "param", "before", "result", "statusCode") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      ctx.session!.userId,
      ctx.session!.username,
      ctx.session!.companyId,
      ctx.event,
      JSON.stringify(redact(param)),
      ctx.before === undefined ? null : JSON.stringify(redact(ctx.before)),
      JSON.stringify(redact(result) ?? null),
      code,
    ]);
  } catch {
    /* logging must not fail the call */
  }
}
