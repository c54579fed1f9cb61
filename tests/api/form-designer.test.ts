import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addField, updateField, type EditorState } from '../../src/form-designer/model/commands';
import { defaultConfig } from '../../src/form-designer/model/field-types';
import { run, startHistory } from '../../src/form-designer/model/history';
import { newEntityEnvelope, pascalOf, withListColumns } from '../../src/form-designer/model/entity-envelope';
import { designToSchema } from '../../src/form-designer/model/schema-conversion';
import { ROOT } from '../../src/form-designer/model/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SIMULATOR: 'off' });
  admin = await s.login('admin');
});
afterAll(async () => s?.close());

const envelope = newEntityEnvelope({ id: 'site-survey', labels: { en: 'Site survey', zh: '现场勘察', ja: '現地調査' }, group: 'other' });

/** The design of the issue: an input (required, pattern), a select and a grid with two fields. */
function design(extra = false) {
  let h = startHistory({ doc: { list: [], config: defaultConfig() }, selected: null } as EditorState);
  h = run(h, addField('input', ROOT, 0, 'Code', 'code'));
  h = run(h, updateField('code', { model: 'code', options: { required: true, pattern: '^[A-Z]{3}$' } }));
  h = run(h, addField('select', ROOT, 1, 'Kind', 'kind'));
  h = run(h, updateField('kind', { model: 'kind', options: { options: [{ value: 'indoor' }, { value: 'outdoor' }] } }));
  h = run(h, addField('grid', ROOT, 2, 'Grid', 'g'));
  h = run(h, addField('number', { kind: 'column', gridKey: 'g', column: 0 }, 0, 'Floors', 'floors'));
  h = run(h, updateField('floors', { model: 'floors', options: { min: 1, max: 50 } }));
  h = run(h, addField('switch', { kind: 'column', gridKey: 'g', column: 1 }, 0, 'Lift', 'lift'));
  h = run(h, updateField('lift', { model: 'lift' }));
  if (extra) {
    h = run(h, addField('textarea', ROOT, 3, 'Notes', 'notes'));
    h = run(h, updateField('notes', { model: 'notes', options: { required: true } }));
  }
  return withListColumns(designToSchema(h.present.doc, envelope));
}

const file = () => path.join(s.dir, 'schemas', 'entities', 'site-survey.schema.json');
const schemaIds = async () => ((await (await fetch(`${s.url}/api/schemas`)).json()) as { entities: { $id: string; properties: Record<string, unknown> }[] }).entities;
const revisions = async () => (await s.call('queryFormDesignRevisions', { schemaId: 'site-survey' }, admin)).param;

