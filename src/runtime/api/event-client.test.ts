import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION } from '@common/protocol';
import { createEventClient, type CallNamedEvent, type EventClientDeps } from './event-client';
import { AbortedError, EventError, isAbortedError } from './errors';

/** A tiny real server: each event name chooses the answer. */
let server: http.Server;
let url = '';
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const envelope = JSON.parse(body) as { event: string; param: Record<string, unknown> };
      received.push(envelope);
      const send = (answer: unknown) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      };
      switch (envelope.event) {
        case 'ok':
          return send({ statusCode: 200, statusInfo: 'Success', param: { echo: envelope.param } });
        case 'ok211':
          return send({ statusCode: 211, statusInfo: 'Success', param: 'done' });
        case 'expired':
          return send({ statusCode: 403, statusInfo: 'Login expired, please log in again' });
        case 'refused':
          return send({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
        case 'bad':
          return send({ statusCode: 400, statusInfo: 'Name: illegal characters' });
        case 'noStatus':
          return send({ hello: 'world' });
        case 'notJson':
          res.end('<html>oops</html>');
          return;
        case 'slow':
          setTimeout(() => send({ statusCode: 200, statusInfo: 'Success', param: 1 }), 300);
          return;
        default:
          return send({ statusCode: 404, statusInfo: 'Unknown event' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/interface`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(overrides: Partial<EventClientDeps> = {}) {
  const onTokenInvalid = vi.fn();
  // Events of this test server are not in the catalogue: called as a schema-named event is.
  const call = createEventClient({
    url,
    getToken: () => 'tok-1',
    getLang: () => 'ja',
    onTokenInvalid,
    describeFailure: (f) => `failure:${f}`,
    ...overrides,
  }) as unknown as CallNamedEvent;
  return { call, onTokenInvalid };
}

describe('event client', () => {
  it('posts the envelope with token, protocol version and language, and resolves with param', async () => {
    const { call } = client();
    await expect(call('ok', { a: 1 })).resolves.toEqual({ echo: { a: 1 } });
    expect(received.at(-1)).toEqual({ event: 'ok', param: { a: 1 }, token: 'tok-1', protocolVersion: PROTOCOL_VERSION, lang: 'ja' });
  });

  it('treats 211 as success', async () => {
    await expect(client().call('ok211')).resolves.toBe('done');
  });

  it('uses a token given per call (a token from the URL query)', async () => {
    await client().call('ok', {}, { token: 'from-url' });
    expect(received.at(-1)?.token).toBe('from-url');
  });

  it('on 403 clears the session through onTokenInvalid and rejects with statusInfo', async () => {
    const { call, onTokenInvalid } = client();
    const error = await call('expired').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventError);
    expect(error).toMatchObject({ statusCode: 403, message: 'Login expired, please log in again' });
    expect(onTokenInvalid).toHaveBeenCalledWith('Login expired, please log in again');
  });

  it('rejects other codes with statusCode and statusInfo, without touching the session', async () => {
    const { call, onTokenInvalid } = client();
    await expect(call('refused')).rejects.toMatchObject({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
    await expect(call('bad')).rejects.toMatchObject({ statusCode: 400, message: 'Name: illegal characters' });
    await expect(call('nope')).rejects.toMatchObject({ statusCode: 404 });
    expect(onTokenInvalid).not.toHaveBeenCalled();
  });

  it('rejects an answer without statusCode/statusInfo or without JSON', async () => {
    const { call } = client();
    await expect(call('noStatus')).rejects.toMatchObject({ message: 'failure:badAnswer' });
    await expect(call('notJson')).rejects.toMatchObject({ message: 'failure:badAnswer' });
  });

  it('rejects an aborted request with AbortedError (which UI code ignores)', async () => {
    const { call } = client();
    const controller = new AbortController();
    const pending = call('slow', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(isAbortedError(error)).toBe(true);
    const already = new AbortController();
    already.abort();
    await expect(call('ok', {}, { signal: already.signal })).rejects.toBeInstanceOf(AbortedError);
  });

  it('times out with a timeout error (not an aborted one)', async () => {
    const { call } = client({ timeoutMs: 50 });
    const error = await call('slow').catch((e: unknown) => e);
    expect(isAbortedError(error)).toBe(false);
    expect(error).toMatchObject({ message: 'failure:timeout' });
  });

  it('reports a time-out to onTimeout with the time-out message (the console shows it as a failure alert)', async () => {
    const reported: string[] = [];
    const { call } = client({ timeoutMs: 50, onTimeout: (m) => reported.push(m) });
    await call('slow').catch(() => undefined);
    expect(reported).toEqual(['failure:timeout']);
    await call('ok');
    expect(reported).toEqual(['failure:timeout']);
  });

  it('reports a network failure', async () => {
    const { call } = client({ url: 'http://127.0.0.1:9/api/interface' });
    await expect(call('ok')).rejects.toMatchObject({ message: 'failure:network' });
  });
});
