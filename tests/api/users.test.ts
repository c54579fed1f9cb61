import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const count = async () => (await s.server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;

describe('users over queryAllUser/addUser/modifyUser/deleteUser/userDisable', () => {
  it('never returns passwords or hashes', async () => {
    const list = await s.call('queryAllUser', { pageNum: 1, pageSize: 10 }, admin);
    expect(list.param.total).toBe(6);
    for (const u of list.param.list) {
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('passwordHash');
    }
  });

  it('applies the username and password rules with the spec messages and writes nothing', async () => {
    const before = await count();
    const base = { username: 'newuser1', name: 'New', roleId: 5, companyId: 2, password: 'abc12345' };
    expect((await s.call('addUser', { ...base, username: 'ab' }, admin)).statusInfo).toBe('Validation failed: Username: 5-16 letters and digits');
    expect((await s.call('addUser', { ...base, password: 'abcdefgh' }, admin)).statusInfo).toBe(
      'Validation failed: Password: 6-16 letters and digits, with at least one letter and one digit',
    );
    expect((await s.call('addUser', { ...base, password: undefined }, admin)).statusInfo).toBe('Validation failed: Password is required');
    expect((await s.call('addUser', { ...base, username: 'ADMIN' }, admin)).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('creates a user who can log in; a general user edits only their own name', async () => {
    const made = await s.call('addUser', { username: 'guard01', name: 'Guard', roleId: 5, companyId: 2, password: 'guard1234' }, admin);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ username: 'guard01', roleId: 5, companyId: 2, enabled: 1 });
    const guard = await s.login('guard01', 'guard1234');
    expect((await s.call('modifyUser', { id: made.param.id, name: 'GuardOne' }, guard)).param.name).toBe('GuardOne');
    expect((await s.call('modifyUser', { id: made.param.id, roleId: 1 }, guard)).statusCode).toBe(401);
    expect((await s.call('modifyUser', { id: 5, name: 'Hacked' }, guard)).statusCode).toBe(401); // a colleague
    expect((await s.call('modifyUser', { id: 1, name: 'Hacked' }, guard)).statusCode).toBe(404); // outside the company tree
    expect((await s.call('addUser', { username: 'guard02', name: 'G', roleId: 5, companyId: 2, password: 'guard1234' }, guard)).statusInfo).toBe(
      'Insufficient permissions to operate!',
    );
  });

  it('disabling a user ends their sessions; enabling lets them back in', async () => {
    const op = await s.login('monitor');
    const opId = (await s.call('getUser', {}, op)).param.userId;
    expect((await s.call('userDisable', { id: opId, enabled: 0 }, admin)).statusCode).toBe(200);
    expect((await s.call('getUser', {}, op)).statusCode).toBe(403);
    expect((await s.call('login', { username: 'monitor', password: 'demo1234', codeId: 'x', code: 'x' })).statusInfo).toBe('This account is disabled');
    await s.call('userDisable', { id: opId, enabled: 1 }, admin);
    expect((await s.login('monitor')).length).toBeGreaterThan(20);
  });

  it('changes the own password and refuses a wrong old one', async () => {
    const t = await s.login('entadmin');
    expect((await s.call('modifyPassword', { oldPassword: 'nope12345', newPassword: 'next12345' }, t)).statusInfo).toBe('The old password is wrong');
    expect((await s.call('modifyPassword', { oldPassword: 'demo1234', newPassword: 'next12345' }, t)).statusCode).toBe(200);
    expect((await s.login('entadmin', 'next12345')).length).toBeGreaterThan(20);
  });
});
