/**
 * Client of `POST /api/export` (docs/protocol.md "Export"): the list of an entity as the list
 * page filters and sorts it, answered as an .xlsx file, or `{code, message}` on failure.
 */
import { RestCode } from '@common/protocol';
import type { Lang } from '@common/protocol';
import { filenameOf } from './rest-client';

/** The JSON body of an export request. */
export interface ExportBody {
  entity: string;
  /** The list event's filters and sort, without paging. */
  param: Record<string, unknown>;
  lang: Lang;
}

/** What an export gives: the file, or the server's (or a transport) message. */
export type ExportResult = { ok: true; filename: string; blob: Blob } | { ok: false; code: number; message: string };

/** What the export client needs from its surroundings. */
export interface ExportDeps {
  fetch?: typeof fetch;
  getToken: () => string | undefined;
  /** Called when the server says the token is no longer valid (the console returns to login). */
  onTokenInvalid?: (message: string) => void;
  /** Text for a failure without a server message (network down, not JSON, not a file). */
  failureText: string;
  /** Another route answering the same body with a file (`x-list-exports`, e.g. meter statements); default /api/export. */
  path?: string;
}

/** The export body for a list's params: the same filters and sort, paging left out (the file holds every row). */
export function exportBody(entity: string, listParam: Record<string, unknown>, lang: Lang): ExportBody {
  const { pageNum: _pageNum, pageSize: _pageSize, ...param } = listParam;
  return { entity, param, lang };
}

/** Sends the export request and reads the answer as a file or a `{code, message}` failure. */
export async function requestExport(body: ExportBody, deps: ExportDeps): Promise<ExportResult> {
  const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
  let res: Response;
  try {
    res = await fetchImpl(deps.path ?? '/api/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: deps.getToken() ?? '' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, code: 0, message: deps.failureText };
  }
  if (!res.ok) return { ok: false, code: res.status, message: deps.failureText };
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    let answer: { code?: number; message?: string };
    try {
      answer = (await res.json()) as { code?: number; message?: string };
    } catch {
      return { ok: false, code: 0, message: deps.failureText };
    }
    const code = typeof answer.code === 'number' ? answer.code : 0;
    const message = answer.message || deps.failureText;
    if (code === RestCode.tokenInvalid) deps.onTokenInvalid?.(message);
    return { ok: false, code, message };
  }
  const fallback = `${body.entity}.xlsx`;
  const named = filenameOf(res.headers.get('content-disposition'));
  return { ok: true, filename: named === 'download' ? fallback : named, blob: await res.blob() };
}
