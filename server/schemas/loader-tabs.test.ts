import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from './loader';

/** A folder with a list entity `note` and an entity `page` whose x-tabs are given. */
function folderWith(tabs: unknown): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-tabs-'));
  fs.mkdirSync(path.join(dir, 'entities'));
  fs.mkdirSync(path.join(dir, 'enums'));
  const entity = (id: string, extra: Record<string, unknown>) =>
    fs.writeFileSync(path.join(dir, 'entities', `${id}.schema.json`), JSON.stringify({ $id: id, type: 'object', properties: { kind: { type: 'string' }, text: { type: 'string' } }, ...extra }));
  entity('note', { 'x-api': { list: { event: 'listNotes' } }, 'x-list': { columns: ['text'], filters: ['kind'] } });
  entity('page', { 'x-tabs': tabs });
  return { dir, file: path.join(dir, 'entities', 'page.schema.json') };
}

const own = { key: 'own', labels: { en: 'Own' } };

describe('x-tabs in the schema loader', () => {
  it('accepts the project schemas: actAlarm shows its rules and the behaviour alarms they raised', () => {
    const tabs = loadSchemas([path.resolve('schemas')]).entities.get('act-alarm')!.schema['x-tabs'];
    expect(tabs).toEqual([expect.objectContaining({ key: 'rules' }), expect.objectContaining({ key: 'raised', entity: 'alarm', filter: { kind: 'behaviour' } })]);
  });

  it('accepts a tab of another entity filtered on one of its list filters', () => {
    const { dir } = folderWith([own, { key: 'notes', entity: 'note', filter: { kind: 'a' }, labels: { en: 'Notes' } }]);
    expect(loadSchemas([dir]).entities.get('page')!.schema['x-tabs']).toHaveLength(2);
  });

  it('refuses, naming the file: an unknown entity, a filter the entity does not offer, no own tab, a repeated key', () => {
    const refused = (tabs: unknown, message: string) => {
      const { dir, file } = folderWith(tabs);
      expect(() => loadSchemas([dir])).toThrow(`Schema file ${file}: ${message}`);
    };
    refused([own, { key: 'x', entity: 'nope', labels: { en: 'X' } }], 'x-tabs tab "x" names unknown entity "nope"');
    refused([own, { key: 'x', entity: 'note', filter: { text: 'a' }, labels: { en: 'X' } }], 'x-tabs tab "x" filters on "text", which is not in the x-list.filters of "note"');
    refused([{ key: 'x', entity: 'note', labels: { en: 'X' } }, { key: 'y', entity: 'note', labels: { en: 'Y' } }], 'x-tabs needs exactly one tab without "entity" (this entity\'s own list)');
    refused([own, { key: 'own', entity: 'note', labels: { en: 'Notes' } }], 'x-tabs repeats the key "own"');
    refused([own, { key: 'x', entity: 'note', columns: ['nope'], labels: { en: 'X' } }], 'x-tabs tab "x" shows unknown column "nope" of "note"');
    refused([own, { key: 'self', entity: 'page', labels: { en: 'Self' } }], 'x-tabs tab "self" names entity "page", which has no x-api.list');
  });
});
