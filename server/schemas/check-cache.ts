/**
 * The schema checks that passed, kept in the data folder (DATA_DIR/cache/schema-checks.json) so a
 * restart does not compile every schema again only to learn it is valid (issue 23). Keys are the
 * hashes of each schema's content and the checker's context (loader.ts checkKey): an edited schema,
 * a new ajv or a changed keyword set is checked afresh. Only the keys of this start are kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SchemaChecks } from './loader';

export function fileSchemaChecks(file: string): SchemaChecks & { save(): void } {
  let known = new Set<string>();
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8')) as { passed?: unknown };
    if (Array.isArray(read.passed)) known = new Set(read.passed.filter((k): k is string => typeof k === 'string'));
  } catch {
    /* none yet, or unreadable: every schema is checked */
  }
  const kept = new Set<string>();
  let added = false;
  return {
    passed(key) {
      if (!known.has(key)) return false;
      kept.add(key);
      return true;
    },
    pass(key) {
      kept.add(key);
      added = true;
    },
    save() {
      if (!added && kept.size === known.size) return;
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(`${file}.tmp`, JSON.stringify({ passed: [...kept].sort() }));
        fs.renameSync(`${file}.tmp`, file);
      } catch (err) {
        console.warn(`Schema check cache not saved (${(err as Error).message}): the next start checks every schema again.`);
      }
    },
  };
}
