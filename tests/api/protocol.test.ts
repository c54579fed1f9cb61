import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

const post = async (body: string, contentType = 'application/json') => {
  const res = await fetch(`${s.url}/api/interface`, { method: 'POST', headers: { 'content-type': contentType, 'accept-language': 'en' }, body });
  return { status: res.status, body: (await res.json()) as { statusCode: number; statusInfo: string } };
};

describe('event envelope', () => {
  it('answers an unknown event with 404 and names it', async () => {
    expect(await s.call('noSuchEvent')).toEqual({ statusCode: 404, statusInfo: 'Unknown event "noSuchEvent"' });
  });

  it('answers malformed JSON with an error answer, not an HTTP error', async () => {
    const r = await post('{"event": ');
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(400);
    expect(r.body.statusInfo).toMatch(/^Malformed request: /);
  });

  it('answers a body without an event, a non-object param and a wrong protocol version', async () => {
    expect((await post('[1,2]')).body).toEqual({ statusCode: 400, statusInfo: 'Malformed request: body must be a JSON object' });
    expect((await post('{"param":{}}')).body).toEqual({ statusCode: 400, statusInfo: 'Malformed request: "event" must be a string' });
    expect((await post('{"event":"getUser","param":[1]}')).body).toEqual({ statusCode: 400, statusInfo: 'Malformed request: "param" must be an object' });
    expect((await post('{"event":"getUser","protocolVersion":"0.9"}')).body).toEqual({ statusCode: 400, statusInfo: 'Unsupported protocol version 0.9' });
  });

  it('answers a wrong content type without a 5xx', async () => {
    const r = await post('hello', 'text/plain');
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe(400);
  });

  it('answers 403 for a missing, unknown or revoked token', async () => {
    expect((await s.call('getUser', {})).statusCode).toBe(403);
    expect(await s.call('getUser', {}, 'not-a-token')).toEqual({ statusCode: 403, statusInfo: 'Login expired, please log in again' });
    const token = await s.login('admin');
    expect((await s.call('getUser', {}, token)).statusCode).toBe(200);
    expect((await s.call('logOut', {}, token)).statusCode).toBe(200);
    expect((await s.call('getUser', {}, token)).statusCode).toBe(403);
  });

  it('answers in the caller language', async () => {
    expect((await s.call('getUser', {}, 'bad', 'zh')).statusInfo).toBe('登录已过期，请重新登录');
    expect((await s.call('getUser', {}, 'bad', 'ja')).statusInfo).toBe('ログインの有効期限が切れました。再度ログインしてください');
  });
});

describe('startup configuration and REST', () => {
  it('serves /config.json with addresses derived from the request', async () => {
    const cfg = (await (await fetch(`${s.url}/config.json`)).json()) as Record<string, unknown>;
    const host = new URL(s.url).host;
    expect(cfg).toMatchObject({ httpUrl: `http://${host}`, largeFileUrl: `http://${host}`, wsUrl: `ws://${host}/ws`, protocolVersion: '1.0.3', mapMaxLayer: 10, https: false });
    expect(Array.isArray(cfg.iceServers)).toBe(true);
    const secure = (await (await fetch(`${s.url}/config.json`, { headers: { 'x-forwarded-proto': 'https' } })).json()) as Record<string, unknown>;
    expect(secure.wsUrl).toBe(`wss://${host}/ws`);
  });

  it('answers REST with {code, message, data} and 403 without a token', async () => {
    expect(await (await fetch(`${s.url}/robot/version`)).json()).toEqual({ code: 403, message: 'Login expired, please log in again' });
    const token = await s.login('monitor');
    const ok = (await (await fetch(`${s.url}/robot/version`, { headers: { token } })).json()) as { code: number; data: { protocolVersion: string } };
    expect(ok.code).toBe(0);
    expect(ok.data.protocolVersion).toBe('1.0.3');
  });

  it('serves the live schema set', async () => {
    const body = (await (await fetch(`${s.url}/api/schemas`)).json()) as { entities: { $id: string }[]; enums: { $id: string }[] };
    expect(body.entities.map((e) => e.$id)).toEqual(expect.arrayContaining(['company', 'robot', 'user', 'user-log']));
    expect(body.enums.map((e) => e.$id)).toContain('robot-status');
  });
});
