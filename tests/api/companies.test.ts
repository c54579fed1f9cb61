import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { authedSocket } from '../helpers/socket-auth';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const count = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies'))[0]!.n;

describe('companyManage over queryCompanys/addCompany/modifyCompany/deleteCompany', () => {
  it('lists companies paged, newest first, with filters', async () => {
    const page = await s.call('queryCompanys', { pageNum: 1, pageSize: 2 }, admin);
    expect(page.statusCode).toBe(200);
    expect(page.param.total).toBe(4);
    expect(page.param.list).toHaveLength(2);
    const filtered = await s.call('queryCompanys', { pageNum: 1, pageSize: 10, name: 'harbor' }, admin);
    expect(filtered.param.list.map((c: { name: string }) => c.name).sort()).toEqual(['HarborEast', 'HarborSecurity']);
  });

  it('creates a company below the caller company with the next layer and answers the record', async () => {
    const a = await s.call('addCompany', { name: 'Riverside', domain: 'river.example.com', robotTypes: [1, 3] }, admin);
    expect(a.statusCode).toBe(200);
    expect(a.param).toMatchObject({ name: 'Riverside', parentId: 1, layer: 2, robotTypes: [1, 3], enabled: 1 });
    const list = await s.call('queryCompanys', { pageNum: 1, pageSize: 10, name: 'Riverside' }, admin);
    expect(list.param.total).toBe(1);
  });

  it('refuses an illegal name with the exact message and writes nothing', async () => {
    const before = await count();
    expect(await s.call('addCompany', { name: 'Bad Name!' }, admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Name: Illegal characters: only letters, digits and Chinese characters are allowed',
    });
    expect(await s.call('addCompany', { name: 'ThisNameIsFarTooLong' }, admin)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Name must be at most 16 characters',
    });
    expect((await s.call('addCompany', { name: 'Okname', domain: 'not a domain' }, admin)).statusInfo).toBe(
      'Validation failed: Domain: Invalid domain name (for example robots.example.com)',
    );
    expect((await s.call('addCompany', { name: 'Okname', robotTypes: [99] }, admin)).statusInfo).toBe('Validation failed: Robot types has a value that is not allowed');
    expect((await s.call('addCompany', { name: 'Okname', secret: 1 }, admin)).statusInfo).toBe('Validation failed: Unknown field secret');
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate name, case-insensitively', async () => {
    const before = await count();
    expect(await s.call('addCompany', { name: 'harborsecurity' }, admin)).toEqual({ statusCode: 409, statusInfo: 'Name "harborsecurity" already exists' });
    expect(await count()).toBe(before);
  });

  it('lets only a super admin below the maximum layer create companies', async () => {
    const entsuper = await s.login('entsuper');
    const made = await s.call('addCompany', { name: 'HarborWest' }, entsuper);
    expect(made.param).toMatchObject({ parentId: 2, layer: 3 });
    // Layer 3 is the maximum: a company there cannot get a child.
    expect((await s.call('addCompany', { name: 'TooDeep', parentId: made.param.id }, entsuper)).statusInfo).toBe('The company hierarchy cannot be deeper than 3 layers');
    const before = await count();
    const entadmin = await s.login('entadmin');
    expect(await s.call('addCompany', { name: 'NotAllowed' }, entadmin)).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
    const operator = await s.login('monitor');
    expect(await s.call('addCompany', { name: 'NotAllowed' }, operator)).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
    expect(await count()).toBe(before);
  });

  it('scopes lists to the caller company tree', async () => {
    const entsuper = await s.login('entsuper');
    const list = await s.call('queryCompanys', { pageNum: 1, pageSize: 30 }, entsuper);
    const names = list.param.list.map((c: { name: string }) => c.name);
    expect(names).toContain('HarborEast');
    expect(names).not.toContain('MetroColdChain');
    expect((await s.call('modifyCompany', { id: 3, address: 'Elsewhere' }, entsuper)).statusCode).toBe(404);
  });

  it('asks for the mail password twice, stores one, and never returns it', async () => {
    const before = await count();
    expect(await s.call('addCompany', { name: 'MailCo', senderMail: 'ops@mail.example.com', mailPassword: 'abc123', mailPasswordConfirm: 'abc124' }, admin)).toEqual({
      statusCode: 400,
      statusInfo: 'The two passwords do not match',
    });
    expect(await count()).toBe(before);
    const made = await s.call('addCompany', { name: 'MailCo', senderMail: 'ops@mail.example.com', mailPassword: 'abc123', mailPasswordConfirm: 'abc123' }, admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).not.toHaveProperty('mailPassword');
    expect(made.param).not.toHaveProperty('mailPasswordConfirm');
    const stored = await s.server.services.db.query<{ mailPassword: string }>('SELECT "mailPassword" FROM companies WHERE id = $1', [made.param.id]);
    expect(stored[0]!.mailPassword).toBe('abc123');
  });

  it('disabling a company disables its subsidiaries and locks their users out; restore brings them back', async () => {
    const op = await s.login('monitor'); // HarborSecurity
    const ws = authedSocket(`${s.url.replace('http', 'ws')}/ws`, op);
    const wsClosed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((r) => ws.once('open', r));
    const d = await s.call('companyDisable', { id: 2, enabled: 0 }, admin);
    expect(d.param).toMatchObject({ id: 2, enabled: 0 });
    expect(d.param.companyIds).toEqual(expect.arrayContaining([2, 4]));
    expect(d.param.companyIds).not.toContain(1);
    expect(d.param.companyIds).not.toContain(3);
    const east = await s.call('queryCompanys', { id: 4 }, admin);
    expect(east.param.list[0].enabled).toBe(0);
    // Its users are logged out at once: calls refused, realtime socket closed.
    expect((await s.call('getUser', {}, op)).statusCode).toBe(403);
    expect(await wsClosed).toBe(4403);
    expect((await s.call('login', { username: 'monitor', password: 'demo1234', codeId: 'x', code: 'x' })).statusInfo).toBe('The company of this account is disabled');
    expect((await s.call('companyDisable', { id: 4, enabled: 1 }, admin)).statusInfo).toBe('Restore the parent company first');
    expect((await s.call('companyDisable', { id: 2, enabled: 1 }, admin)).param.companyIds).toEqual(d.param.companyIds);
    expect((await s.login('monitor')).length).toBeGreaterThan(20);
    const entadmin = await s.login('entadmin');
    expect((await s.call('companyDisable', { id: 2, enabled: 0 }, entadmin)).statusCode).toBe(401); // own company
    expect((await s.call('companyDisable', { id: 3, enabled: 0 }, entadmin)).statusCode).toBe(404); // not theirs
  });

  it('modifies and deletes with the rules', async () => {
    const made = await s.call('addCompany', { name: 'Shortlived' }, admin);
    const id = made.param.id;
    const mod = await s.call('modifyCompany', { id, address: 'Dock 7, Pier Road', layer: 9, createdAt: 'x' }, admin);
    expect(mod.param).toMatchObject({ id, address: 'Dock 7, Pier Road', layer: 2 });
    expect((await s.call('deleteCompany', { id: 2 }, admin)).statusInfo).toBe('Delete or move the subsidiaries first');
    expect((await s.call('deleteCompany', { id }, admin)).param).toEqual({ id });
    expect((await s.call('queryCompanys', { id }, admin)).param.total).toBe(0);
  });

  it('records each change in the operation log (userLog) with who, what, before and after', async () => {
    const made = await s.call('addCompany', { name: 'Logged' }, admin);
    await s.call('modifyCompany', { id: made.param.id, address: 'Quay 1' }, admin);
    const log = await s.call('queryOperationLog', { pageNum: 1, pageSize: 10, event: 'modifyCompany' }, admin);
    const entry = log.param.list.find((e: { param: { id: number } }) => e.param.id === made.param.id);
    expect(entry).toMatchObject({ username: 'admin', event: 'modifyCompany', statusCode: 200, companyId: 1 });
    expect(entry.before).toMatchObject({ name: 'Logged', address: null });
    expect(entry.result).toMatchObject({ name: 'Logged', address: 'Quay 1' });
    // Enterprise users read only their company tree's log; nobody can write it.
    const entsuper = await s.login('entsuper');
    expect((await s.call('queryOperationLog', { pageNum: 1, pageSize: 30 }, entsuper)).param.list.every((e: { companyId: number }) => [2, 4].includes(e.companyId))).toBe(true);
  });

  it('never writes passwords into the operation log', async () => {
    await s.call('addUser', { username: 'logcheck1', name: 'Log', roleId: 5, companyId: 2, password: 'secret123' }, admin);
    const rows = await s.server.services.db.query<{ param: Record<string, unknown> }>('SELECT "param" FROM operation_log WHERE "event" = $1', ['addUser']);
    expect(rows[0]!.param.password).toBe('***');
    expect(JSON.stringify(rows)).not.toContain('secret123');
  });
});
