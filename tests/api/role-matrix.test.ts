/**
 * The role matrix, generated from the live operation registry: each of the five demo roles ×
 * each changing event and REST route. Where the rules (schemas/access/roles.json, spec §6)
 * refuse the role, the answer must be "Insufficient permissions to operate!" and the database
 * must be unchanged; where they allow it, the call must get past the permission check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalUserMayCall, roleCan } from '../../common/access';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
const tokens: Record<string, string> = {};
const ROLES = [
  ['admin', 1],
  ['platform', 2],
  ['entsuper', 3],
  ['entadmin', 4],
  ['operator', 5],
] as const;

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
      .filter((d) => d.mutating && d.access.kind !== 'public' && d.name !== 'logOut');
    expect(ops.length).toBeGreaterThan(10);
    const failures: string[] = [];
    let refusals = 0;
    for (const def of ops) {
      for (const [user, roleId] of ROLES) {
        const permitted = (def.access.kind !== 'permission' || roleCan(roleId, def.access.permission)) && (roleId !== 5 || generalUserMayCall(def.name));
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
