/**
 * The role matrix, generated from the live operation registry: each of the five built-in roles
 * and the demo's custom "Operator" role × each event and REST route that changes data or commands
 * a robot; and every operation without a token and with a bogus one. Where the rules
 * (schemas/access/roles.json, spec §6, the custom role's permission list) refuse the caller, the
 * answer must be "Insufficient permissions to operate!" (or the token refusal) and the database
 * must be unchanged; where they allow it, the call must get past the permission check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalUserMayCall, subjectCan, type AccessSubject } from '../../common/access';
import { DEMO_OPERATOR_ROLE } from '../../server/demo/seed';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
const tokens: Record<string, string> = {};
const ROLES: readonly (readonly [string, AccessSubject])[] = [
  ['admin', { roleId: 1 }],
  ['platform', { roleId: 2 }],
  ['entsuper', { roleId: 3 }],
  ['entadmin', { roleId: 4 }],
  ['monitor', { roleId: 5 }],
  // A custom company role: the enterprise-admin tier narrowed to its permission list.
  ['operator', { roleId: DEMO_OPERATOR_ROLE.kind, permissions: [...DEMO_OPERATOR_ROLE.permissions] }],
];

beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  for (const [user] of ROLES) tokens[user] = await s.login(user);
});
afterAll(async () => s?.close());

async function callOperation(name: string, token: string): Promise<{ code: number; message: string }> {
  // An id that does not exist: business rules about particular rows (own company, self) stay out of the way.
  const param = { id: 999999, name: 'MatrixProbe', pageNum: 1, pageSize: 10 };
  const rest = /^(GET|POST|PUT|DELETE) (\/.*)$/.exec(name);
  if (!rest) {
    const a = await s.call(name, param, token);
    return { code: a.statusCode, message: a.statusInfo };
  }
  const [, method, path] = rest;
  const url = `${s.url}${path!.replace(/\{[^}]+\}/g, '999999')}`;
  const res = await fetch(url, {
    method,
    headers: { token, 'content-type': 'application/json', 'accept-language': 'en' },
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(param),
  });
  const body = (await res.json()) as { code: number; message: string };
  return { code: body.code, message: body.message };
}

describe('role matrix over every changing operation', () => {
  it('refuses exactly what the rules refuse, and a refusal changes nothing', async () => {
    const reg = s.server.services.events;
    const ops = reg
      .names()
      .map((n) => reg.get(n)!)
      .filter((d) => (d.mutating || d.audit) && d.access.kind !== 'public' && d.name !== 'logOut');
    expect(ops.length).toBeGreaterThan(10);
    const failures: string[] = [];
    let refusals = 0;
    for (const def of ops) {
      for (const [user, subject] of ROLES) {
        const permitted = (def.access.kind !== 'permission' || subjectCan(subject, def.access.permission)) && (subject.roleId !== 5 || generalUserMayCall(def.name));
        const before = permitted ? '' : await s.fingerprint();
        const r = await callOperation(def.name, tokens[user]!);
        if (r.code === 403) failures.push(`${def.name} as ${user}: token rejected (${r.message})`);
        if (!permitted) {
          refusals++;
          if (r.code !== 401 || r.message !== 'Insufficient permissions to operate!') failures.push(`${def.name} as ${user}: expected refusal, got ${r.code} ${r.message}`);
          if ((await s.fingerprint()) !== before) failures.push(`${def.name} as ${user}: data changed although refused`);
        } else if (r.code === 401) {
          failures.push(`${def.name} as ${user}: refused although the rules allow it (${r.message})`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThanOrEqual(10);
  });
});

describe('every operation without a valid token', () => {
  it('is refused with the token message, before anything runs, and changes nothing', async () => {
    const reg = s.server.services.events;
    const ops = reg
      .names()
      .map((n) => reg.get(n)!)
      .filter((d) => d.access.kind !== 'public');
    expect(ops.length).toBeGreaterThan(200);
    const before = await s.fingerprint();
    const failures: string[] = [];
    for (const def of ops) {
      for (const [label, token] of [
        ['no token', ''],
        ['a bogus token', 'f'.repeat(64)],
      ] as const) {
        const r = await callOperation(def.name, token);
        if (r.code !== 403 || r.message !== 'Login expired, please log in again') failures.push(`${def.name} with ${label}: ${r.code} ${r.message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await s.fingerprint()).toBe(before);
  });
});

describe('spec §6: the general user', () => {
  it('is refused every robot command, whatever permission it names, while the custom Operator role may steer', async () => {
    const reg = s.server.services.events;
    const commands = reg
      .names()
      .map((n) => reg.get(n)!)
      .filter((d) => d.audit && d.access.kind === 'permission' && d.access.permission === 'robot:control');
    expect(commands.map((d) => d.name)).toEqual(expect.arrayContaining(['emergencyButton', 'setInitPosition', 'pushVideo', 'videoParamNew', 'cameraFocus', 'cameraZoom', 'robotAction']));
    for (const def of commands) {
      expect(subjectCan(ROLES.find(([u]) => u === 'operator')![1], def.access.kind === 'permission' ? def.access.permission : '')).toBe(true);
      const r = await callOperation(def.name, tokens.monitor!);
      expect([def.name, r.code, r.message]).toEqual([def.name, 401, 'Insufficient permissions to operate!']);
    }
  });
});
