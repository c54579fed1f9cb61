import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createRestClient } from './rest-client';
import { isTimeoutError, retryQuery } from './errors';

/** Issue 20: after a REST time-out a list stops loading (no retries under the time-out alert). */
let server: http.Server;
let base = '';
const hits: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits[req.url ?? ''] = (hits[req.url ?? ''] ?? 0) + 1;
    if (req.url === '/robot/slow') return void setTimeout(() => res.end('{}'), 2_000);
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const timeouts: string[] = [];
const client = () => createRestClient({ baseUrl: base, timeoutMs: 150, getToken: () => 't', onTokenInvalid: () => undefined, describeFailure: (f) => `failure:${f}`, onTimeout: (m) => timeouts.push(m) });
const queries = () => new QueryClient({ defaultOptions: { queries: { retry: retryQuery, retryDelay: 0 } } });

describe('query retries', () => {
  it('a timed-out list query fails at once with the time-out message and is not tried again', async () => {
    const qc = queries();
    const error = await qc.fetchQuery({ queryKey: ['slow'], queryFn: () => client()('/robot/slow') }).catch((e: unknown) => e);
    expect(String(error)).toBe('RestError: failure:timeout');
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe('failure:timeout');
    expect(timeouts).toEqual(['failure:timeout']);
    expect(hits['/robot/slow']).toBe(1);
    const state = qc.getQueryState(['slow'])!;
    expect(state.status).toBe('error');
    expect(state.fetchStatus).toBe('idle');
  });
  it('other failures are still tried up to three more times', async () => {
    const qc = queries();
    await qc.fetchQuery({ queryKey: ['broken'], queryFn: () => client()('/robot/broken') }).catch(() => undefined);
    expect(hits['/robot/broken']).toBe(4);
  });
});
