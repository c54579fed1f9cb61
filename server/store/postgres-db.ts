import pg from 'pg';
import type { Db, Queryable, Row } from './db';

// Same JS types as PGlite: int8 and numeric as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Connects to PostgreSQL (DATABASE_URL). */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
        };
        const out = await fn(tx);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
