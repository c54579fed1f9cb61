/**
 * Fuzz (issue 18), generated from the live operation registry: for every operation (events and REST
 * routes, catalogue and schema-driven), malformed values for each declared parameter and for `id`:
 * wrong types (booleans and arrays where ids belong), out-of-range numbers, NUL characters.
 * Every answer must be a refusal that names the problem (never a 500), and nothing may change.
 * Malformed socket frames on /ws and /live-mux close at most that socket; the server goes on.
 * A new operation is covered without writing its test: it is in the registry.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EventDef } from '../../server/events/registry';
import { MQTT_TOPICS, mqttTopicOf } from '../../common/events/mqtt';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  token = await s.login('admin');
});
afterAll(async () => s?.close());

type Prop = { type?: string | string[] };
const typeOf = (p: Prop | undefined): string => (Array.isArray(p?.type) ? p!.type.find((t) => t !== 'null') : p?.type) ?? 'any';

const nulString = fc.string({ maxLength: 8 }).map((t) => `${t}\u0000${t}`);
const hugeNumber = fc.constantFrom(1e300, -1e300, 2 ** 53, 2 ** 31, -(2 ** 31) - 1, 1e20);
const wrongShape = fc.oneof(fc.boolean(), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }), fc.record({ x: nulString }), nulString);

/** Values that no parameter of the given type may accept. */
function malformed(p: Prop | undefined): fc.Arbitrary<unknown> {
  switch (typeOf(p)) {
    case 'integer':
      return fc.oneof(wrongShape, hugeNumber, fc.constant(1.5));
    case 'number':
      return fc.oneof(wrongShape, fc.constantFrom(1e300, -1e300));
    case 'string':
      return fc.oneof(fc.boolean(), fc.array(nulString, { minLength: 1, maxLength: 2 }), fc.record({ x: nulString }), nulString);
    case 'boolean':
      return fc.oneof(nulString, fc.array(fc.boolean(), { minLength: 1, maxLength: 2 }), fc.record({ x: nulString }));
    case 'array':
      return fc.oneof(fc.boolean(), nulString, fc.array(nulString, { minLength: 1, maxLength: 2 }), fc.record({ x: nulString }));
    default:
      return fc.oneof(nulString, fc.array(nulString, { minLength: 1, maxLength: 2 }), fc.record({ x: nulString }));
  }
}

/** Values always tried besides the generated ones: the ones that once acted on real rows (true → row 1, [3] → row 3). */
const EDGES: Record<string, unknown[]> = {
  integer: [true, [1], [2], 2 ** 53, 1e300, 'a\u0000'],
  number: [true, [1], 1e300],
  string: [false, ['x'], 'x\u0000y'],
};

/** Calls one operation the way a client would: the event envelope, or its REST route. */
async function callOperation(def: EventDef, param: Record<string, unknown>): Promise<{ code: number; message: string }> {
  const rest = /^(GET|POST|PUT|DELETE) (\/.*)$/.exec(def.name);
  if (!rest) {
    const a = await s.call(def.name, param, token);
    return { code: a.statusCode, message: a.statusInfo };
  }
  const [, method, path] = rest;
  // Path holes get a well-formed id; the malformed values travel in the body (or the query).
  const url = new URL(`${s.url}${path!.replace(/\{[^}]+\}/g, '999999')}`);
  const bodyless = method === 'GET' || method === 'DELETE';
  if (bodyless) for (const [k, v] of Object.entries(param)) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const res = await fetch(url, { method, headers: { token, 'content-type': 'application/json', 'accept-language': 'en' }, body: bodyless ? undefined : JSON.stringify(param) });
  if (res.status >= 500) return { code: res.status, message: await res.text() };
  const body = (await res.json()) as { code: number; message: string };
  return { code: body.code, message: body.message };
}

