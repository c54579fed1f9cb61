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
      const flag = folderWith(root({}, { name: { type: 'string', 'x-readonly-on-edit': 'yes' } }));
      expect(() => loadSchemas([flag])).toThrow(`Schema file ${fileOf(flag)}: /properties/name/x-readonly-on-edit must be a boolean`);
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

describe('overlay entities (a folder after the first, the data folder\'s schemas/) keep to their own table, company scope and no readable secret', () => {
  const project = path.resolve('schemas');
  /** A folder holding entity files (name → schema); returns the folder and the file of `name`. */
  const overlayWith = (files: Record<string, Record<string, unknown>>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-overlay-'));
    fs.mkdirSync(path.join(dir, 'entities'));
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'entities', `${name}.schema.json`), JSON.stringify(body));
    return { dir, file: (name: string) => path.join(dir, 'entities', `${name}.schema.json`) };
  };
  const entity = (id: string, extra: Record<string, unknown> = {}, props: Record<string, unknown> = { name: { type: 'string' } }) => ({
    $id: id,
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true }, ...props },
    ...extra,
  });
  const own = 'a designed entity keeps its records in a table of its own (ent_…)';
  /** Loads the overlay after a small project folder whose entity keeps its rows in the core table users. */
  const projectDir = overlayWith({ staff: entity('staff', { 'x-store': { table: 'users' }, 'x-scope': 'company' }, { password: { type: 'string' } }) }).dir;
  const load = (files: Record<string, Record<string, unknown>>) => {
    const o = overlayWith(files);
    return { ...o, run: () => loadSchemas([projectDir, o.dir]) };
  };

  it('loads the project\'s own schemas exactly as before, core tables, scopes and fields included', () => {
    const alone = loadSchemas([project]);
    const withOverlay = loadSchemas([project, overlayWith({}).dir]);
    expect([...withOverlay.entities.keys()]).toEqual([...alone.entities.keys()]);
    for (const [id, e] of alone.entities) {
      expect(withOverlay.entities.get(id)!.schema).toEqual(e.schema);
      expect(withOverlay.entities.get(id)!.table).toBe(e.table);
    }
    expect(alone.entities.get('user')!.table).toBe('users');
    expect(alone.entities.get('battery-model')!.schema['x-scope']).toBe('none');
    expect(alone.entities.get('company')!.schema['x-scope']).toBe('company-tree');
    // A folder on its own is the project's: the small project folder may use users.
    expect(loadSchemas([projectDir]).entities.get('staff')!.table).toBe('users');
  });

  it('refuses a core table, another entity\'s table (project or overlay), a cut name and x-store.where', () => {
    const users = load({ mine: entity('mine', { 'x-store': { table: 'users' } }) });
    expect(users.run).toThrow(`Schema file ${users.file('mine')}: x-store.table "users" is not this design's own table: ${own}`);
    const robots = load({ mine: entity('mine', { 'x-store': { table: 'robots' } }) });
    expect(robots.run).toThrow(`Schema file ${robots.file('mine')}: x-store.table "robots" is not this design's own table: ${own}`);
    const project = load({ mine: entity('mine', { 'x-store': { table: 'ent_robot_func_template' } }) });
    expect(() => loadSchemas([path.resolve('schemas'), project.dir])).toThrow(
      `Schema file ${project.file('mine')}: x-store.table "ent_robot_func_template" is the table of entity "robot-func-template": ${own}`,
    );
    const twin = load({ alpha: entity('alpha'), beta: entity('beta', { 'x-store': { table: 'ent_alpha' } }) });
    expect(twin.run).toThrow(`Schema file ${twin.file('beta')}: x-store.table "ent_alpha" is the table of entity "alpha": ${own}`);
    // The one naming another's table is blamed, whichever file comes first.
    const first = load({ aaa: entity('aaa', { 'x-store': { table: 'ent_zzz' } }), zzz: entity('zzz') });
    expect(first.run).toThrow(`Schema file ${first.file('aaa')}: x-store.table "ent_zzz" is the table of entity "zzz": ${own}`);
    const long = `a${'b'.repeat(59)}`;
    const cut = load({ long: entity(long) });
    expect(cut.run).toThrow(`Schema file ${cut.file('long')}: the table "ent_${long}" (ent_<$id>) is longer than 63 characters (PostgreSQL would cut it): ${own}`);
    const where = load({ mine: entity('mine', { 'x-store': { table: 'ent_mine', where: { kind: 'plate' } } }) });
    expect(where.run).toThrow(`Schema file ${where.file('mine')}: x-store.where picks the rows of a table shared by the project's entities: ${own}`);
    // Its own table, named or by default, is fine.
    const fine = load({ mine: entity('mine', { 'x-store': { table: 'ent_mine_records' } }), other: entity('other') });
    const set = fine.run();
    expect(set.entities.get('mine')!.table).toBe('ent_mine_records');
    expect(set.entities.get('other')!.table).toBe('ent_other');
  });

  it('no core table starts with ent_ (the migrations and the tables the server makes itself)', () => {
    const sources = [
      ...fs.readdirSync('server/store/migrations').map((f) => path.join('server/store/migrations', f)),
      'server/store/migrate.ts',
      'server/cluster/cluster.ts',
    ];
    const tables = sources.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\b(?:CREATE|ALTER)\s+(?:TABLE|VIEW)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?"?(\w+)/gi)].map((m) => m[1]!));
    expect(tables).toEqual(expect.arrayContaining(['users', 'robots', 'companies', 'detections']));
    expect(tables.filter((t) => t.toLowerCase().startsWith('ent_'))).toEqual([]);
    const projectTables = [...loadSchemas([project]).entities.values()].map((e) => e.table);
    expect(projectTables.filter((t) => t.startsWith('ent_'))).toEqual(['ent_robot_func_template']);
  });

  it('gives company scope when x-scope is absent, refuses company-tree, takes none and company-or-shared', () => {
    const set = load({
      plain: entity('plain'),
      open: entity('open', { 'x-scope': 'none' }),
      shared: entity('shared', { 'x-scope': 'company-or-shared' }, { companyId: { type: ['integer', 'null'], 'x-ref': 'company' } }),
    }).run();
    expect(set.entities.get('plain')!.schema['x-scope']).toBe('company');
    expect(set.entities.get('open')!.schema['x-scope']).toBe('none');
    expect(set.entities.get('shared')!.schema['x-scope']).toBe('company-or-shared');
    const tree = load({ mine: entity('mine', { 'x-scope': 'company-tree' }) });
    expect(tree.run).toThrow(
      `Schema file ${tree.file('mine')}: "x-scope": "company-tree" is for the companies table (a row's id is a company id); a designed entity takes "company" (the default), "company-or-shared" or "none"`,
    );
    const text = load({ mine: entity('mine', {}, { companyId: { type: 'string' } }) });
    expect(text.run).toThrow(
      `Schema file ${text.file('mine')}: property "companyId" holds the company of a record: in a company-scoped designed entity it is an integer column of its own (no x-in, no x-transient)`,
    );
    // The same files in the project's folder are left as they are.
    expect(loadSchemas([tree.dir]).entities.get('mine')!.schema['x-scope']).toBe('company-tree');
    expect(loadSchemas([set.entities.get('plain')!.file.replace(/\/entities\/plain\.schema\.json$/, '')]).entities.get('plain')!.schema['x-scope']).toBeUndefined();
  });

  it('refuses a field that looks like a secret unless writeOnly; a writeOnly one is never read, listed, unique or in x-in', () => {
    const secret = (name: string, props: Record<string, unknown>) => {
      const o = load({ mine: entity('mine', {}, props) });
      expect(o.run).toThrow(
        `Schema file ${o.file('mine')}: property "${name}" looks like a secret: a designed entity keeps one only in a "writeOnly": true property, which no answer carries (or give the field another name)`,
      );
    };
    secret('password', { password: { type: 'string' } });
    secret('passwordHash', { passwordHash: { type: 'string' } });
    secret('API_KEY', { API_KEY: { type: 'string' } });
    secret('privateKey', { privateKey: { type: 'string' } });
    secret('accessToken', { accessToken: { type: 'string' } });
    secret('mailPasswd', { mailPasswd: { type: 'string' } });
    secret('clientSecret', { clientSecret: { type: 'string' } });
    secret('profile.pwd', { profile: { type: 'object', properties: { pwd: { type: 'string' } } } });
    const ok = load({ mine: entity('mine', { 'x-list': { columns: ['name'] } }, { name: { type: 'string' }, password: { type: 'string', writeOnly: true } }) }).run().entities.get('mine')!;
    expect(ok.readColumns).toEqual(['id', 'name']);
    const listed = load({ mine: entity('mine', { 'x-list': { filters: ['password'] } }, { password: { type: 'string', writeOnly: true } }) });
    expect(listed.run).toThrow(`Schema file ${listed.file('mine')}: x-list names writeOnly property "password": no list answers it, and a filter or sort would reveal it`);
    const unique = load({ mine: entity('mine', {}, { password: { type: 'string', writeOnly: true, 'x-unique': true } }) });
    expect(unique.run).toThrow(`Schema file ${unique.file('mine')}: property "password" is writeOnly and x-unique: a duplicate answer would reveal it`);
    const inJson = load({ mine: entity('mine', {}, { data: { type: 'object' }, password: { type: 'string', writeOnly: true, 'x-in': 'data' } }) });
    expect(inJson.run).toThrow(`Schema file ${inJson.file('mine')}: property "password" is writeOnly and kept in x-in "data", a column that may be answered: keep it in a column of its own`);
  });

  it('refers to company only by a company-scoped companyId, and never to role (exports and imports name them across companies)', () => {
    const site = load({ mine: entity('mine', {}, { site: { type: 'integer', 'x-ref': 'company' } }) });
    expect(site.run).toThrow(
      `Schema file ${site.file('mine')}: property "site" refers to "company": in a designed entity only "companyId" of a company-scoped one may (the server checks it against the caller's companies; an export or import would name any company)`,
    );
    const open = load({ mine: entity('mine', { 'x-scope': 'none' }, { companyId: { type: 'integer', 'x-ref': 'company' } }) });
    expect(open.run).toThrow(/property "companyId" refers to "company": in a designed entity only "companyId" of a company-scoped one may/);
    const role = load({ mine: entity('mine', {}, { roles: { type: 'array', items: { type: 'integer', 'x-ref': 'role' } } }) });
    expect(role.run).toThrow(`Schema file ${role.file('mine')}: property "roles" refers to "role": an export or import would read role names across every company; a designed entity may not`);
    expect(load({ mine: entity('mine', {}, { companyId: { type: 'integer', 'x-ref': 'company' }, robot: { type: 'integer', 'x-ref': 'robot' } }) }).run().entities.get('mine')!.table).toBe('ent_mine');
  });

  it('trustedDirs names the project\'s folders explicitly', () => {
    const o = overlayWith({ mine: entity('mine', { 'x-store': { table: 'users' } }) });
    expect(() => loadSchemas([projectDir, o.dir])).toThrow(/is not this design's own table/);
    expect(loadSchemas([projectDir, o.dir], [], { trustedDirs: [projectDir, o.dir] }).entities.get('mine')!.table).toBe('users');
    // Nothing trusted: the project's folder is held to the overlay rules too.
    expect(() => loadSchemas([projectDir], [], { trustedDirs: [] })).toThrow(/x-store.table "users" is not this design's own table/);
  });
});
