import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll, NO_PERMISSION, rowCount, tableHash } from './admin-support';

let s: TestServer;
let t: Awaited<ReturnType<typeof loginAll>>;
let metroId: number;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  t = await loginAll(s);
  // Feedback from a MetroColdChain user (no demo user there): written as the upload flow would.
  metroId = (
    await s.server.services.db.query<{ id: number }>(
      `INSERT INTO feedback ("userId", "username", "companyId", "content") VALUES (NULL, 'metrouser', 3, 'Cold store door sensor') RETURNING id`,
    )
  )[0]!.id;
});
afterAll(async () => s?.close());

describe('feedback over addFeedBack/queryFeedBack/delFeedBack', () => {
  it('lets every logged-in user submit feedback; user, company and time come from the session', async () => {
    const made = await s.call('addFeedBack', { content: 'Camera 2 on PatrolA1 is blurry', contact: '13812345678' }, t.monitor);
    expect(made.statusCode).toBe(200);
    expect(made.param).toMatchObject({ content: 'Camera 2 on PatrolA1 is blurry', contact: '13812345678', username: 'monitor', companyId: 2 });
    expect(typeof made.param.userId).toBe('number');
    expect(Date.now() - new Date(made.param.createdAt).getTime()).toBeLessThan(60_000);
    // Who wrote it cannot be forged: read-only fields a caller sends are dropped.
    const forged = await s.call('addFeedBack', { content: 'From the boss', username: 'admin', companyId: 3, userId: 1 }, t.entadmin);
    expect(forged.param).toMatchObject({ username: 'entadmin', companyId: 2 });
    for (const who of ['admin', 'platform', 'entsuper'] as const) expect((await s.call('addFeedBack', { content: `Note from ${who}` }, t[who])).statusCode).toBe(200);
  });

  it('refuses bad input with the exact message and writes nothing', async () => {
    const before = await tableHash(s, 'feedback');
    expect(await s.call('addFeedBack', { content: '' }, t.monitor)).toEqual({ statusCode: 400, statusInfo: 'Validation failed: Content is required' });
    expect((await s.call('addFeedBack', {}, t.monitor, 'ja')).statusInfo).toBe('検証に失敗しました：内容は必須です');
    expect((await s.call('addFeedBack', { content: 'x'.repeat(1001) }, t.monitor)).statusInfo).toBe('Validation failed: Content must be at most 1000 characters');
    expect((await s.call('addFeedBack', { content: 'ok', contact: '<script>' }, t.monitor)).statusInfo).toBe('Validation failed: Contact: Illegal characters in the text');
    expect(await tableHash(s, 'feedback')).toBe(before);
  });

  it('lists paged, newest first, within the caller tree', async () => {
    const all = await s.call('queryFeedBack', { pageNum: 1, pageSize: 2 }, t.admin);
    expect(all.param.total).toBe(6);
    expect(all.param.list).toHaveLength(2);
    expect(all.param.list[0].content).toBe('Note from entsuper');
    expect((await s.call('queryFeedBack', { pageNum: 3, pageSize: 2 }, t.platform)).param.list.map((f: { id: number }) => f.id)).toContain(metroId);
    const harbor = await s.call('queryFeedBack', { pageNum: 1, pageSize: 10 }, t.entadmin);
    expect(harbor.param.total).toBe(3);
    expect(harbor.param.list.map((f: { companyId: number }) => f.companyId)).not.toContain(3);
    expect((await s.call('queryFeedBack', { pageNum: 1, pageSize: 10, username: 'moni' }, t.entsuper)).param.total).toBe(1);
  });

  it('deletes within the caller tree; general users neither read nor delete; nothing else changes', async () => {
    const mine = (await s.call('queryFeedBack', { username: 'monitor' }, t.entsuper)).param.list[0];
    const before = await tableHash(s, 'feedback');
    expect(await s.call('queryFeedBack', {}, t.monitor)).toEqual({ statusCode: 401, statusInfo: NO_PERMISSION });
    expect((await s.call('delFeedBack', { id: mine.id }, t.monitor)).statusInfo).toBe(NO_PERMISSION);
    expect((await s.call('delFeedBack', { id: metroId }, t.entsuper)).statusInfo).toBe('Record not found');
    expect((await s.call('modifyFeedBack', { id: mine.id, content: 'edited' }, t.admin)).statusCode).toBe(404);
    expect(await tableHash(s, 'feedback')).toBe(before);
    const n = await rowCount(s, 'feedback');
    expect(await s.call('delFeedBack', { id: mine.id }, t.entadmin)).toEqual({ statusCode: 200, statusInfo: 'Success', param: { id: mine.id } });
    expect(await s.call('delFeedBack', { id: metroId }, t.platform)).toMatchObject({ statusCode: 200 });
    expect(await rowCount(s, 'feedback')).toBe(n - 2);
  });
});
