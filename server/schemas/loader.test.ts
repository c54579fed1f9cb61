import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './loader';

function folderWith(entity: string, enums: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-schemas-'));
  fs.mkdirSync(path.join(dir, 'entities'));
  fs.mkdirSync(path.join(dir, 'enums'));
  fs.writeFileSync(path.join(dir, 'entities', 'thing.schema.json'), entity);
  for (const [name, body] of Object.entries(enums)) fs.writeFileSync(path.join(dir, 'enums', `${name}.json`), JSON.stringify(body));
  return dir;
}

const thing = (props: Record<string, unknown>) => JSON.stringify({ $id: 'thing', type: 'object', properties: props });

describe('schema loader', () => {
  it('loads the project schemas', () => {
    const set = loadSchemas([path.resolve('schemas')]);
    expect([...set.entities.keys()]).toEqual(expect.arrayContaining(['company', 'robot', 'user', 'user-log']));
    expect(set.enums.get('robot-status')!.values).toHaveLength(23);
  });

  it('fails naming the file when a schema names an unknown widget', () => {
    const dir = folderWith(thing({ a: { type: 'string', 'x-widget': 'rainbow' } }));
    expect(() => loadSchemas([dir])).toThrow(`Schema file ${path.join(dir, 'entities', 'thing.schema.json')}: property "a" names unknown widget "rainbow"`);
  });

  it('fails naming the file on invalid JSON, an unknown enum or an invalid JSON Schema', () => {
    expect(() => loadSchemas([folderWith('{ nope')])).toThrow(/thing\.schema\.json is not valid JSON/);
    expect(() => loadSchemas([folderWith(thing({ a: { type: 'integer', 'x-enum': 'colours' } }))])).toThrow(/thing\.schema\.json: property "a" names unknown enum "colours"/);
    expect(() => loadSchemas([folderWith(thing({ a: { type: 'strng' } }))])).toThrow(/thing\.schema\.json: invalid JSON Schema/);
  });

  it('derives create and update validators: read-only dropped, enums enforced, update partial', () => {
    const dir = folderWith(thing({ id: { type: 'integer', readOnly: true }, name: { type: 'string', format: 'basic-text' }, kind: { type: 'integer', 'x-enum': 'k' } }), {
      k: { $id: 'k', values: [{ value: 1, key: 'one', labels: { en: 'One' } }] },
    });
    const e = loadSchemas([dir]).entities.get('thing')!;
    expect(e.table).toBe('ent_thing');
    expect(e.validateCreate({ name: 'abc', kind: 1 })).toBe(true);
    expect(e.validateCreate({ name: 'a b' })).toBe(false);
    expect(e.validateCreate({ kind: 2 })).toBe(false);
    expect(e.validateCreate({ id: 3 })).toBe(false);
    expect(e.validateUpdate({ id: 3 })).toBe(true);
    expect(e.validateUpdate({ name: 'x' })).toBe(false);
  });
});
