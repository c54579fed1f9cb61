import { describe, expect, it } from 'vitest';
import { canOpenRoute, canOpenRouteAnonymously, generalUserMayCall, roleCan, routeNameOf, subjectCan } from './access';

describe('route guards of spec §6', () => {
  it('lets a super admin open every page', () => {
    for (const p of ['/home/applicationKey', '/home/companyManage', '/home/systemState', '/trackrobot/control']) expect(canOpenRoute({ roleId: 1 }, p)).toBe(true);
  });
  it('blocks applicationKey for platform admins and the tiers below', () => {
    expect(canOpenRoute({ roleId: 2 }, '/home/applicationKey')).toBe(false);
    expect(canOpenRoute({ roleId: 2 }, '/home/systemState')).toBe(true);
    expect(canOpenRoute({ roleId: 4 }, '/home/applicationKey')).toBe(false);
  });
  it('adds the enterprise blocklist for enterprise admins, including the debug alias', () => {
    expect(canOpenRoute({ roleId: 3 }, '/home/systemState')).toBe(false);
    expect(canOpenRoute({ roleId: 4 }, '/home/debug')).toBe(false);
    expect(canOpenRoute({ roleId: 4 }, '/home/companyManage')).toBe(true);
  });
  it('adds the general-user blocklist, the track area among it', () => {
    expect(canOpenRoute({ roleId: 5 }, '/home/companyManage')).toBe(false);
    expect(canOpenRoute({ roleId: 5 }, '/trackrobot/task')).toBe(false);
    expect(canOpenRoute({ roleId: 5 }, '/home/telecontrol')).toBe(true);
  });
  it('lets a non-empty menuItemList govern instead of the blocklists', () => {
    expect(canOpenRoute({ roleId: 5, menuItemList: ['companyManage'] }, '/home/companyManage')).toBe(true);
    expect(canOpenRoute({ roleId: 1, menuItemList: ['companyManage'] }, '/home/telecontrol')).toBe(false);
  });
  it('lets anonymous visitors open login, 404, 500, and dashboard/telecontrol only with a query token', () => {
    expect(canOpenRouteAnonymously('/', false)).toBe(true);
    expect(canOpenRouteAnonymously('/404', false)).toBe(true);
    expect(canOpenRouteAnonymously('/home/telecontrol', false)).toBe(false);
    expect(canOpenRouteAnonymously('/home/telecontrol?token=x', true)).toBe(true);
    expect(canOpenRouteAnonymously('/dashboard', true)).toBe(true);
    expect(canOpenRouteAnonymously('/home/companyManage', true)).toBe(false);
  });
  it('names routes by their last segment', () => {
    expect(routeNameOf('/home/companyManage/')).toBe('companyManage');
    expect(routeNameOf('/trackrobot/warning-rule')).toBe('trackrobot');
  });
});

describe('server-side permissions', () => {
  it('grants and denies by resource:action patterns', () => {
    expect(roleCan(1, 'applicationKey:read')).toBe(true);
    expect(roleCan(2, 'applicationKey:read')).toBe(false);
    expect(roleCan(4, 'company:create')).toBe(false);
    expect(roleCan(5, 'company:read')).toBe(true);
    expect(roleCan(5, 'company:create')).toBe(false);
    expect(roleCan(9, 'company:read')).toBe(false);
  });
  it('narrows a tier by a custom role permission list', () => {
    expect(subjectCan({ roleId: 5, permissions: [] }, 'company:read')).toBe(true);
    expect(subjectCan({ roleId: 5, permissions: ['robot:read'] }, 'company:read')).toBe(false);
    expect(subjectCan({ roleId: 5, permissions: ['company:create'] }, 'company:create')).toBe(false); // the tier still decides
  });

  it('keeps the general-user allowlist of spec §6', () => {
    expect(generalUserMayCall('modifyUser')).toBe(true);
    expect(generalUserMayCall('logOut')).toBe(true);
    expect(generalUserMayCall('addCompany')).toBe(false);
  });
});
