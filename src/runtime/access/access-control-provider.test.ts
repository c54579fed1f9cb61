import { describe, expect, it } from 'vitest';
import { RoleId, type AccessSubject } from '@common/access';
import { createAccessControlProvider, decideCan, type AccessControlDeps } from './access-control-provider';
import { decideRoute } from './route-guard';

const company = { route: '/home/companyManage', permissions: { read: 'company:read', create: 'company:create', update: 'company:update', delete: 'company:delete' } };
const user = { route: '/home/userManage', permissions: { read: 'user:read', create: 'user:create', update: 'user:update', delete: 'user:delete' } };

function deps(subject: AccessSubject | undefined): AccessControlDeps {
  return { getSubject: () => subject, describeResource: (name) => ({ company, user })[name as 'company' | 'user'] };
}

const as = (roleId: number, extra: Partial<AccessSubject> = {}) => deps({ roleId, companyId: 1, ...extra });

describe('access control provider', () => {
  it('refuses everything when not logged in', async () => {
    const provider = createAccessControlProvider(deps(undefined));
    await expect(provider.can({ resource: 'company', action: 'list' })).resolves.toMatchObject({ can: false });
  });

  it('offers no create, edit or delete on a read-only entity, even to a super admin', () => {
    const log = { route: '/home/userLog', permissions: { read: 'log:read' }, offered: ['read' as const] };
    const d: AccessControlDeps = { getSubject: () => ({ roleId: RoleId.superAdmin, companyId: 1 }), describeResource: () => log };
    expect(decideCan(d, { resource: 'user-log', action: 'list' }).can).toBe(true);
    for (const action of ['create', 'edit', 'delete']) expect(decideCan(d, { resource: 'user-log', action })).toEqual({ can: false, reason: 'not-offered' });
  });

  it('lets a super admin do everything', () => {
    for (const action of ['list', 'create', 'edit', 'delete']) expect(decideCan(as(RoleId.superAdmin), { resource: 'company', action }).can).toBe(true);
  });

  it('hides company creation from an enterprise admin (company:create denied) but allows editing', () => {
    expect(decideCan(as(RoleId.enterpriseAdmin), { resource: 'company', action: 'create' }).can).toBe(false);
    expect(decideCan(as(RoleId.enterpriseAdmin), { resource: 'company', action: 'edit' }).can).toBe(true);
  });

  it('blocks the companyManage page for a general user and lets them read and update users only', () => {
    const general = as(RoleId.generalUser);
    expect(decideCan(general, { resource: 'company', action: 'list' })).toMatchObject({ can: false, reason: 'route-blocked' });
    expect(decideCan(general, { resource: 'user', action: 'list' }).can).toBe(true);
    expect(decideCan(general, { resource: 'user', action: 'edit' }).can).toBe(true);
    expect(decideCan(general, { resource: 'user', action: 'create' }).can).toBe(false);
    expect(decideCan(general, { resource: 'user', action: 'delete' }).can).toBe(false);
  });

  it('uses resource:action for plugin permissions (robot:control: admin tiers steer, a general user never)', () => {
    expect(decideCan(as(RoleId.generalUser), { resource: 'robot', action: 'control' }).can).toBe(false);
    expect(decideCan(as(RoleId.enterpriseAdmin), { resource: 'robot', action: 'control' }).can).toBe(true);
    expect(decideCan(as(RoleId.generalUser), { resource: 'video', action: 'read' }).can).toBe(true);
    expect(decideCan(as(RoleId.generalUser), { resource: 'map', action: 'edit' }).can).toBe(false);
  });

  it('lets a non-empty menuItemList govern routes', () => {
    const listed = as(RoleId.generalUser, { menuItemList: ['companyManage'] });
    expect(decideCan(listed, { resource: 'company', action: 'open' }).can).toBe(true);
    expect(decideCan(listed, { resource: 'user', action: 'open' }).can).toBe(false);
  });

  it('checks an explicit path for menu questions', () => {
    expect(decideCan(as(RoleId.platformAdmin), { action: 'open', params: { path: '/home/applicationKey' } }).can).toBe(false);
    expect(decideCan(as(RoleId.superAdmin), { action: 'open', params: { path: '/home/applicationKey' } }).can).toBe(true);
  });
});

describe('route decisions (spec §6)', () => {
  const known = (p: string) => p === '/home' || p.startsWith('/home/') || p === '/dashboard';
  const operator = { roleId: RoleId.generalUser, companyId: 2, token: 'tok' };

  it('sends a visitor who is not logged in to the login page', () => {
    expect(decideRoute(undefined, '/home/companyManage', null, known)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends unknown paths to /404 whoever asks', () => {
    expect(decideRoute(undefined, '/no/such/page', null, known)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute(operator, '/no/such/page', null, known)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends a blocked page to /404', () => {
    expect(decideRoute(operator, '/home/companyManage', null, known)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideRoute(operator, '/home/telecontrol', null, known)).toEqual({ kind: 'allow' });
  });

  it('adopts a URL token on telecontrol and dashboard only', () => {
    expect(decideRoute(undefined, '/home/telecontrol', 'abc', known)).toEqual({ kind: 'adopt-token', token: 'abc' });
    expect(decideRoute(undefined, '/dashboard', 'abc', known)).toEqual({ kind: 'adopt-token', token: 'abc' });
    expect(decideRoute(undefined, '/home/robotManage', 'abc', known)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute({ ...operator, token: 'abc' }, '/home/telecontrol', 'abc', known)).toEqual({ kind: 'allow' });
  });
});