describe('fuzz over every operation of the registry', () => {
  it('answers malformed parameters with a refusal, never a 500, and changes nothing', async () => {
    const reg = s.server.services.events;
    // logOut would end the fuzzing session; modifyPassword and login are refused by their own checks (covered in login tests).
    const ops = reg.names().map((n) => reg.get(n)!).filter((d) => d.name !== 'logOut');
    expect(ops.length).toBeGreaterThan(250);
    const failures: string[] = [];
    let calls = 0;
    for (const [i, def] of ops.entries()) {
      const props = ((def.entry?.param ?? def.labelSchema) as { properties?: Record<string, Prop> } | undefined)?.properties ?? {};
      const names = [...new Set(['id', ...Object.keys(props)])].filter((n) => !n.startsWith('x-'));
      const before = def.mutating ? await s.fingerprint() : '';
      for (const [j, name] of names.entries()) {
        const prop = name === 'id' ? { type: 'integer' } : props[name];
        for (const value of [...(EDGES[typeOf(prop)] ?? []), ...fc.sample(malformed(prop), { numRuns: 3, seed: 1000 * i + j })]) {
          const r = await callOperation(def, { [name]: value });
          calls++;
          if (r.code >= 500) failures.push(`${def.name} {${name}: ${JSON.stringify(value)}}: ${r.code} ${r.message}`);
          else if (r.code === 200 && def.mutating) failures.push(`${def.name} {${name}: ${JSON.stringify(value)}}: accepted`);
        }
      }
      if (def.mutating && (await s.fingerprint()) !== before) failures.push(`${def.name}: data changed under malformed parameters`);
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    // Thousands of calls over every event of the catalogue (robot commands wait for their robot): no timing is asserted.
  }, 240_000);

  it('a wrong-typed id is refused with the field named and acts on no row', async () => {
    const robots = await s.call<{ total: number }>('reqRobotBasicInfo', { pageNum: 1, pageSize: 10 }, token);
    for (const id of [true, [1], '1', 1e300]) {
      const a = await s.call('deleteRobot', { id }, token);
      expect(a.statusCode).toBe(400);
      expect(a.statusInfo).toMatch(/^Validation failed: /);
    }
    const nul = await s.call('addCompany', { name: 'Evil\u0000Co' }, token);
    expect(nul).toMatchObject({ statusCode: 400, statusInfo: 'Validation failed: name must not contain NUL characters' });
    expect((await s.call<{ total: number }>('reqRobotBasicInfo', { pageNum: 1, pageSize: 10 }, token)).param!.total).toBe(robots.param!.total);
  });
});

describe('malformed socket frames', () => {
  const open = async (path: string, as: string | null = token) => {
    const url = `${s.url.replace('http', 'ws')}${path}`;
    const ws = as === null ? new WebSocket(url) : authedSocket(url, as);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    return { ws, closed };
  };
  const frames = fc.sample(
    fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json(),
      fc.record({ type: fc.constantFrom('subscribe', 'unsubscribe', 'open', 'close', 'heartbeat', 'x'), topic: fc.oneof(fc.string(), fc.integer(), nulString, fc.constant({})), id: fc.oneof(fc.integer(), fc.string(), fc.boolean()), path: fc.oneof(fc.string(), nulString, fc.constantFrom('/live/%E0%A4%A/1', '/live/%/%', '/live/%ZZ/front')) }).map((o) => JSON.stringify(o)),
    ),
    { numRuns: 300, seed: 18 },
  );

  it('on /ws and /live-mux: the server goes on and a good socket still works', async () => {
    for (const path of ['/ws', '/live-mux']) {
      const { ws } = await open(path);
      for (const f of frames) if (ws.readyState === WebSocket.OPEN) ws.send(f);
      if (ws.readyState === WebSocket.OPEN) ws.send(Buffer.from([0, 1, 2, 0xff, 0xfe]));
      await new Promise((r) => setTimeout(r, 300));
      ws.close();
    }
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    // A fresh realtime socket subscribes and gets its snapshot.
    const { ws } = await open('/ws');
    const snapshot = new Promise<string>((resolve) => ws.on('message', (d) => String(d).includes('"event":"snapshot"') && resolve(String(d))));
    ws.send(JSON.stringify({ type: 'subscribe', topic: 'alarms' }));
    expect(await snapshot).toContain('"topic":"alarms"');
    ws.close();
  });

  it('as the first message, instead of the auth message: each socket is closed with 4403', async () => {
    for (const path of ['/ws', '/live-mux', '/live/01WR000001/front']) {
      for (const f of [...frames.slice(0, 20), Buffer.from([0, 1, 2])]) {
        const { ws, closed } = await open(path, null);
        ws.send(f);
        expect(await closed).toBe(4403);
      }
    }
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe('malformed MQTT payloads from an authenticated robot', () => {
  it('on every topic a robot may publish: the server goes on, nothing is stored, and the robot\'s next good message still counts', async () => {
    const ROBOT = '03WS000001';
    const robot = await s.mqtt(ROBOT, { reconnectPeriod: 0 });
    // What the robot's connecting writes settles first; malformed payloads must then change nothing.
    await new Promise((r) => setTimeout(r, 500));
    const before = await s.fingerprint();
    const payloads = fc.sample(fc.oneof(fc.string({ maxLength: 200 }), fc.json().map(String), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b))), { numRuns: 120, seed: 1811 });
    for (const topic of Object.values(MQTT_TOPICS).filter((t) => t.direction === 'robotToServer')) {
      for (const p of payloads) robot.publish(mqttTopicOf(topic.pattern, ROBOT), p);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect(await s.fingerprint()).toBe(before);
    const good = { status: 3, online: 1, videoOnline: 0, interactOnline: 0, battery: 64, emergencyButtonStatus: 0, interactionState: 0, t: Date.now() };
    await robot.publishAsync(mqttTopicOf(MQTT_TOPICS.status.pattern, ROBOT), JSON.stringify(good));
    await expect.poll(() => s.server.services.fleet.get(ROBOT)?.battery, { timeout: 5_000 }).toBe(64);
    expect((await s.call('getUser', {}, token)).statusCode).toBe(200);
    robot.end(true);
  });
});
