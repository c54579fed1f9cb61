/**
 * One query layer over Postgres SQL: PGlite embedded (default) or PostgreSQL via DATABASE_URL.
 * Keep to PostgreSQL 15 SQL: PGlite is 18, Debian's server is 15.
 */

/** A row as returned by a query. */
export type Row = Record<string, unknown>;

/** Something that runs parameterised SQL: the database or a transaction handle. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The database. Inside `transaction` use only the handle it passes (PGlite is one connection). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres error code for unique violations. */
export const UNIQUE_VIOLATION = '23505';

/** Quotes an identifier (column and table names come from schemas, never from callers). */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Illegal SQL identifier: ${name}`);
  return `"${name}"`;
}
