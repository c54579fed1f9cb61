/** Small helpers shared by the administration screen tests (tests/api/admin-*.test.ts). */
import type { TestServer } from '../helpers/test-server';

/** A fingerprint of one table's rows: changes if any row is added, removed or altered. */
export async function tableHash(s: TestServer, table: string): Promise<string> {
  const rows = await s.server.services.db.query<{ n: number; h: string | null }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${table}" x`,
  );
  return `${rows[0]!.n}:${rows[0]!.h}`;
}

/** Number of rows in a table. */
export async function rowCount(s: TestServer, table: string): Promise<number> {
  return (await s.server.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`))[0]!.n;
}

/** One REST call under /robot/ with the token header: the `{code, message, data}` answer. */
export async function rest<D = any>(
  s: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: unknown,
  lang = 'en',
): Promise<{ code: number; message: string; data?: D }> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { token, 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from ${method} ${path}`);
  return (await res.json()) as { code: number; message: string; data?: D };
}

/** Logs in the demo users of the five built-in roles (monitor is the general user). */
export async function loginAll(s: TestServer): Promise<Record<'admin' | 'platform' | 'entsuper' | 'entadmin' | 'monitor', string>> {
  const [admin, platform, entsuper, entadmin, monitor] = await Promise.all(['admin', 'platform', 'entsuper', 'entadmin', 'monitor'].map((u) => s.login(u)));
  return { admin: admin!, platform: platform!, entsuper: entsuper!, entadmin: entadmin!, monitor: monitor! };
}

export const NO_PERMISSION = 'Insufficient permissions to operate!';
