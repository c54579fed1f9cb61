import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let harborGroup: number;
let metroGroup: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  harborGroup = (await s.call('addEmailGroup', { name: 'Alarms', addresses: ['alarms@harbor.example.com'] }, t.entsuper)).param.id;
  metroGroup = (await s.call('addEmailGroup', { name: 'Alarms', addresses: ['alarms@metro.example.com'], companyId: 3 }, t.admin)).param.id;
});
afterAll(async () => s?.close());

const DEFAULTS = { defaultMapType: 1, alarmEmailGroupId: null, dataSavingMode: 2, sosMode: 1 };

describe('companySetting over getCompanyParam/setCompanyParam', () => {
  it('answers the defaults for a company that never saved parameters', async () => {
    expect(await s.call('getCompanyParam', { companyId: 2 }, t.entsuper)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { companyId: 2, ...DEFAULTS } });
  });

  it('saves parameters, then changes only the fields given', async () => {
    const saved = await s.call('setCompanyParam', { companyId: 2, dataSavingMode: 2, sosMode: 2, alarmEmailGroupId: harborGroup }, t.entsuper);
    expect(saved.param).toEqual({ companyId: 2, defaultMapType: 1, alarmEmailGroupId: harborGroup, dataSavingMode: 2, sosMode: 2 });
    const partial = await s.call('setCompanyParam', { companyId: 2, defaultMapType: 3 }, t.entadmin);
    expect(partial.param).toEqual({ companyId: 2, defaultMapType: 3, alarmEmailGroupId: harborGroup, dataSavingMode: 2, sosMode: 2 });
    expect((await s.call('getCompanyParam', { companyId: 2 }, t.entadmin)).param).toEqual(partial.param);
    expect(await rowCount(s, 'company_params')).toBe(1);
    // A subsidiary may use its parent's mail group; the super admin reaches every company.
    expect((await s.call('setCompanyParam', { companyId: 4, alarmEmailGroupId: harborGroup }, t.entsuper)).param.alarmEmailGroupId).toBe(harborGroup);
    expect((await s.call('setCompanyParam', { companyId: 3, sosMode: 2, alarmEmailGroupId: metroGroup }, t.admin)).param).toMatchObject({ companyId: 3, sosMode: 2 });
    // Clearing the group.
    expect((await s.call('setCompanyParam', { companyId: 4, alarmEmailGroupId: null }, t.entsuper)).param.alarmEmailGroupId).toBeNull();
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'company_params');
    expect(await s.call('setCompanyParam', { companyId: 2, dataSavingMode: 9 }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Data-saving mode has a value that is not allowed',
    });
    expect((await s.call('setCompanyParam', { companyId: 2, sosMode: 3 }, t.entsuper, 'zh')).statusInfo).toBe('校验失败：SOS模式的值不允许');
    expect((await s.call('setCompanyParam', { dataSavingMode: 1 }, t.entsuper)).statusInfo).toBe('Validation failed: Company is required');
    expect((await s.call('setCompanyParam', { companyId: 2, theme: 'dark' }, t.entsuper)).statusInfo).toBe('Validation failed: Unknown field theme');
    // Alarm mail never goes to another tenant's group.
    expect(await s.call('setCompanyParam', { companyId: 2, alarmEmailGroupId: metroGroup }, t.admin)).toEqual({ statusCode: 400, statusInfo: 'E-mail group not found' });
    expect(await s.call('getCompanyParam', { companyId: 999 }, t.admin)).toEqual({ statusCode: 404, statusInfo: 'Company not found' });
    expect((await s.call('setCompanyParam', { companyId: 999, sosMode: 1 }, t.admin)).statusInfo).toBe('Company not found');
    expect(await tableHash(s, 'company_params')).toBe(before);
  });

  it('keeps a company to its own tree and refuses general users; nothing changes', async () => {
    const before = await tableHash(s, 'company_params');
    for (const who of ['entsuper', 'entadmin'] as const) {
      expect(await s.call('getCompanyParam', { companyId: 3 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect(await s.call('setCompanyParam', { companyId: 3, sosMode: 1 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('setCompanyParam', { companyId: 1, sosMode: 1 }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await s.call('getCompanyParam', { companyId: 2 }, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('setCompanyParam', { companyId: 2, sosMode: 1 }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'company_params')).toBe(before);
    expect((await s.call('getCompanyParam', { companyId: 3 }, t.platform)).param.sosMode).toBe(2);
  });

  it('forgets the alarm group when the group is deleted', async () => {
    expect((await s.call('delEmailGroup', { id: harborGroup }, t.entsuper)).statusCode).toBe(200);
    expect((await s.call('getCompanyParam', { companyId: 2 }, t.entsuper)).param.alarmEmailGroupId).toBeNull();
  });
});
