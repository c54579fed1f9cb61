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

  describe('x- keywords are checked against their declarations (common/schema-keywords.ts)', () => {
    const fileOf = (dir: string) => path.join(dir, 'entities', 'thing.schema.json');
    const root = (extra: Record<string, unknown>, props: Record<string, unknown> = { name: { type: 'string' } }) =>
      JSON.stringify({ $id: 'thing', type: 'object', properties: props, ...extra });

    it('refuses a typo in a value: x-scope', () => {
      const dir = folderWith(root({ 'x-scope': 'compnay' }));
      expect(() => loadSchemas([dir])).toThrow(`Schema file ${fileOf(dir)}: /x-scope must be one of company, company-tree, company-or-shared, none`);
    });

    it('refuses an unknown keyword, naming the closest one', () => {
      const dir = folderWith(root({}, { name: { type: 'string', 'x-widgit': 'textarea' } }));
      expect(() => loadSchemas([dir])).toThrow(
        `Schema file ${fileOf(dir)}: /properties/name/x-widgit is not a known keyword (did you mean x-widget?); docs/schema-keywords.md lists them`,
      );
    });

    it('refuses a value of the wrong type, naming the path inside the value', () => {
      const dir = folderWith(root({ 'x-list': { columns: 'name' } }));
      expect(() => loadSchemas([dir])).toThrow(`Schema file ${fileOf(dir)}: /x-list/columns must be an array`);
      const flag = folderWith(root({}, { name: { type: 'string', 'x-unique': 'yes' } }));
      expect(() => loadSchemas([flag])).toThrow(`Schema file ${fileOf(flag)}: /properties/name/x-unique must be a boolean`);
    });

    it('refuses a keyword out of its place, an unknown key of an object value, and checks row action forms and enum files', () => {
      const dir = folderWith(root({ 'x-widget': 'textarea' }));
      expect(() => loadSchemas([dir])).toThrow(`Schema file ${fileOf(dir)}: /x-widget is not allowed on an entity schema's root (only on a property, an array's items)`);
      const menu = folderWith(root({ 'x-menu': { group: 'admin', colour: 'red' } }));
      expect(() => loadSchemas([menu])).toThrow(`Schema file ${fileOf(menu)}: /x-menu has an unknown key "colour" (known: group, icon, order, labels, robotTypes, infraredTypes)`);
      const form = { key: 'note', kind: 'form', event: 'noteThing', labels: { en: 'Note' }, form: { properties: { text: { type: 'string', 'x-help': 'plain' } } } };
      const action = folderWith(root({ 'x-row-actions': [form] }));
      expect(() => loadSchemas([action])).toThrow(`Schema file ${fileOf(action)}: /x-row-actions/0/form/properties/text/x-help must be an object`);
      const e = folderWith(root({}), { k: { $id: 'k', 'x-extra': { gone: 'Gone' }, values: [{ value: 1, key: 'one', labels: { en: 'One' } }] } });
      expect(() => loadSchemas([e])).toThrow(`Schema file ${path.join(e, 'enums', 'k.json')}: /x-extra/gone must be an object`);
      const binding = folderWith(root({ 'x-api': { list: { event: 'queryThings', rest: 'GET /robot/thing/list' } } }));
      expect(() => loadSchemas([binding])).toThrow(
        `Schema file ${fileOf(binding)}: /x-api/list must be {"event": "name"} or {"rest": "METHOD /robot/path"}, with an optional "idParam"`,
      );
    });
  });
});
