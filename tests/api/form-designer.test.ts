import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addField, updateField, type EditorState } from '../../src/form-designer/model/commands';
import { defaultConfig } from '../../src/form-designer/model/field-types';
import { run, startHistory } from '../../src/form-designer/model/history';
import { newEntityEnvelope, withListColumns } from '../../src/form-designer/model/entity-envelope';
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
    for (const user of ['operator', 'entadmin']) {
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
    expect((await s.call('querySiteSurveys', {}, await s.login('operator'))).statusInfo).toBe('Insufficient permissions to operate!');
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