describe('saving a design into an entity schema', () => {
  it('refuses a general user and an enterprise admin, with nothing changed', async () => {
    for (const user of ['monitor', 'entadmin']) {
      const token = await s.login(user);
      const a = await s.call('saveFormDesign', { schema: design() }, token);
      expect(a.statusInfo).toBe('Insufficient permissions to operate!');
      expect((await s.call('queryFormDesignRevisions', { schemaId: 'site-survey' }, token)).statusInfo).toBe('Insufficient permissions to operate!');
    }
    expect(fs.existsSync(file())).toBe(false);
    expect((await schemaIds()).map((e) => e.$id)).not.toContain('site-survey');
    expect((await revisions()).total).toBe(0);
  });

  it('refuses a bad schema with a clear message and changes nothing', async () => {
    const bad = design();
    bad.properties.code = { ...bad.properties.code, 'x-widget': 'hologram' };
    expect((await s.call('saveFormDesign', { schema: bad }, admin)).statusInfo).toMatch(/^The design cannot be saved: property "code" names unknown widget "hologram" \(known: /);
    const noId = { ...design(), $id: 'Bad Name' };
    expect((await s.call('saveFormDesign', { schema: noId }, admin)).statusInfo).toBe('The design cannot be saved: "$id" must be a lower-case name of 2 to 40 letters, digits or dashes');
    const company = { ...design(), $id: 'company' };
    expect((await s.call('saveFormDesign', { schema: company }, admin)).statusInfo).toBe(
      `"company" is defined by the project's schemas and cannot be replaced; save the design under a new entity name`,
    );
    const clash = design();
    clash['x-api'] = { ...clash['x-api'], create: { event: 'login' } };
    expect((await s.call('saveFormDesign', { schema: clash }, admin)).statusInfo).toBe('The design cannot be saved: operation "login" is already used by the server');
    const route = { ...design(), 'x-route': '/home/companyManage' };
    expect((await s.call('saveFormDesign', { schema: route }, admin)).statusInfo).toBe('The design cannot be saved: route "/home/companyManage" is already used by company');
    expect(fs.existsSync(file())).toBe(false);
    expect((await revisions()).total).toBe(0);
    expect((await schemaIds()).map((e) => e.$id)).not.toContain('site-survey');
  });

  it('stores it as a live schema at once: the server validates data against it from that answer on', async () => {
    const saved = await s.call('saveFormDesign', { schema: design() }, admin);
    expect(saved.statusInfo).toBe('Success');
    expect(saved.param).toMatchObject({ schemaId: 'site-survey', revision: 1, username: 'admin', restoredFrom: null });
    expect(fs.existsSync(file())).toBe(true);
    expect((await schemaIds()).map((e) => e.$id)).toContain('site-survey');

    expect((await s.call('addSiteSurvey', { kind: 'indoor' }, admin)).statusInfo).toBe('Validation failed: Code is required');
    expect((await s.call('addSiteSurvey', { code: 'ab1' }, admin)).statusInfo).toBe('Validation failed: Code Unmatched pattern');
    expect((await s.call('addSiteSurvey', { code: 'ABC', kind: 'attic' }, admin)).statusInfo).toBe('Validation failed: Kind has a value that is not allowed');
    expect((await s.call('addSiteSurvey', { code: 'ABC', floors: 99 }, admin)).statusInfo).toBe('Validation failed: Floors is out of range');
    const made = await s.call('addSiteSurvey', { code: 'ABC', kind: 'outdoor', floors: 3, lift: true }, admin);
    expect(made.param).toMatchObject({ code: 'ABC', kind: 'outdoor', floors: 3, lift: true });
    // The operator sees nothing of it (the role grants none of its permissions).
    expect((await s.call('querySiteSurveys', {}, await s.login('monitor'))).statusInfo).toBe('Insufficient permissions to operate!');
  });

  it('a changed design applies at once; a data type change is refused', async () => {
    const saved = await s.call('saveFormDesign', { schema: design(true) }, admin);
    expect(saved.param).toMatchObject({ revision: 2 });
    expect((await s.call('addSiteSurvey', { code: 'XYZ' }, admin)).statusInfo).toBe('Validation failed: Notes is required');
    expect((await s.call('addSiteSurvey', { code: 'XYZ', notes: 'roof' }, admin)).param).toMatchObject({ notes: 'roof' });

    const changed = design(true);
    changed.properties.floors = { type: 'string', 'x-labels': { en: 'Floors', zh: '楼层', ja: '階数' } };
    expect((await s.call('saveFormDesign', { schema: changed }, admin)).statusInfo).toBe(
      'The design cannot be saved: the data type of field floors cannot change from number to string once saved; add a new field instead',
    );
    expect((await revisions()).total).toBe(2);
  });

  it('lists revisions (who, when) and restores a previous one as a new revision', async () => {
    const list = await revisions();
    expect(list.total).toBe(2);
    expect(list.list.map((r: { revision: number; username: string }) => [r.revision, r.username])).toEqual([
      [2, 'admin'],
      [1, 'admin'],
    ]);
    expect(Number.isNaN(Date.parse(list.list[0].createdAt))).toBe(false);
    const first = list.list[1].id as number;
    const one = await s.call('getFormDesignRevision', { id: first }, admin);
    expect(Object.keys(one.param.schema.properties)).not.toContain('notes');

    const restored = await s.call('restoreFormDesign', { id: first }, admin);
    expect(restored.param).toMatchObject({ revision: 3, restoredFrom: 1 });
    const live = (await schemaIds()).find((e) => e.$id === 'site-survey')!;
    expect(Object.keys(live.properties)).not.toContain('notes');
    // Notes is no longer asked for.
    expect((await s.call('addSiteSurvey', { code: 'QRS' }, admin)).statusCode).toBe(200);
    expect((await s.call('restoreFormDesign', { id: 999999 }, admin)).statusInfo).toBe('Record not found');
  });
});

/** A designed entity by hand: the designer's envelope (minus x-scope, unless given), a title field and `props`. */
function entityDesign(id: string, extra: Record<string, unknown> = {}, props: Record<string, unknown> = {}) {
  const { 'x-scope': _scope, ...envelope } = newEntityEnvelope({ id, labels: { en: id, zh: id, ja: id }, group: 'other' });
  return {
    ...envelope,
    'x-list': { columns: ['title'], filters: ['title'] },
    ...extra,
    properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string', maxLength: 40, 'x-labels': { en: 'Title', zh: '标题', ja: 'タイトル' } }, ...props },
  };
}

const OWN = 'a designed entity keeps its records in a table of its own (ent_…)';
const overlayFile = (id: string) => path.join(s.dir, 'schemas', 'entities', `${id}.schema.json`);
const revisionsOf = async (id: string) => (await s.call('queryFormDesignRevisions', { schemaId: id }, admin)).param.total as number;
const columnsOf = async (table: string) =>
  (await s.server.services.db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name', [table])).map(
    (r) => r.column_name,
  );
/** Everything a refused design could have changed: its file, revisions, the live set, its events. */
async function unchanged(id: string, events: string[]) {
  expect(fs.existsSync(overlayFile(id))).toBe(false);
  expect(await revisionsOf(id)).toBe(0);
  expect((await schemaIds()).map((e) => e.$id)).not.toContain(id);
  for (const e of events) {
    expect(s.server.services.events.get(e)).toBeUndefined();
    expect((await s.call(e, {}, admin)).statusCode).toBe(404);
  }
}

describe('a design keeps to its own table, its company and no readable secret (security point 9)', () => {
  it('refuses a design naming users, robots or another design\'s table, changing nothing (no file, revision, column or event)', async () => {
    expect((await s.call('saveFormDesign', { schema: entityDesign('visit-log') }, admin)).statusInfo).toBe('Success');
    const before = { users: await columnsOf('users'), robots: await columnsOf('robots'), visits: await columnsOf('ent_visit_log') };
    const userKeys = Object.keys((await s.call('queryAllUser', {}, admin)).param.list[0]).sort();
    const fingerprint = await s.fingerprint();
    const attempts: [string, string, string][] = [
      ['staff-dump', 'users', `x-store.table "users" is not this design's own table: ${OWN}`],
      ['fleet-copy', 'robots', `x-store.table "robots" is not this design's own table: ${OWN}`],
      ['visit-copy', 'ent_visit_log', `x-store.table "ent_visit_log" is the table of entity "visit-log": ${OWN}`],
    ];
    for (const [id, table, detail] of attempts) {
      const schema = entityDesign(id, { 'x-store': { table } }, { username: { type: 'string' }, extraColumn: { type: 'string' } });
      expect((await s.call('saveFormDesign', { schema }, admin)).statusInfo).toBe(`The design cannot be saved: ${detail}`);
      const p = pascalOf(id);
      await unchanged(id, [`query${p}s`, `add${p}`]);
    }
    expect(await columnsOf('users')).toEqual(before.users);
    expect(await columnsOf('robots')).toEqual(before.robots);
    expect(await columnsOf('ent_visit_log')).toEqual(before.visits);
    expect(Object.keys((await s.call('queryAllUser', {}, admin)).param.list[0]).sort()).toEqual(userKeys);
    expect(await s.fingerprint()).toBe(fingerprint);
  });

  it('gives a design without x-scope company scope: each company sees only its own records', async () => {
    const live = (await schemaIds()).find((e) => e.$id === 'visit-log') as unknown as Record<string, unknown>;
    expect(live['x-scope']).toBe('company');
    expect(await columnsOf('ent_visit_log')).toContain('companyId');
    const metro = (await s.server.services.db.query<{ id: number }>(`SELECT id FROM companies WHERE "name" = 'MetroColdChain'`))[0]!.id;
    expect((await s.call('addUser', { username: 'metroboss', name: 'MetroBoss', roleId: 3, companyId: metro, password: 'metro1234' }, admin)).statusCode).toBe(200);
    const harbor = await s.login('entsuper');
    const metroBoss = await s.login('metroboss', 'metro1234');
    const mine = await s.call('addVisitLog', { title: 'harbor visit' }, harbor);
    expect(mine.param).toEqual({ id: mine.param.id, title: 'harbor visit' });
    const theirs = await s.call('addVisitLog', { title: 'metro visit' }, metroBoss);
    expect(theirs.statusCode).toBe(200);
    expect((await s.call('addVisitLog', { title: 'platform visit' }, admin)).statusCode).toBe(200);
    // A caller cannot choose another company's rows: companyId is no field of the design.
    expect((await s.call('addVisitLog', { title: 'sneaky', companyId: metro }, harbor)).statusCode).toBe(400);
    const titles = async (token: string) => ((await s.call('queryVisitLogs', { pageSize: 100 }, token)).param.list as { title: string }[]).map((r) => r.title).sort();
    expect(await titles(harbor)).toEqual(['harbor visit']);
    expect(await titles(metroBoss)).toEqual(['metro visit']);
    expect(await titles(admin)).toEqual(['harbor visit', 'metro visit', 'platform visit']);
    const rows = await s.server.services.db.query<{ title: string; companyId: string | number }>('SELECT title, "companyId" FROM ent_visit_log ORDER BY id');
    expect(rows.map((r) => [r.title, Number(r.companyId)])).toEqual([
      ['harbor visit', 2],
      ['metro visit', metro],
      ['platform visit', 1],
    ]);
    // Another company's record is not found, to read, change or delete.
    expect((await s.call('queryVisitLogs', { id: theirs.param.id }, harbor)).param.total).toBe(0);
    expect((await s.call('modifyVisitLog', { id: theirs.param.id, title: 'taken' }, harbor)).statusInfo).toBe('Record not found');
    expect((await s.call('deleteVisitLog', { id: theirs.param.id }, harbor)).statusInfo).toBe('Record not found');
    expect(await titles(metroBoss)).toEqual(['metro visit']);
  });

  it('gives a table made before company scope its companyId column; its earlier rows, of no company, only admins see', async () => {
    const db = s.server.services.db;
    await db.query('CREATE TABLE ent_old_note (id bigserial PRIMARY KEY, "createdAt" timestamptz NOT NULL DEFAULT now(), "updatedAt" timestamptz NOT NULL DEFAULT now(), title text)');
    await db.query(`INSERT INTO ent_old_note (title) VALUES ('from before')`);
    expect((await s.call('saveFormDesign', { schema: entityDesign('old-note') }, admin)).statusInfo).toBe('Success');
    expect(await columnsOf('ent_old_note')).toContain('companyId');
    const harbor = await s.login('entsuper');
    expect((await s.call('queryOldNotes', {}, harbor)).param).toMatchObject({ total: 0, list: [] });
    expect((await s.call('addOldNote', { title: 'harbor note' }, harbor)).statusCode).toBe(200);
    expect(((await s.call('queryOldNotes', {}, harbor)).param.list as { title: string }[]).map((r) => r.title)).toEqual(['harbor note']);
    expect(((await s.call('queryOldNotes', {}, admin)).param.list as { title: string }[]).map((r) => r.title)).toEqual(['harbor note', 'from before']);
  });

  it('lets only a super admin save "x-scope": "none"; "company-tree" nobody', async () => {
    const platform = await s.login('platform');
    const open = entityDesign('fleet-notice', { 'x-scope': 'none' });
    const none =
      'The design cannot be saved: "x-scope": "none" shows every company\'s records to all who may read them; only a super admin may save it (leave x-scope out: each company sees its own records)';
    expect((await s.call('saveFormDesign', { schema: open }, platform)).statusInfo).toBe(none);
    await unchanged('fleet-notice', ['queryFleetNotices']);
    expect((await s.call('saveFormDesign', { schema: entityDesign('fleet-tree', { 'x-scope': 'company-tree' }) }, admin)).statusInfo).toBe(
      'The design cannot be saved: "x-scope": "company-tree" is for the companies table (a row\'s id is a company id); a designed entity takes "company" (the default), "company-or-shared" or "none"',
    );
    await unchanged('fleet-tree', ['queryFleetTrees']);

    expect((await s.call('saveFormDesign', { schema: open }, admin)).statusInfo).toBe('Success');
    expect((await s.call('addFleetNotice', { title: 'for all' }, await s.login('entsuper'))).statusCode).toBe(200);
    expect((await s.call('queryFleetNotices', {}, await s.login('metroboss', 'metro1234'))).param.list).toMatchObject([{ title: 'for all' }]);
    // A platform admin can neither save it again nor restore it.
    expect((await s.call('saveFormDesign', { schema: { ...open, 'x-labels': { en: 'Notice', zh: '通知', ja: 'お知らせ' } } }, platform)).statusInfo).toBe(none);
    const first = (await s.call('queryFormDesignRevisions', { schemaId: 'fleet-notice' }, admin)).param.list[0].id as number;
    expect((await s.call('restoreFormDesign', { id: first }, platform)).statusInfo).toBe(none);
    expect(await revisionsOf('fleet-notice')).toBe(1);
    // Company scope is every admin's to save.
    expect((await s.call('saveFormDesign', { schema: entityDesign('shift-note') }, platform)).statusInfo).toBe('Success');
  });

  it('refuses a field that looks like a secret unless it is writeOnly; a writeOnly one is never answered', async () => {
    const plain = entityDesign('door-code', {}, { password: { type: 'string' } });
    expect((await s.call('saveFormDesign', { schema: plain }, admin)).statusInfo).toBe(
      'The design cannot be saved: property "password" looks like a secret: a designed entity keeps one only in a "writeOnly": true property, which no answer carries (or give the field another name)',
    );
    await unchanged('door-code', ['queryDoorCodes']);
    const hidden = entityDesign('door-code', {}, { password: { type: 'string', writeOnly: true } });
    expect((await s.call('saveFormDesign', { schema: hidden }, admin)).statusInfo).toBe('Success');
    const made = await s.call('addDoorCode', { title: 'gate', password: 'open1234' }, admin);
    expect(made.param).toEqual({ id: made.param.id, title: 'gate' });
    const list = await s.call('queryDoorCodes', {}, admin);
    expect(list.param.list).toEqual([{ id: made.param.id, title: 'gate' }]);
    // Not a filter: the list ignores it rather than answer whether it matches.
    expect((await s.call('queryDoorCodes', { password: 'nope' }, admin)).param.total).toBe(1);
    expect((await s.call('modifyDoorCode', { id: made.param.id, password: 'new12345' }, admin)).param).toEqual({ id: made.param.id, title: 'gate' });
    // It is stored, only never answered.
    expect((await s.server.services.db.query<{ password: string }>('SELECT password FROM ent_door_code'))[0]!.password).toBe('new12345');
  });

  it('refuses a schema file dropped into the data folder that names users: the previous set stays in force', async () => {
    const live = s.server.services.live!;
    const revision = live.revision;
    const file = overlayFile('staff-dump');
    fs.writeFileSync(file, JSON.stringify(entityDesign('staff-dump', { 'x-store': { table: 'users' } }, { username: { type: 'string' } })));
    try {
      expect(await live.reload()).toBe(false);
      const message = `Schema file ${file}: x-store.table "users" is not this design's own table: ${OWN}`;
      expect(live.lastError).toBe(message);
      const body = (await (await fetch(`${s.url}/api/schemas`)).json()) as { entities: { $id: string }[]; error: string | null };
      expect(body.error).toBe(message);
      expect(body.entities.map((e) => e.$id)).not.toContain('staff-dump');
      expect(body.entities.map((e) => e.$id)).toContain('visit-log');
      expect(live.revision).toBe(revision);
      expect((await s.call('queryStaffDumps', {}, admin)).statusCode).toBe(404);
      // A save meanwhile is refused with the reload's message, and leaves nothing.
      expect((await s.call('saveFormDesign', { schema: entityDesign('late-note') }, admin)).statusInfo).toBe(
        `The design cannot be saved: x-store.table "users" is not this design's own table: ${OWN}`,
      );
      expect(fs.existsSync(overlayFile('late-note'))).toBe(false);
    } finally {
      fs.rmSync(file, { force: true });
    }
    expect(await live.reload()).toBe(true);
    expect(live.lastError).toBeNull();
    expect((await s.call('queryVisitLogs', {}, admin)).statusCode).toBe(200);
  });

  it('takes "x-scope": "none" from a file dropped into the data folder (file access is beyond any role)', async () => {
    const live = s.server.services.live!;
    const file = overlayFile('wall-board');
    fs.writeFileSync(file, JSON.stringify(entityDesign('wall-board', { 'x-scope': 'none' })));
    try {
      expect(await live.reload()).toBe(true);
      const board = (await schemaIds()).find((e) => e.$id === 'wall-board') as unknown as Record<string, unknown>;
      expect(board['x-scope']).toBe('none');
    } finally {
      fs.rmSync(file, { force: true });
    }
    expect(await live.reload()).toBe(true);
  });

  it('holds a plain text field without a maximum to the default 16 characters (spec §5/§9), as the form does', async () => {
    let h = startHistory({ doc: { list: [], config: defaultConfig() }, selected: null } as EditorState);
    h = run(h, addField('input', ROOT, 0, 'Site', 'site'));
    h = run(h, updateField('site', { model: 'site' }));
    h = run(h, addField('textarea', ROOT, 1, 'Notes', 'notes'));
    h = run(h, updateField('notes', { model: 'notes' }));
    const schema = withListColumns(designToSchema(h.present.doc, newEntityEnvelope({ id: 'site-note', labels: { en: 'Site note', zh: '现场记录', ja: '現場メモ' }, group: 'other' })));
    expect((await s.call('saveFormDesign', { schema }, admin)).statusInfo).toBe('Success');
    const rows = async () => (await s.call('querySiteNotes', {}, admin)).param.total as number;
    const before = await rows();
    expect((await s.call('addSiteNote', { site: 'x'.repeat(17) }, admin)).statusInfo).toBe('Validation failed: Site must be at most 16 characters');
    expect(await rows()).toBe(before);
    // At the limit, and a multi-line field (no default limit) longer than it.
    expect((await s.call('addSiteNote', { site: 'x'.repeat(16), notes: 'y'.repeat(40) }, admin)).param).toMatchObject({ site: 'x'.repeat(16), notes: 'y'.repeat(40) });
    expect(await rows()).toBe(before + 1);
  });
});
