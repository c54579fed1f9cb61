/**
 * Client of the REST calls under `/robot/…` (spec §7): token in a `token` header,
 * answers `{code, message, data}`, 30 s timeout.
 */
import { Timeouts } from '@common/constants';
import { RestCode, type RestAnswer } from '@common/protocol';
import type { AnswerOf, EventName, ParamOf } from '@common/events';
import { restMethodOf } from '@common/events/define';
import { AbortedError, markTimedOut, RestError } from './errors';
import type { TransportFailure } from './event-client';

/** What the REST client needs from its surroundings. */
export interface RestClientDeps {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken: () => string | undefined;
  onTokenInvalid: (message: string) => void;
  describeFailure: (failure: TransportFailure | 'server') => string;
  timeoutMs?: number;
  /** Called with the time-out message when a call gets no answer in time (the console shows it as a failure alert). */
  onTimeout?: (message: string) => void;
  /** Saves a non-JSON answer as a file (browser default: an anchor download). */
  saveFile?: (blob: Blob, filename: string) => void;
}

/** One REST request. */
export interface RestRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
}

/** A file the server answered with instead of JSON. */
export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

/** A REST operation of the protocol catalogue (common/events): `GET /robot/track/map/list`, `POST /robot/track/inspectPoint/{robot}`. */
export type RestOperation = Extract<EventName, `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`>;

/** Per-call options of a declared operation. */
export type RestOptions = Pick<RestRequest, 'signal'>;

/** Performs one REST call and resolves with `data` (or a file, or an event stream). */
export interface RestCall {
  /**
   * An operation of the catalogue, param and answer typed from it: the path's placeholders are
   * filled from the param, the rest of the param is the query (GET, DELETE) or the JSON body.
   * `restCall('GET /robot/track/inspectPoint/{robot}', { robot })`.
   */
  <N extends RestOperation>(operation: N, param: ParamOf<N>, options?: RestOptions): Promise<AnswerOf<N>>;
  /** A path: files, and operations not declared in the catalogue. */
  <T = unknown>(path: string, request?: RestRequest): Promise<T>;
}

/** The path and request of a declared operation's call (`POST /robot/x/{id}` with `{id: 'a', n: 1}` → `/robot/x/a`, body `{n: 1}`). */
export function operationRequest(operation: string, param: Record<string, unknown> = {}, options: RestOptions = {}): { path: string; request: RestRequest } {
  const method = restMethodOf(operation) as NonNullable<RestRequest['method']>;
  const rest = { ...param };
  const path = operation.slice(method.length + 1).replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  const request: RestRequest = method === 'GET' || method === 'DELETE' ? { method, query: rest as RestRequest['query'] } : { method, body: rest };
  return { path, request: options.signal ? { ...request, signal: options.signal } : request };
}

/** The file name a content-disposition header gives (RFC 5987 `filename*` first), or "download". */
export function filenameOf(disposition: string | null): string {
  if (!disposition) return 'download';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? 'download';
}

/** Saves a blob as a file in the browser (object URL + anchor download). */
export function browserSave(blob: Blob, filename: string): void {
  if (typeof document === 'undefined') return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Builds a REST client from its dependencies. */
export function createRestClient(deps: RestClientDeps): RestCall {
  const timeoutMs = deps.timeoutMs ?? Timeouts.restClientMs;
  const call = (target: string, second?: object, third?: RestOptions): Promise<unknown> => {
    if (!restMethodOf(target)) return rest(target, second as RestRequest | undefined);
    const { path, request } = operationRequest(target, second as Record<string, unknown>, third);
    return rest(path, request);
  };
  return call as RestCall;

  async function rest<T>(path: string, request: RestRequest = {}): Promise<T> {
    const { signal } = request;
    if (signal?.aborted) throw new AbortedError();
    const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined && v !== null) search.set(k, String(v));
    const url = `${deps.baseUrl ?? ''}${path}${search.size ? `?${search}` : ''}`;
    const headers: Record<string, string> = { token: deps.getToken() ?? '' };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      let response: Response;
      try {
        response = await fetchImpl(url, { method: request.method ?? 'GET', headers, body, signal: controller.signal });
      } catch {
        if (timedOut) {
          const text = deps.describeFailure('timeout');
          deps.onTimeout?.(text);
          throw markTimedOut(new RestError(0, text));
        }
        if (signal?.aborted) throw new AbortedError();
        throw new RestError(0, deps.describeFailure('server'));
      }
      if (response.status !== 200) throw new RestError(response.status, deps.describeFailure('server'));
      const type = response.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) return response.body as T;
      if (!type.includes('json')) {
        const file: DownloadedFile = { filename: filenameOf(response.headers.get('content-disposition')), blob: await response.blob() };
        (deps.saveFile ?? browserSave)(file.blob, file.filename);
        return file as T;
      }
      let answer: RestAnswer<T>;
      try {
        answer = (await response.json()) as RestAnswer<T>;
      } catch {
        throw new RestError(0, deps.describeFailure('badAnswer'));
      }
      if (answer.code === RestCode.ok) return answer.data as T;
      if (answer.code === RestCode.tokenInvalid) deps.onTokenInvalid(answer.message);
      throw new RestError(answer.code, answer.message ?? deps.describeFailure('badAnswer'));
    } catch (error) {
      if (error instanceof RestError && signal?.aborted && !timedOut) throw new AbortedError();
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }
}
