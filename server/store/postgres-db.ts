import fs from 'node:fs';
import pg from 'pg';
import type { Db, Queryable, Row } from './db';

// Same JS types as PGlite: int8 and numeric as numbers.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Connects to PostgreSQL (DATABASE_URL). */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  await pool.query('SELECT 1');
  // Debug hook for bench/list-throughput.ts: FC_SQL_LOG=<file> appends each statement and its
  // parameters as a JSON line (the bench replays a request's statements with pgbench).
  const logFile = process.env.FC_SQL_LOG;
  const log = logFile ? (sql: string, params: unknown[]) => fs.appendFileSync(logFile, `${JSON.stringify({ sql, params })}\n`) : null;
  return {
    kind: 'postgres',
    // Not an async function: one promise less per statement (issue 23).
    query<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
      log?.(sql, params);
      return prepared((q) => pool.query(q), sql, params).then((r) => r.rows as T[]);
    },
    async exec(sql) {
      forgetOnDdl(sql);
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T extends Row = Row>(sql: string, params: unknown[] = []) {
            log?.(sql, params);
            return (await prepared((q) => client.query(q), sql, params, false)).rows as T[];
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

/**
 * Statements with parameters run as named (prepared) statements: each pooled connection parses
 * and plans a statement text once and then only binds and executes it (the list event's SELECTs
 * and the session look-ups run thousands of times a second under load). Names are kept for the
 * texts seen; texts beyond MAX_NAMED (generated filters, one-off statements) run unnamed.
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();
let named = 0;

/** A schema change here (ensureTables, migrations) makes every statement prepared from now on under a new name. */
function forgetOnDdl(text: string): void {
  if (/^\s*(ALTER|CREATE|DROP)\s/i.test(text)) names.clear();
}

/**
 * A statement without parameters that is one SELECT (or WITH … SELECT) is prepared too: the list
 * event of a caller who sees every company reads page 1 with no parameter at all (LIMIT and OFFSET
 * are written into the text), and the simple protocol would parse and plan it anew on every call,
 * nearly twice the database's work of the prepared statement (pgbench: 9–12k tps simple, 17–21k
 * prepared on this machine, issue 23). Anything else without parameters (DDL, BEGIN, several
 * statements in one text) keeps the simple protocol.
 */
const ONE_SELECT = /^\s*(SELECT|WITH)\b[^;]*;?\s*$/i;

function statement(text: string, values: unknown[]): pg.QueryConfig {
  if (!values.length && !ONE_SELECT.test(text)) {
    forgetOnDdl(text);
    return { text };
  }
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `fc${named++}`));
  return name === undefined ? { text, values } : { name, text, values };
}

/** PostgreSQL's "cached plan must not change result type" (a table got a column after the statement was prepared). */
const STALE_PLAN = '0A000';

/**
 * Runs a statement as a named one; a plan gone stale by a schema change (a live schema edit adds a
 * column to a table a `SELECT *` reads) is prepared again under a new name and run once more
 * (outside a transaction; inside one the next call prepares it anew).
 */
function prepared(run: (q: pg.QueryConfig) => Promise<pg.QueryResult>, text: string, values: unknown[], retry = true): Promise<pg.QueryResult> {
  return run(statement(text, values)).catch((err: unknown) => {
    if ((err as { code?: string }).code !== STALE_PLAN || !names.has(text)) throw err;
    names.delete(text);
    // Inside a transaction the error has aborted it: the caller's retry (if any) prepares anew.
    if (!retry) throw err;
    return run(statement(text, values));
  });
}
