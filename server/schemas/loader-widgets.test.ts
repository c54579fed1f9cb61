import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../../common/widgets';
import { readPluginManifests } from '../auth/permission-tree';
import { loadSchemas } from './loader';

/** A schema folder with one entity (properties given) and, optionally, one settings file. */
function folderWith(properties: Record<string, unknown>, extra: Record<string, unknown> = {}, settings?: unknown): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-widgets-'));
  fs.mkdirSync(path.join(dir, 'entities'));
  const file = path.join(dir, 'entities', 'thing.schema.json');
  fs.writeFileSync(file, JSON.stringify({ $id: 'thing', type: 'object', properties, ...extra }));
  if (settings) {
    fs.mkdirSync(path.join(dir, 'settings'));
    fs.writeFileSync(path.join(dir, 'settings', 'gadget.schema.json'), JSON.stringify(settings));
  }
  return { dir, file };
}

const battery = { type: 'integer', minimum: 0, maximum: 100, readOnly: true, 'x-widget': 'battery-level' };
const telecontrol = [{ id: 'telecontrol', widgets: [{ name: 'battery-level' }] }];

describe('schema loader: widgets declared by plugins (plugin.json "widgets")', () => {
  it('accepts a widget a plugin declares: on a property, in a row action form, on a settings leaf', () => {
    const action = { key: 'charge', kind: 'form', event: 'chargeThing', labels: { en: 'Charge' }, form: { properties: { level: { type: 'integer', 'x-widget': 'battery-level' } } } };
    const settings = {
      $id: 'gadget',
      type: 'object',
      'x-requires-robot': true,
      'x-api': { get: { event: 'getGadget' }, set: { event: 'setGadget' } },
      properties: { power: { type: 'object', properties: { level: { ...battery, readOnly: undefined, default: 50 } } } },
    };
    const { dir } = folderWith({ battery }, { 'x-row-actions': [action] }, settings);
    const set = loadSchemas([dir], telecontrol);
    expect(set.entities.get('thing')!.schema.properties.battery!['x-widget']).toBe('battery-level');
    expect(set.settings.has('gadget')).toBe(true);
    // A live reload passes the set's plugins again.
    expect(() => loadSchemas([dir], set.plugins)).not.toThrow();
  });

  it('accepts the widgets of the project plugins (plugins/*/plugin.json, as server/app.ts reads them)', () => {
    const manifests = readPluginManifests(path.resolve('plugins'));
    expect(manifests.flatMap((m) => (m.widgets ?? []).map((w) => w.name))).toContain('battery-level');
    for (const w of manifests.flatMap((m) => m.widgets ?? [])) expect(Object.keys(w.labels).sort(), w.name).toEqual(['en', 'ja', 'zh']);
    expect(() => loadSchemas([folderWith({ battery }).dir], manifests)).not.toThrow();
  });

  it('refuses a widget no plugin declares, with the message of common/widgets.ts names', () => {
    const { dir, file } = folderWith({ battery });
    const message = `Schema file ${file}: property "battery" names unknown widget "battery-level" (known: ${WIDGET_NAMES.join(', ')})`;
    expect(() => loadSchemas([dir])).toThrow(message);
    expect(() => loadSchemas([dir], [{ id: 'other', widgets: [{ name: 'fuel-gauge' }] }])).toThrow(message);
    const rainbow = folderWith({ a: { type: 'string', 'x-widget': 'rainbow' } });
    expect(() => loadSchemas([rainbow.dir], telecontrol)).toThrow(`Schema file ${rainbow.file}: property "a" names unknown widget "rainbow" (known: ${WIDGET_NAMES.join(', ')})`);
  });

  it('still refuses an undeclared widget in a row action form', () => {
    const action = { key: 'charge', kind: 'form', event: 'chargeThing', labels: { en: 'Charge' }, form: { properties: { level: { type: 'integer', 'x-widget': 'battery-level' } } } };
    const { dir, file } = folderWith({ name: { type: 'string' } }, { 'x-row-actions': [action] });
    expect(() => loadSchemas([dir])).toThrow(`Schema file ${file}: /x-row-actions/0/form/properties/level/x-widget must be one of ${WIDGET_NAMES.join(', ')}`);
  });

  it('refuses a plugin widget that is not kebab-case or clashes with another', () => {
    const { dir } = folderWith({ name: { type: 'string' } });
    expect(() => loadSchemas([dir], [{ id: 'p', widgets: [{ name: 'Battery Level' }] }])).toThrow('Plugin p: widget name "Battery Level" must be kebab-case');
    expect(() => loadSchemas([dir], [{ id: 'p', widgets: [{ name: 'textarea' }] }])).toThrow('Plugin p: widget "textarea" is already declared (common/widgets.ts or another plugin)');
    expect(() => loadSchemas([dir], [...telecontrol, { id: 'q', widgets: [{ name: 'battery-level' }] }])).toThrow('Plugin q: widget "battery-level" is already declared');
  });
});
