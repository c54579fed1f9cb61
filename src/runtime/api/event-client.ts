/**
 * Client of the main interface `POST /api/interface` (spec §7): one envelope per event,
 * answered by `{statusCode, statusInfo, param}`. Dependencies are injected so tests run
 * it against a real HTTP server without module mocking.
 */
import { PROTOCOL_VERSION, isSuccessCode, StatusCode, type EventAnswer, type EventEnvelope, type Lang } from '@common/protocol';
import { Timeouts } from '@common/constants';
import type { AnswerOf, EventName, ParamOf } from '@common/events';
import { AbortedError, EventError, markTimedOut } from './errors';

/** Why a call failed before the server could answer, for a localized message. */
export type TransportFailure = 'network' | 'timeout' | 'badAnswer';

/** What the event client needs from its surroundings. */
export interface EventClientDeps {
  /** Endpoint; default `/api/interface`. */
  url?: string;
  fetch?: typeof fetch;
  getToken: () => string | undefined;
  getLang: () => Lang;
  /** Called on statusCode 403 (token missing or expired) before the promise rejects. */
  onTokenInvalid: (statusInfo: string) => void;
  /** Localized text for failures that have no statusInfo. */
  describeFailure: (failure: TransportFailure) => string;
  timeoutMs?: number;
  /** Called with the time-out message when a call gets no answer in time (the console shows it as a failure alert). */
  onTimeout?: (message: string) => void;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Use this token instead of the session's (a token from the URL query). */
  token?: string;
}

/**
 * Calls one event and resolves with the answer's `param`. An event of the protocol catalogue
 * (common/events) has its param checked and its answer typed at compile time:
 * `callEvent('getMapById', { mapId })` resolves with `MapRecord[]`.
 */
export type CallEvent = <N extends EventName>(event: N, param: ParamOf<N>, options?: CallOptions) => Promise<AnswerOf<N>>;

/** Calls an event whose name a schema gives at run time (entity `x-api`, settings): its answer is unknown until checked. */
export type CallNamedEvent = (event: string, param?: object, options?: CallOptions) => Promise<unknown>;

/** Builds an event client from its dependencies. */
export function createEventClient(deps: EventClientDeps): CallEvent {
  const url = deps.url ?? '/api/interface';
  const timeoutMs = deps.timeoutMs ?? Timeouts.mainInterfaceMs;
  return async function sendEvent<R>(event: string, param: object = {}, options: CallOptions = {}): Promise<R> {
    const { signal } = options;
    if (signal?.aborted) throw new AbortedError();
    const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
    const envelope: EventEnvelope = {
      event,
      param: param as Record<string, unknown>,
      token: options.token ?? deps.getToken() ?? '',
      protocolVersion: PROTOCOL_VERSION,
      lang: deps.getLang(),
    };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    let answer: EventAnswer<R>;
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(envelope),
        signal: controller.signal,
      });
      try {
        answer = (await response.json()) as EventAnswer<R>;
      } catch (error) {
        if (controller.signal.aborted) throw error;
        throw new EventError(response.status, deps.describeFailure('badAnswer'), event);
      }
    } catch (error) {
      if (error instanceof EventError) throw error;
      if (timedOut) {
        const text = deps.describeFailure('timeout');
        deps.onTimeout?.(text);
        throw markTimedOut(new EventError(0, text, event));
      }
      if (signal?.aborted) throw new AbortedError();
      throw new EventError(0, deps.describeFailure('network'), event);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
    if (!answer || typeof answer !== 'object' || typeof answer.statusCode !== 'number' || typeof answer.statusInfo !== 'string') {
      throw new EventError(0, deps.describeFailure('badAnswer'), event);
    }
    if (isSuccessCode(answer.statusCode)) return answer.param as R;
    if (answer.statusCode === StatusCode.tokenInvalid) deps.onTokenInvalid(answer.statusInfo);
    throw new EventError(answer.statusCode, answer.statusInfo, event);
  } as CallEvent;
}
