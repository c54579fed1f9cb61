import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The built console as the server hands it out: content-named assets kept for good, the page itself always checked, the schema set gzipped. */
const BIG = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}];`;

/** GET with the raw bytes (fetch would undo the gzip). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

describe('static console', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fleet Console</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    // As the build writes them (vite.config.ts precompress): a gzip copy beside a larger file.
    fs.writeFileSync(path.join(dist, 'assets', 'big-Ef56Gh78.js'), BIG);
    fs.writeFileSync(path.join(dist, 'assets', 'big-Ef56Gh78.js.gz'), zlib.gzipSync(BIG));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    s = await startTestServer({ SIMULATOR: 'off', STATIC_DIR: dist });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('lets the browser keep content-named assets without asking again', async () => {
    const res = await fetch(`${s.url}/assets/index-Ab12Cd34.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy to a browser that accepts gzip, the file itself to one that does not', async () => {
    const zipped = await rawGet(`${s.url}/assets/big-Ef56Gh78.js`, { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toContain('javascript');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(zipped.body).toString()).toBe(BIG);
    const plain = await rawGet(`${s.url}/assets/big-Ef56Gh78.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
  });

  it('has the browser check other files and the page each time', async () => {
    const file = await fetch(`${s.url}/robots.txt`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=0');
    const page = await fetch(`${s.url}/videoPandect`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Fleet Console</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the schema set gzipped to a browser that accepts gzip, the same set as plain JSON', async () => {
    const zipped = await rawGet(`${s.url}/api/schemas`, { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await rawGet(`${s.url}/api/schemas`, { 'accept-encoding': 'identity' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    const set = JSON.parse(zlib.gunzipSync(zipped.body).toString()) as { entities: { $id: string }[] };
    expect(set).toEqual(JSON.parse(plain.body.toString()));
    expect(set.entities.map((e) => e.$id)).toContain('user');
  });

  it('serves an asset the build wrote after the server started, and the same bytes again from memory', async () => {
    // A rebuild while the server runs adds new content-named files: found on their first request.
    const css = '.fc-late { color: red }';
    fs.writeFileSync(path.join(dist, 'assets', 'late-Ij90Kl12.css'), css);
    const first = await rawGet(`${s.url}/assets/late-Ij90Kl12.css`, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe(css);
    // Kept in memory: removing the file does not change the answer (its name promises its bytes).
    fs.rmSync(path.join(dist, 'assets', 'late-Ij90Kl12.css'));
    const again = await rawGet(`${s.url}/assets/late-Ij90Kl12.css`, { 'accept-encoding': 'gzip' });
    expect(again.status).toBe(200);
    expect(again.body.toString()).toBe(css);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves nothing from outside the console through an asset address', async () => {
    fs.writeFileSync(path.join(dist, 'assets', '.hidden'), 'secret');
    // Sent as written (fetch would resolve the dots before sending).
    for (const p of ['/assets/..%2Findex.html', '/assets/%2e%2e/%2e%2e/package.json', '/assets/../../package.json']) {
      const res = await rawGet(`${s.url}${p}`, {});
      expect(res.status, p).toBe(404);
      expect(res.body.toString(), p).toBe('{"error":"Not found"}');
    }
    // A dot file is not an asset (the address is answered with the console's page, like any unknown one).
    const hidden = await rawGet(`${s.url}/assets/.hidden`, {});
    expect(hidden.body.toString()).not.toContain('secret');
  });

  it('answers 404 for an asset that is not there, not the page', async () => {
    const res = await fetch(`${s.url}/assets/missing-00000000.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
