import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsLeaves } from '../../common/settings';
import { loadSchemas } from './loader';

/** A schema folder holding one settings file (and optionally an entity binding the same event). */
function folderWith(settings: unknown, entity?: unknown): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-settings-'));
  fs.mkdirSync(path.join(dir, 'settings'));
  fs.mkdirSync(path.join(dir, 'enums'));
  fs.writeFileSync(path.join(dir, 'enums', 'mode.json'), JSON.stringify({ $id: 'mode', values: [{ value: 1, key: 'a', labels: { en: 'A' } }, { value: 2, key: 'b', labels: { en: 'B' } }] }));
  const file = path.join(dir, 'settings', 'gadget.schema.json');
  fs.writeFileSync(file, typeof settings === 'string' ? settings : JSON.stringify(settings));
  if (entity) {
    fs.mkdirSync(path.join(dir, 'entities'));
    fs.writeFileSync(path.join(dir, 'entities', 'thing.schema.json'), JSON.stringify(entity));
  }
  return { dir, file };
}

const gadget = (groups: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  $id: 'gadget',
  type: 'object',
  'x-requires-robot': true,
  'x-api': { get: { event: 'getGadget' }, set: { event: 'setGadget' } },
  properties: groups,
  ...extra,
});
const timer = {
  type: 'object',
  properties: {
    on: { type: 'string', format: 'clock-time', default: '07:00:00' },
    off: { type: 'string', format: 'clock-time', default: '22:00:00', 'x-differs-from': 'on' },
    level: { type: 'integer', minimum: 0, maximum: 7, default: 3 },
    mode: { type: 'integer', 'x-enum': 'mode', default: 1 },
  },
};

describe('schema loader: settings schemas (schemas/settings)', () => {
  it('loads the project robot-setting schema: over 200 leaves, a default for each', () => {
    const set = loadSchemas([path.resolve('schemas')]).settings.get('robot-setting')!;
    const leaves = settingsLeaves(set.schema as never);
    expect(leaves.length).toBeGreaterThanOrEqual(200);
    for (const [group, leaf] of leaves) expect((set.defaults[group!] as Record<string, unknown>)[leaf!], `${group}.${leaf}`).toBeDefined();
    expect(set.validateFull(set.defaults)).toBe(true);
  });

  it('derives defaults and a whole-document and a partial validator with enums enforced', () => {
    const { dir } = folderWith(gadget({ timer }));
    const set = loadSchemas([dir]).settings.get('gadget')!;
    expect(set.defaults).toEqual({ timer: { on: '07:00:00', off: '22:00:00', level: 3, mode: 1 } });
    expect(set.validateFull(set.defaults)).toBe(true);
    expect(set.validateFull({ timer: { on: '07:00:00' } })).toBe(false); // every leaf required
    expect(set.validatePartial({ timer: { level: 7 } })).toBe(true);
    expect(set.validatePartial({ timer: { level: 8 } })).toBe(false);
    expect(set.validatePartial({ timer: { mode: 3 } })).toBe(false);
    expect(set.validatePartial({ timer: { on: '7:00' } })).toBe(false);
    expect(set.validatePartial({ timer: { extra: 1 } })).toBe(false);
    expect(set.validatePartial({ other: {} })).toBe(false);
  });

  it('refuses a bad settings file with a message naming the file', () => {
    const bad = (groups: Record<string, unknown>, extra: Record<string, unknown> = {}) => () => loadSchemas([folderWith(gadget(groups, extra)).dir]);
    const { file } = folderWith('{}');
    expect(() => loadSchemas([path.dirname(path.dirname(file))])).toThrow(`Schema file ${file}: "$id" must be a lower-case name`);
    expect(() => loadSchemas([folderWith('{ nope').dir])).toThrow(/gadget\.schema\.json is not valid JSON/);
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, level: { type: 'integer', default: 1, 'x-widget': 'rainbow' } } } })).toThrow(
      /gadget\.schema\.json: property "timer\.level" names unknown widget "rainbow"/,
    );
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, mode: { type: 'integer', default: 1, 'x-enum': 'colours' } } } })).toThrow(
      /gadget\.schema\.json: property "timer\.mode" names unknown enum "colours"/,
    );
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, off: { type: 'string', default: '22:00:00', 'x-differs-from': 'start' } } } })).toThrow(
      /property "timer\.off" has "x-differs-from" naming no sibling property \("start"\)/,
    );
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, level: { type: 'intger', default: 1 } } } })).toThrow(/gadget\.schema\.json: invalid JSON Schema/);
    expect(bad({ timer }, { 'x-requires-robot': undefined })).toThrow(/"x-requires-robot" must be true/);
    expect(bad({ timer }, { 'x-api': { get: { event: 'getGadget' } } })).toThrow(/x-api\.set needs "event": "name"/);
    expect(bad({ timer: { properties: timer.properties } })).toThrow(/group "timer" must be "type": "object"/);
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, level: { type: 'integer' } } } })).toThrow(/property "timer\.level" needs a "default"/);
    expect(bad({ timer: { ...timer, properties: { ...timer.properties, level: { type: 'integer', maximum: 7, default: 9 } } } })).toThrow(
      /gadget\.schema\.json: the defaults do not pass the schema: \/timer\/level must be <= 7/,
    );
  });

  it('refuses an operation bound twice and an id an entity already uses', () => {
    const entity = { $id: 'thing', type: 'object', properties: { name: { type: 'string' } }, 'x-api': { list: { event: 'getGadget' } } };
    const { dir, file } = folderWith(gadget({ timer }), entity);
    expect(() => loadSchemas([dir])).toThrow(`Schema file ${file}: operation "getGadget" is already bound by ${path.join(dir, 'entities', 'thing.schema.json')}.`);
    const twin = folderWith({ ...gadget({ timer }), $id: 'thing' }, { ...entity, 'x-api': {} });
    expect(() => loadSchemas([twin.dir])).toThrow(`Schema file ${twin.file}: "thing" is defined twice.`);
  });
});
