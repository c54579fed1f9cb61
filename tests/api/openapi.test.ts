import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, type EventName } from '../../common/events';
import { restMethodOf } from '../../common/events/define';
import { HTTP_ROUTES, fastifyPathOf } from '../../common/events/http-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The protocol declared once: every operation the server has is in the catalogue and in /api/openapi.json. */
describe('event catalogue and OpenAPI document', () => {
  let s: TestServer;
  let doc: { openapi: string; paths: Record<string, Record<string, { operationId: string; tags: string[]; requestBody?: any; responses: any; parameters?: any[] }>> };
  beforeAll(async () => {
    s = await startTestServer({ SIMULATOR: 'off' });
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  afterAll(async () => {
    await s.close();
  });

  const operationOf = (name: string) => {
    const method = restMethodOf(name);
    return method ? doc.paths[name.slice(method.length + 1)]?.[method.toLowerCase()] : doc.paths[`/api/interface#${name}`]?.post;
  };

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes every event and REST route the server has registered', () => {
    const names = s.server.services.events.names();
    expect(names.length).toBeGreaterThan(100);
    const missing = names.filter((n) => !operationOf(n));
    expect(missing).toEqual([]);
  });

  it('has a handler for every catalogue entry, registered against that entry', () => {
    const reg = s.server.services.events;
    const without = (Object.keys(EVENTS) as EventName[]).filter((n) => reg.get(n)?.entry !== EVENTS[n]);
    expect(without).toEqual([]);
  });

  it('has no hand-written operation outside the catalogue: the rest are schema-driven', () => {
    const reg = s.server.services.events;
    const stray = reg.names().filter((n) => !reg.get(n)!.entry && !reg.get(n)!.schemaDriven);
    expect(stray).toEqual([]);
    const declared = reg.names().filter((n) => reg.get(n)!.entry).length;
    expect(declared).toBe(Object.keys(EVENTS).length);
  });

  it('refuses to register an event the catalogue lacks', () => {
    const reg = s.server.services.events;
    const stray = { ...EVENTS.getMapById, name: 'getMapByIdTwice' };
    expect(() => reg.handle(stray as never, (async () => []) as never)).toThrow('Event "getMapByIdTwice" is not in the protocol catalogue (common/events).');
    expect(reg.get('getMapByIdTwice')).toBeUndefined();
  });

  it('carries a catalogue entry’s param and answer schemas', () => {
    const op = operationOf('getMapById')!;
    expect(op.tags).toEqual(['maps']);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.event).toEqual({ const: 'getMapById' });
    expect(body.properties.param.required).toEqual(['mapId']);
    expect(body.properties.param.properties.mapId['x-labels']).toEqual({ en: 'Map', zh: '地图', ja: '地図' });
    const answer = op.responses['200'].content['application/json'].schema.properties.param;
    expect(answer.type).toBe('array');
    expect(answer.items.properties.syncs.type).toBe('array');
    // A REST operation: query parameters from its param schema, the answer as `data`.
    const rest = operationOf('GET /robot/map/list')!;
    expect(rest.parameters!.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['header:token', 'query:pageNum', 'query:mapType']));
    expect(rest.responses['200'].content['application/json'].schema.properties.data.properties.list.items.properties.mapId).toEqual({ type: 'integer' });
  });

  it('describes schema-driven entity operations with their entity’s record', () => {
    const entityOps = Object.entries(doc.paths).flatMap(([, ops]) => Object.values(ops)).filter((op) => op.tags[0] === 'entities');
    expect(entityOps.length).toBeGreaterThan(20);
  });

  /** Prefixes of the protocol's URLs: every route under them is an event operation or a declared HTTP route. */
  const PROTOCOL_PREFIXES = ['/robot/', '/authority/', '/api/', '/live', '/ws', '/uploads', '/config.json'];
  /** The registry's own routes: the event endpoint and the REST dispatcher's wildcards (each of its operations is checked above). */
  const REGISTRY_ROUTES = new Set(['POST /api/interface', ...['/robot/*', '/authority/*'].flatMap((u) => ['GET', 'POST', 'PUT', 'DELETE'].map((m) => `${m} ${u}`))]);

  it('declares every plain HTTP route Fastify has registered, and registers every declared one', () => {
    const registered = new Set(s.server.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => `${r.method} ${r.url}`));
    const declared = new Set(HTTP_ROUTES.flatMap((r) => r.methods.map((m) => `${m} ${fastifyPathOf(r)}`)));
    expect(declared.size).toBe(HTTP_ROUTES.reduce((n, r) => n + r.methods.length, 0)); // no route declared twice
    const undeclared = [...registered].filter((k) => PROTOCOL_PREFIXES.some((p) => k.split(' ')[1]!.startsWith(p)) && !REGISTRY_ROUTES.has(k) && !declared.has(k));
    expect(undeclared).toEqual([]);
    const unregistered = [...declared].filter((k) => !registered.has(k));
    expect(unregistered).toEqual([]);
    for (const k of REGISTRY_ROUTES) expect(registered.has(k), k).toBe(true);
    // A declared route is not also an event operation (it would be one operation twice in the document).
    expect(HTTP_ROUTES.flatMap((r) => r.methods.map((m) => `${m} ${r.path}`)).filter((k) => s.server.services.events.get(k))).toEqual([]);
  });

  it('describes the plain HTTP routes under their real paths', () => {
    for (const r of HTTP_ROUTES) for (const m of r.methods) expect(doc.paths[r.path]?.[m.toLowerCase()], `${m} ${r.path}`).toBeTruthy();
    const upload = doc.paths['/api/upload']!.post!;
    expect(upload.tags).toEqual(['files']);
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.parameters!.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['header:token', 'query:kind']));
    expect(upload.responses['200'].content['application/json'].schema.properties.data.properties.files.type).toBe('array');
    const tile = doc.paths['/robot/map/tile/{mapId}/{z}/{x}/{y}']!.get!;
    expect(tile.tags).toEqual(['maps']);
    expect(tile.parameters!.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name)).toEqual(['mapId', 'z', 'x', 'y']);
    expect(Object.keys(tile.responses['200'].content)).toEqual(['image/png']);
    expect(Object.keys(doc.paths['/api/export']!.post!.responses['200'].content)).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(doc.paths['/ws']!.get!.responses['101']).toBeTruthy();
    expect(doc.paths['/live/{robotId}/{camera}']!.get!.responses['101']).toBeTruthy();
    expect(doc.paths['/robot/avstream/videoRecord']!.post).toBeTruthy();
    expect(doc.paths['/robot/map/upload']!.get).toBeUndefined();
  });

  it('serves the browsable reference from this server (Swagger UI, no CDN)', async () => {
    const page = await fetch(`${s.url}/api/reference/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('./swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${s.url}/api/reference/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.text()).length).toBeGreaterThan(500_000);
    expect((await fetch(`${s.url}/api/reference/nothing.js`)).status).toBe(404);
  });
});
