import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../../common/widgets';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
});
afterAll(async () => s?.close());

const visitor = {
  $id: 'visitor',
  'x-labels': { en: 'Visitor', zh: '访客', ja: '来訪者' },
  'x-route': '/home/visitorLog',
  'x-menu': { group: 'admin', order: 90, labels: { en: 'Visitors', zh: '访客登记', ja: '来訪者記録' } },
  'x-scope': 'company',
  'x-api': { list: { event: 'queryVisitors' }, create: { event: 'addVisitor' }, update: { event: 'modifyVisitor' }, delete: { event: 'deleteVisitor' } },
  'x-access': { read: 'visitor:read', create: 'visitor:create', update: 'visitor:update', delete: 'visitor:delete' },
  'x-list': { columns: ['name', 'phone'], filters: ['name'] },
  type: 'object',
  required: ['name'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', format: 'basic-text', minLength: 1, maxLength: 16, 'x-labels': { en: 'Name', zh: '姓名', ja: '氏名' } },
    phone: { type: 'string', format: 'phone', 'x-labels': { en: 'Phone', zh: '电话', ja: '電話' } },
  },
};

async function schemaIds(): Promise<{ ids: string[]; error: string | null }> {
  const body = (await (await fetch(`${s.url}/api/schemas`)).json()) as { entities: { $id: string }[]; error: string | null };
  return { ids: body.entities.map((e) => e.$id), error: body.error };
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a schema dropped into the data folder becomes a live entity without a restart', () => {
  const dir = () => path.join(s.dir, 'schemas', 'entities');

  it('serves the new entity and runs its CRUD with server-side validation', async () => {
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(path.join(dir(), 'visitor.schema.json'), JSON.stringify(visitor));
    expect((await until(schemaIds, (r) => r.ids.includes('visitor'))).ids).toContain('visitor');
    const admin = await s.login('admin');
    expect((await s.call('addVisitor', { name: 'Li Lei' }, admin)).statusInfo).toBe(
      'Validation failed: Name: Illegal characters: only letters, digits and Chinese characters are allowed',
    );
    expect((await s.call('addVisitor', { name: 'LiLei', phone: '123' }, admin)).statusInfo).toBe('Validation failed: Phone: Mobile phone number entered incorrectly');
    const made = await s.call('addVisitor', { name: 'LiLei', phone: '13812345678' }, admin);
    expect(made.param).toMatchObject({ name: 'LiLei', phone: '13812345678' });
    expect((await s.call('queryVisitors', { pageNum: 1, pageSize: 10 }, admin)).param.total).toBe(1);
    expect((await s.call('modifyVisitor', { id: made.param.id, name: 'HanMeimei' }, admin)).param.name).toBe('HanMeimei');
    expect((await s.call('deleteVisitor', { id: made.param.id }, admin)).statusCode).toBe(200);
    const operator = await s.login('monitor');
    expect((await s.call('addVisitor', { name: 'Nope' }, operator)).statusInfo).toBe('Insufficient permissions to operate!');
  });

  it('keeps the previous schemas when a file is bad, and reports the file', async () => {
    const bad = path.join(dir(), 'broken.schema.json');
    fs.writeFileSync(bad, JSON.stringify({ ...visitor, $id: 'broken', 'x-api': {}, properties: { a: { type: 'string', 'x-widget': 'nope' } } }));
    const r = await until(schemaIds, (x) => x.error !== null);
    expect(r.error).toBe(`Schema file ${bad}: property "a" names unknown widget "nope" (known: ${WIDGET_NAMES.join(', ')})`);
    expect(r.ids).toContain('visitor');
    fs.rmSync(bad);
    expect((await until(schemaIds, (x) => x.error === null)).error).toBeNull();
  });

  it('drops the events of a removed schema', async () => {
    fs.rmSync(path.join(dir(), 'visitor.schema.json'));
    expect((await until(schemaIds, (r) => !r.ids.includes('visitor'))).ids).not.toContain('visitor');
    const admin = await s.login('admin');
    expect((await s.call('queryVisitors', {}, admin)).statusCode).toBe(404);
  });
});
