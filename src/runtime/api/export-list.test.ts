import { describe, expect, it, vi } from 'vitest';
import { exportBody, requestExport, type ExportDeps } from './export-list';
import { listParams } from './data-provider';

interface Sent {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: () => Response, sent: Sent[]): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as typeof fetch;
}

const deps = (fetchImpl: typeof fetch, extra: Partial<ExportDeps> = {}): ExportDeps => ({
  fetch: fetchImpl,
  getToken: () => 'tok-1',
  failureText: 'Export failed',
  ...extra,
});

describe('export of the filtered list', () => {
  it('POSTs {entity, param: the list filters and sort without paging, lang} with the token header', async () => {
    const sent: Sent[] = [];
    const xlsx = () =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="user-log.xlsx"; filename*=UTF-8''${encodeURIComponent('操作日志-2026-11-02.xlsx')}`,
        },
      });
    // The same params the list event receives (data-provider getList adds pageNum/pageSize to these).
    const filters = [
      { field: 'username', operator: 'contains' as const, value: ' admin ' },
      { field: 'event', operator: 'contains' as const, value: '' },
      { field: 'at', operator: 'between' as const, value: ['2026-11-01T00:00:00.000Z', ''] },
    ];
    const listParam = { pageNum: 3, pageSize: 20, ...listParams(filters, [{ field: 'at', order: 'desc' }]) };
    const result = await requestExport(exportBody('user-log', listParam, 'zh'), deps(fakeFetch(xlsx, sent)));

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/export');
    expect(sent[0]!.init.method).toBe('POST');
    expect((sent[0]!.init.headers as Record<string, string>).token).toBe('tok-1');
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
      entity: 'user-log',
      param: { username: 'admin', at: ['2026-11-01T00:00:00.000Z', ''], sortField: 'at', sortOrder: 'desc' },
      lang: 'zh',
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.filename).toBe('操作日志-2026-11-02.xlsx');
      expect(result.blob.size).toBe(4);
    }
  });

  it("answers the server's message when it refuses (JSON {code, message}), and returns to login on 403", async () => {
    const refused = await requestExport(
      exportBody('company', {}, 'en'),
      deps(fakeFetch(() => Response.json({ code: 401, message: 'Insufficient permissions to operate!' }), [])),
    );
    expect(refused).toEqual({ ok: false, code: 401, message: 'Insufficient permissions to operate!' });

    const onTokenInvalid = vi.fn();
    const expired = await requestExport(
      exportBody('company', {}, 'en'),
      deps(fakeFetch(() => Response.json({ code: 403, message: 'Login expired, please log in again' }), []), { onTokenInvalid }),
    );
    expect(expired.ok).toBe(false);
    expect(onTokenInvalid).toHaveBeenCalledWith('Login expired, please log in again');
  });

  it('falls back to a readable text when the network or the server fails, and to <entity>.xlsx without a file name', async () => {
    const down = await requestExport(exportBody('robot', {}, 'ja'), deps((async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch));
    expect(down).toEqual({ ok: false, code: 0, message: 'Export failed' });
    const broken = await requestExport(exportBody('robot', {}, 'ja'), deps(fakeFetch(() => new Response('oops', { status: 502 }), [])));
    expect(broken).toEqual({ ok: false, code: 502, message: 'Export failed' });
    const unnamed = await requestExport(exportBody('robot', {}, 'ja'), deps(fakeFetch(() => new Response('x', { headers: { 'content-type': 'application/octet-stream' } }), [])));
    expect(unnamed.ok && unnamed.filename).toBe('robot.xlsx');
  });
});
