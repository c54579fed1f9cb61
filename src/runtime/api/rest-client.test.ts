import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRestClient, operationRequest } from './rest-client';

let server: http.Server;
let base = '';
const tokens: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    tokens.push(req.headers.token as string | undefined);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/robot/version') return json(200, { code: 0, message: 'success', data: { version: '1' } });
    if (req.url?.startsWith('/robot/echo') || req.url?.startsWith('/robot/track/')) return json(200, { code: 0, message: 'success', data: req.url });
    if (req.url === '/robot/expired') return json(200, { code: 403, message: 'Login expired' });
    if (req.url === '/robot/refused') return json(200, { code: 401, message: 'No permission' });
    if (req.url === '/robot/broken') return json(500, { error: 'x' });
    if (req.url === '/robot/file') {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' });
      return res.end('a,b\n1,2\n');
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client() {
  const onTokenInvalid = vi.fn();
  const saveFile = vi.fn();
  const rest = createRestClient({ baseUrl: base, getToken: () => 'tok', onTokenInvalid, describeFailure: (f) => `failure:${f}`, saveFile });
  return { rest, onTokenInvalid, saveFile };
}

describe('REST client', () => {
  it('sends the token header and resolves data when code is 0', async () => {
    await expect(client().rest('/robot/version')).resolves.toEqual({ version: '1' });
    expect(tokens.at(-1)).toBe('tok');
  });

  it('encodes query parameters and skips empty ones', async () => {
    await expect(client().rest('/robot/echo', { query: { roleId: 3, x: undefined, name: 'a b' } })).resolves.toBe('/robot/echo?roleId=3&name=a+b');
  });

  it('on code 403 returns to login and rejects with the message', async () => {
    const { rest, onTokenInvalid } = client();
    await expect(rest('/robot/expired')).rejects.toMatchObject({ code: 403, message: 'Login expired' });
    expect(onTokenInvalid).toHaveBeenCalledWith('Login expired');
  });

  it('rejects other codes with the message and non-200 statuses with the server error text', async () => {
    const { rest } = client();
    await expect(rest('/robot/refused')).rejects.toMatchObject({ code: 401, message: 'No permission' });
    await expect(rest('/robot/broken')).rejects.toMatchObject({ statusCode: 500, message: 'failure:server' });
  });

  it('saves a non-JSON answer as a file named by content-disposition', async () => {
    const { rest, saveFile } = client();
    const file = await rest<{ filename: string }>('/robot/file');
    expect(file.filename).toBe('report.csv');
    expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'report.csv');
  });

  it('calls a declared operation: placeholders from the param, the rest as query or body', async () => {
    expect(operationRequest('GET /robot/track/map/list', { robotId: 'R1', pageNum: 2 })).toEqual({ path: '/robot/track/map/list', request: { method: 'GET', query: { robotId: 'R1', pageNum: 2 } } });
    expect(operationRequest('POST /robot/track/inspectPoint/{robot}/{id}', { robot: 'A/B', id: '7', name: 'P' })).toEqual({ path: '/robot/track/inspectPoint/A%2FB/7', request: { method: 'POST', body: { name: 'P' } } });
    expect(operationRequest('DELETE /robot/track/map/delete/{id}', { id: '3' }).request).toEqual({ method: 'DELETE', query: {} });
    await expect(client().rest('GET /robot/track/inspectPoint/{robot}', { robot: 'R 1' })).resolves.toBe('/robot/track/inspectPoint/R%201');
  });
});
