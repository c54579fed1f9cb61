import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './loader';
import { fileSchemaChecks } from './check-cache';

/** A copy of the project's schema folder, to edit. */
function projectCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-checks-'));
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  return dir;
}

describe('schema check cache (issue 23: a restart does not compile every schema again)', () => {
  it('remembers each schema that passed, and a second start finds them all', () => {
    const dir = projectCopy();
    const file = path.join(dir, 'cache.json');
    const first = fileSchemaChecks(file);
    const loaded = loadSchemas([dir], [], { checks: first });
    first.save();
    const keys = (JSON.parse(fs.readFileSync(file, 'utf8')) as { passed: string[] }).passed;
    expect(keys.length).toBe(loaded.entities.size + loaded.settings.size);

    let asked = 0;
    let added = 0;
    const again = fileSchemaChecks(file);
    loadSchemas([dir], [], {
      checks: {
        passed: (k) => (asked++, again.passed(k)),
        pass: () => void added++,
      },
    });
    expect([asked, added]).toEqual([keys.length, 0]);
  });

  it('an edited schema is checked again: an edit ajv refuses is refused though the file passed before', () => {
    const dir = projectCopy();
    const file = path.join(dir, 'cache.json');
    const first = fileSchemaChecks(file);
    loadSchemas([dir], [], { checks: first });
    first.save();
    const entity = path.join(dir, 'entities', 'company.schema.json');
    const schema = JSON.parse(fs.readFileSync(entity, 'utf8'));
    schema.properties.name.minLength = 'two';
    fs.writeFileSync(entity, JSON.stringify(schema));
    expect(() => loadSchemas([dir], [], { checks: fileSchemaChecks(file) })).toThrow(/company\.schema\.json: invalid JSON Schema: .*minLength/);
  });

  it('an unreadable cache file is no cache: every schema is checked', () => {
    const dir = projectCopy();
    const file = path.join(dir, 'cache.json');
    fs.writeFileSync(file, '{not json');
    let added = 0;
    const checks = fileSchemaChecks(file);
    const loaded = loadSchemas([dir], [], { checks: { passed: (k) => checks.passed(k), pass: () => void added++ } });
    expect(added).toBe(loaded.entities.size + loaded.settings.size);
  });
});
