import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

async function rest(method: string, path: string, token: string, body?: unknown): Promise<{ code: number; message: string; data?: any }> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { token, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data?: any };
}

describe('roleManage over /robot/authRole and /robot/permission', () => {
  let roleId = 0;

  it('lists the built-in roles and creates a custom role in the caller company', async () => {
    const list = await rest('GET', '/robot/authRole/list?pageNum=1&pageSize=10', admin);
    expect(list.code).toBe(0);
    expect(list.data.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['superAdmin', 'generalUser']));
    const made = await rest('POST', '/robot/authRole', admin, { name: 'NightShift', kind: 5, homePage: '/home/telecontrol', remark: 'Night operators' });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ name: 'NightShift', kind: 5, companyId: 1, permissions: [] });
    expect(made.data.id).toBeGreaterThanOrEqual(100);
    roleId = made.data.id;
    expect((await rest('POST', '/robot/authRole', admin, { name: 'nightshift', kind: 5 })).message).toBe('Name "nightshift" already exists');
  });

  it('role names are unique within a company: another company may use the same name, and learns nothing of it; shared names are taken everywhere', async () => {
    // HarborSecurity has the demo's "Operator" role; the platform company may have its own.
    const made = await rest('POST', '/robot/authRole', admin, { name: 'Operator', kind: 4 });
    expect([made.code, made.data?.companyId]).toEqual([0, 1]);
    // Within one company the name is still taken (any case).
    expect((await rest('POST', '/robot/authRole', admin, { name: 'OPERATOR', kind: 4 })).message).toBe('Name "OPERATOR" already exists');
    // HarborSecurity may have a "NightShift" although the platform company has one.
    const entsuper = await s.login('entsuper');
    const harbor = await rest('POST', '/robot/authRole', entsuper, { name: 'NightShift', kind: 5 });
    expect([harbor.code, harbor.data?.companyId]).toEqual([0, 2]);
    // A built-in (shared) role's name is taken in every company.
    expect((await rest('POST', '/robot/authRole', entsuper, { name: 'generalUser', kind: 5 })).message).toBe('Name "generalUser" already exists');
    // Renaming into a name of the same company is refused, nothing changed.
    expect((await rest('PUT', '/robot/authRole', entsuper, { id: harbor.data.id, name: 'operator' })).message).toBe('Name "operator" already exists');
    const list = (await rest('GET', '/robot/authRole/list?pageNum=1&pageSize=100', entsuper)).data.list as { id: number; name: string }[];
    expect(list.find((r) => r.id === harbor.data.id)?.name).toBe('NightShift');
    // Cleaned up: later tests count the platform company's roles.
    for (const [id, token] of [[made.data.id, admin], [harbor.data.id, entsuper]] as const) expect((await rest('POST', `/robot/authRole/delete?roleId=${id}`, token)).code).toBe(0);
  });

  it('serves the permission tree with schema screens and plugin permissions, found by themselves', async () => {
    const tree = await rest('GET', '/robot/permission/tree', admin);
    const tele = tree.data.find((n: { id: string }) => n.id === 'menu:telecontrol');
    expect(tele.children.map((c: { id: string }) => c.id)).toEqual(['robot:control', 'video:read', 'robot:call', 'video:settings']);
    const companies = tree.data.find((n: { id: string }) => n.id === 'menu:companyManage');
    expect(companies.labels.en).toBe('Companies');
    expect(companies.children.map((c: { id: string }) => c.id)).toEqual(['company:read', 'company:create', 'company:update', 'company:delete']);
    // The form designer lives in src/ but declares itself like a plugin: its permission is grantable too.
    const designer = tree.data.find((n: { id: string }) => n.id === 'menu:formDesigner');
    expect(designer.labels.en).toBe('Form designer');
    expect(designer.children.map((c: { id: string }) => c.id)).toEqual(['system:formDesign']);
  });

  it('assigns permissions, refusing unknown ones with nothing changed', async () => {
    expect(await rest('POST', '/robot/permission/relRole', admin, { roleId, permissionIds: ['menu:telecontrol', 'bogus:perm'] })).toEqual({
      code: 400,
      message: 'Unknown or not grantable permission bogus:perm',
    });
    expect((await rest('GET', `/robot/permission/getAssociatedItemIds?roleId=${roleId}`, admin)).data).toEqual([]);
    // Spec §6: a role of the general-user tier never steers robots, whoever would grant it.
    expect(await rest('POST', '/robot/permission/relRole', admin, { roleId, permissionIds: ['menu:telecontrol', 'robot:control'] })).toEqual({
      code: 400,
      message: 'Unknown or not grantable permission robot:control',
    });
    expect((await rest('GET', `/robot/permission/getAssociatedItemIds?roleId=${roleId}`, admin)).data).toEqual([]);
    const ok = await rest('POST', '/robot/permission/relRole', admin, { roleId, permissionIds: ['menu:telecontrol', 'video:read', 'robot:read'] });
    expect(ok.code).toBe(0);
    expect((await rest('GET', `/robot/permission/getAssociatedItemIds?roleId=${roleId}`, admin)).data).toEqual(['menu:telecontrol', 'video:read', 'robot:read']);
  });

  it('offers a role only what its kind may hold, and a ticked page comes with what it needs (issue 22)', async () => {
    const ids = (nodes: { id: string; children?: { id: string }[] }[]) => nodes.flatMap((n) => [n.id, ...(n.children ?? []).map((c) => c.id)]);
    const general = (await rest('GET', '/robot/permission/tree?kind=5', admin)).data;
    expect(ids(general)).toContain('menu:telecontrol');
    expect(ids(general)).not.toContain('robot:control');
    expect(ids(general)).not.toContain('menu:companyManage');
    expect(ids(general)).not.toContain('menu:roleManage');
    expect(ids((await rest('GET', '/robot/permission/tree?kind=4', admin)).data)).toEqual(expect.arrayContaining(['robot:control', 'menu:roleManage']));
    expect((await rest('GET', '/robot/permission/tree?kind=9', admin)).code).toBe(400);
    // The general-user tier may not hold a page spec §6 blocks for it: refused, nothing changed.
    expect(await rest('POST', '/robot/permission/relRole', admin, { roleId, permissionIds: ['menu:companyManage'] })).toEqual({
      code: 400,
      message: 'Unknown or not grantable permission menu:companyManage',
    });
    expect((await rest('GET', `/robot/permission/getAssociatedItemIds?roleId=${roleId}`, admin)).data).toEqual(['menu:telecontrol', 'video:read', 'robot:read']);
    // A page ticked alone works: Alarm management brings alarm:read, Robots robot:read.
    const night = await rest('POST', '/robot/authRole', admin, { name: 'AlarmDesk', kind: 4 });
    const made = await rest('POST', '/robot/permission/relRole', admin, { roleId: night.data.id, permissionIds: ['menu:alarmManage', 'menu:robotManage'] });
    expect(made.data.permissions).toEqual(['menu:alarmManage', 'menu:robotManage', 'alarm:read', 'robot:read']);
  });

  it('links users; the role then governs their menu and their calls on the server', async () => {
    const operatorId = (await s.call('getUser', {}, await s.login('monitor'))).param.userId;
    expect((await rest('POST', '/robot/authRole/relUser', admin, { roleId, userIds: [operatorId] })).code).toBe(0);
    expect((await rest('GET', `/robot/authRole/getAssociatedUserId?roleId=${roleId}`, admin)).data).toEqual([operatorId]);
    const op = await s.login('monitor');
    const info = (await s.call('getUser', {}, op)).param;
    expect(info).toMatchObject({ roleId: 5, roleRef: roleId, menuItemList: ['telecontrol'] });
    expect((await s.call('reqRobotStatus', { robotId: '01WR000001' }, op)).statusCode).toBe(200);
    expect(await s.call('queryCompanys', {}, op)).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
  });

  it('protects built-in roles, roles with users, and tiers', async () => {
    expect(await rest('POST', '/robot/authRole/delete?roleId=5', admin)).toEqual({ code: 400, message: 'The built-in roles cannot be changed or deleted' });
    expect(await rest('PUT', '/robot/authRole', admin, { id: 1, name: 'Renamed' })).toEqual({ code: 400, message: 'The built-in roles cannot be changed or deleted' });
    expect(await rest('POST', `/robot/authRole/delete?roleId=${roleId}`, admin)).toEqual({ code: 409, message: 'The role still has users: link them to another role first' });
    const entadmin = await s.login('entadmin');
    expect((await rest('POST', '/robot/authRole', entadmin, { name: 'Overlord', kind: 1 })).code).toBe(401);
    const mine = await rest('POST', '/robot/authRole', entadmin, { name: 'HarborGuards', kind: 5 });
    expect(mine.data.companyId).toBe(2);
    // Enterprise users see built-in roles and their own company's, not the platform's.
    const seen = (await rest('GET', '/robot/authRole/list?pageSize=30', entadmin)).data.list.map((r: { name: string }) => r.name);
    expect(seen).toContain('HarborGuards');
    expect(seen).not.toContain('NightShift');
    const operator = await s.login('platform');
    expect((await rest('GET', '/robot/authRole/list', operator)).code).toBe(0);
  });

  it('gives users a custom role of the caller tree in the user form; a role of another company tree is refused with nothing changed', async () => {
    const made = await s.call('addUser', { username: 'shifter01', name: 'Shifter', roleId, companyId: 1, password: 'shift1234' }, admin);
    expect(made.statusCode).toBe(200);
    const entadmin = await s.login('entadmin');
    const harbor = (await rest('GET', '/robot/authRole/list?pageSize=30', entadmin)).data.list.find((r: { name: string }) => r.name === 'HarborGuards');
    // The platform's NightShift role is not visible to an enterprise admin, so it cannot be given.
    const refused = await s.call('addUser', { username: 'harbor01', name: 'Harbor', roleId, companyId: 2, password: 'harb1234' }, entadmin);
    expect(refused).toEqual({ statusCode: 401, statusInfo: 'Insufficient permissions to operate!' });
    const users = (await s.call('queryAllUser', { pageSize: 100 }, admin)).param.list.map((u: { username: string }) => u.username);
    expect(users).not.toContain('harbor01');
    expect((await s.call('addUser', { username: 'harbor01', name: 'Harbor', roleId: harbor.id, companyId: 2, password: 'harb1234' }, entadmin)).statusCode).toBe(200);
  });
});
