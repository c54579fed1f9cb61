/**
 * Issue 23: text answers are compressed for browsers that accept it (the login page's
 * verification code, event answers, the console's index.html), and left plain for clients that
 * do not ask for it. Raw HTTP (node:http) so that nothing decodes the bytes behind the test's back.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CAPTCHA: 'on', SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, s.url), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const codeRequest = JSON.stringify({ event: 'reqVerificationCode', param: {} });

describe('compressed answers', () => {
  it('gzips the verification code answer for a client that accepts gzip', async () => {
    const r = await raw('POST', '/api/interface', { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, codeRequest);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    const answer = JSON.parse(zlib.gunzipSync(r.body).toString('utf8'));
    expect(answer.statusCode).toBe(200);
    expect(answer.param.image.startsWith('data:image/png;base64,')).toBe(true);
    expect(r.body.length).toBeLessThan(zlib.gunzipSync(r.body).length);
  });

  it('prefers brotli when the client offers it', async () => {
    const r = await raw('POST', '/api/interface', { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' }, codeRequest);
    expect(r.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(r.body).toString('utf8')).statusCode).toBe(200);
  });

  it('answers plain JSON to a client that does not accept an encoding', async () => {
    const r = await raw('POST', '/api/interface', { 'content-type': 'application/json' }, codeRequest);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString('utf8')).statusCode).toBe(200);
  });

  it('leaves small answers plain (under 1 KB the header costs more than it saves)', async () => {
    const r = await raw('GET', '/healthz', { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString('utf8')).status).toBe('ok');
  });
});
