import type { Db } from './db';
import { openPglite } from './pglite-db';
import { openPostgres } from './postgres-db';

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in the data folder. */
export async function openDb(opts: { databaseUrl?: string; pgliteDir: string; poolSize?: number }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.pgliteDir);
}
