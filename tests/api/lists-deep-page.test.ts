import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { loginAll } from './admin-support';

/**
 * Issue 23: deep pages of a list are read in two steps (the skipped rows by their ids, then the
 * page's rows). Every page must answer exactly the rows the plain `ORDER BY … LIMIT … OFFSET …`
 * of before gives, in the same order, for every order, filter and company scope.
 */
let s: TestServer;
let tokens: Awaited<ReturnType<typeof loginAll>>;
const EXTRA = 700;

beforeAll(async () => {
  s = await startTestServer();
  tokens = await loginAll(s);
  const { db } = s.server.services;
  const harbor = (await db.query<{ companyId: number }>(`SELECT "companyId" FROM users WHERE username = 'entadmin'`))[0]!.companyId;
  // Users of two companies, some disabled, names that tie in their first letters.
  await db.query(
    `INSERT INTO users ("username", "name", "passwordHash", "roleId", "companyId", "email", "enabled")
     SELECT 'deep' || lpad((g * 7919 % ${EXTRA})::text, 4, '0'), 'Deep' || g, 'x', 5, CASE WHEN g % 3 = 0 THEN $1::bigint ELSE 1 END,
            'deep' || g || '@example.com', CASE WHEN g % 5 = 0 THEN 0 ELSE 1 END
       FROM generate_series(1, ${EXTRA}) g`,
    [harbor],
  );
}, 120_000);

afterAll(async () => {
  await s?.close();
});

/** The page as the plain OFFSET query of before reads it (ids, in order). */
async function reference(where: string, params: unknown[], order: string, pageNum: number, pageSize: number): Promise<number[]> {
  const rows = await s.server.services.db.query<{ id: number }>(
    `SELECT id FROM users ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
    params,
  );
  return rows.map((r) => Number(r.id));
}

async function page(token: string, param: Record<string, unknown>): Promise<{ total: number; list: Array<Record<string, unknown>> }> {
  const a = await s.call<{ total: number; list: Array<Record<string, unknown>> }>('queryAllUser', param, token);
  expect(a.statusCode, a.statusInfo).toBe(200);
  return a.param!;
}

describe('queryAllUser deep pages answer the rows of the plain OFFSET query', () => {
  it('by id (the default order), shallow and deep pages, every column as on page 1', async () => {
    for (const [pageNum, pageSize] of [
      [1, 10],
      [19, 10],
      [21, 10],
      [50, 10],
      [7, 50],
      [71, 10],
    ] as const) {
      const got = await page(tokens.admin, { pageNum, pageSize });
      expect(got.list.map((r) => Number(r.id)), `page ${pageNum} of ${pageSize}`).toEqual(await reference('', [], 'id DESC', pageNum, pageSize));
    }
    // A deep page carries the same columns as a shallow one.
    const shallow = await page(tokens.admin, { pageNum: 1, pageSize: 10 });
    const deep = await page(tokens.admin, { pageNum: 40, pageSize: 10 });
    expect(Object.keys(deep.list[0]!).sort()).toEqual(Object.keys(shallow.list[0]!).sort());
    expect(deep.total).toBe(shallow.total);
  });

  it('sorted by username both ways, and filtered by enabled and a name part', async () => {
    for (const dir of ['ascend', 'descend']) {
      const order = `"username" ${dir === 'ascend' ? 'ASC' : 'DESC'}, id DESC`;
      for (const pageNum of [1, 25, 40]) {
        const got = await page(tokens.admin, { pageNum, pageSize: 10, sortField: 'username', sortOrder: dir });
        expect(got.list.map((r) => Number(r.id)), `${dir} page ${pageNum}`).toEqual(await reference('', [], order, pageNum, pageSize10));
      }
    }
    for (const pageNum of [1, 22, 30]) {
      const got = await page(tokens.admin, { pageNum, pageSize: 10, enabled: 1, username: 'deep0' });
      expect(got.list.map((r) => Number(r.id)), `filtered page ${pageNum}`).toEqual(
        await reference(`WHERE "enabled" = $1 AND "username"::text ILIKE $2`, [1, '%deep0%'], 'id DESC', pageNum, pageSize10),
      );
    }
  });

  it("a company's administrator pages through the rows of their company only", async () => {
    const own = (await s.server.services.db.query<{ companyId: number }>(`SELECT "companyId" FROM users WHERE username = 'entadmin'`))[0]!.companyId;
    const got = await page(tokens.entadmin, { pageNum: 1, pageSize: 10 });
    const ids = new Set<number>();
    for (const pageNum of [1, 21, 23]) {
      const p = await page(tokens.entadmin, { pageNum, pageSize: 10 });
      for (const r of p.list) ids.add(Number(r.companyId));
      expect(p.list.map((r) => Number(r.id)), `page ${pageNum}`).toEqual(await reference(`WHERE "companyId" = $1`, [own], 'id DESC', pageNum, pageSize10));
    }
    expect(got.total).toBeGreaterThan(EXTRA / 3 - 1);
    expect([...ids]).toEqual([own]);
  });

  it('a page past the end is empty, and its total is still the whole count', async () => {
    const got = await page(tokens.admin, { pageNum: 500, pageSize: 10 });
    expect(got.list).toEqual([]);
    expect(got.total).toBeGreaterThan(EXTRA);
  });
});

const pageSize10 = 10;
