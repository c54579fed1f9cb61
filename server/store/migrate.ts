import fs from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../paths';
import type { Db } from './db';

const MIGRATIONS_DIR = fromRoot('server', 'store', 'migrations');

/** Applies the forward-only migrations (migrations/NNN-name.sql) not yet applied, in order, in one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    // Serialises concurrent replicas starting at once against one PostgreSQL.
    await tx.query('SELECT pg_advisory_xact_lock(727001)');
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Splits a migration script on semicolons at line ends (our migrations keep no semicolons inside strings). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
