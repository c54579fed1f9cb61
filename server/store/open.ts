import path from 'node:path';
import type { ServerConfig } from '../config';
import type { Db } from './db';

/**
 * Opens the configured database: PostgreSQL when a URL is given, else PGlite in the data folder.
 * Only the one in use is loaded (issue 23: the other driver is start-up time for nothing).
 */
export async function openDb(opts: { databaseUrl?: string; pgliteDir: string; poolSize?: number }): Promise<Db> {
  if (opts.databaseUrl) return (await import('./postgres-db')).openPostgres(opts.databaseUrl, opts.poolSize);
  return (await import('./pglite-db')).openPglite(opts.pgliteDir);
}

/** What `say` tells while the database opens. */
export const openingStep = (config: ServerConfig): string =>
  config.databaseUrl ? 'Connecting to PostgreSQL…' : `Opening the embedded database (PGlite in ${path.join(config.dataDir, 'pglite')})…`;

/** Starts opening the configured database; the promise is awaited later (a failure is thrown there). */
export function openDatabase(config: ServerConfig): Promise<Db> {
  const opening = openDb({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, pgliteDir: path.join(config.dataDir, 'pglite') });
  opening.catch(() => undefined);
  return opening;
}
