import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let metroId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  metroId = (await s.call('addMediaEntry', { name: 'ColdStoreNotice', type: 'entry', companyId: 3 }, t.admin)).param.id;
});
afterAll(async () => s?.close());

const song = { name: 'WelcomeSong', type: 'audio', description: 'Lobby greeting', size: 3_145_728, duration: 185.5, lyrics: 'Welcome to the harbor,\nplease keep right.', fileName: 'welcome.mp3' };

describe('avManage over queryMediaEntry/addMediaEntry/modifyMediaEntry/delMediaEntry', () => {
  it('adds media to the caller company and lists them paged, with filters', async () => {
    const made = await s.call('addMediaEntry', song, t.entsuper);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ ...song, companyId: 2, fileUrl: null });
    await s.call('addMediaEntry', { name: 'PatrolClip', type: 'video', duration: 30, companyId: 4 }, t.entadmin);
    await s.call('addMediaEntry', { name: 'SafetyTips', type: 'entry', description: 'Read aloud at the gate' }, t.entadmin);
    const page = await s.call('queryMediaEntry', { pageNum: 1, pageSize: 2 }, t.entsuper);
    expect(page.param.total).toBe(3);
    expect(page.param.list).toHaveLength(2);
    expect((await s.call('queryMediaEntry', { type: 'video' }, t.entsuper)).param.list.map((m: { name: string }) => m.name)).toEqual(['PatrolClip']);
    expect((await s.call('queryMediaEntry', { pageNum: 1, pageSize: 10 }, t.admin)).param.total).toBe(4);
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'media_entries');
    expect(await s.call('addMediaEntry', { ...song, name: 'Pic', type: 'image' }, t.entsuper)).toEqual({
      statusCode: 400,
      statusInfo: 'Validation failed: Type has a value that is not allowed',
    });
    expect((await s.call('addMediaEntry', { ...song, name: 'Neg', duration: -1 }, t.entsuper)).statusInfo).toBe('Validation failed: Duration (s) is out of range');
    expect((await s.call('addMediaEntry', { ...song, name: 'Big', size: 1.5 }, t.entsuper)).statusInfo).toBe('Validation failed: Size (bytes) has the wrong type');
    expect((await s.call('addMediaEntry', { ...song, name: 'Long', lyrics: 'l'.repeat(20001) }, t.entsuper)).statusInfo).toBe('Validation failed: Lyrics must be at most 20000 characters');
    expect((await s.call('addMediaEntry', { type: 'audio' }, t.entsuper, 'zh')).statusInfo).toBe('校验失败：名称不能为空');
    expect(await tableHash(s, 'media_entries')).toBe(before);
  });

  it('keeps names unique within a company', async () => {
    const before = await tableHash(s, 'media_entries');
    expect(await s.call('addMediaEntry', { name: 'welcomesong', type: 'video' }, t.entadmin)).toEqual({ statusCode: 409, statusInfo: 'Name "welcomesong" already exists' });
    expect(await tableHash(s, 'media_entries')).toBe(before);
    expect((await s.call('addMediaEntry', { name: 'WelcomeSong', type: 'audio', companyId: 3 }, t.platform)).statusCode).toBe(200);
  });

  it('updates lyrics and duration, and deletes', async () => {
    const row = (await s.call('queryMediaEntry', { name: 'WelcomeSong', companyId: 2 }, t.entsuper)).param.list[0];
    const changed = await s.call('modifyMediaEntry', { id: row.id, lyrics: 'New words', duration: 190 }, t.entadmin);
    expect(changed.param).toMatchObject({ id: row.id, name: 'WelcomeSong', lyrics: 'New words', duration: 190 });
    const tips = (await s.call('queryMediaEntry', { name: 'SafetyTips' }, t.entsuper)).param.list[0];
    const n = await rowCount(s, 'media_entries');
    expect(await s.call('delMediaEntry', { id: tips.id }, t.entsuper)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: tips.id } });
    expect(await rowCount(s, 'media_entries')).toBe(n - 1);
  });

  it('keeps enterprise roles out of other companies and general users out entirely; nothing changes', async () => {
    const own = (await s.call('queryMediaEntry', { name: 'WelcomeSong', companyId: 2 }, t.entsuper)).param.list[0];
    const before = await tableHash(s, 'media_entries');
    for (const who of ['entsuper', 'entadmin'] as const) {
      expect((await s.call('queryMediaEntry', { companyId: 3 }, t[who])).param.total).toBe(0);
      expect((await s.call('modifyMediaEntry', { id: metroId, name: 'Mine' }, t[who])).statusInfo).toBe('Record not found');
      expect((await s.call('delMediaEntry', { id: metroId }, t[who])).statusInfo).toBe('Record not found');
      expect(await s.call('addMediaEntry', { name: 'Sneaky', type: 'audio', companyId: 3 }, t[who])).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
      expect((await s.call('modifyMediaEntry', { id: own.id, companyId: 3 }, t[who])).statusInfo).toBe(NO_PERMISSION);
    }
    expect(await s.call('queryMediaEntry', {}, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('addMediaEntry', { name: 'Op', type: 'audio' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('modifyMediaEntry', { id: own.id, name: 'Op' }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('delMediaEntry', { id: own.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect(await tableHash(s, 'media_entries')).toBe(before);
  });
});
