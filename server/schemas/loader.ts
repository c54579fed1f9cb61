import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Value } from '@sinclair/typebox/value';
import { hardenParams } from './harden';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { addNamedFormats, FORMATS, SCHEMA_KEYWORDS } from '../../common/formats';
import { bindingName, type ApiBinding, type EntitySchema, type EnumSchema, type PropertySchema, type SettingsSchema as SettingsFileSchema } from '../../common/schema-format';
import { keywordDeclaration, keywordUses, keywordValueSchema, nearestKeyword, type KeywordDeclaration, type KeywordPlace } from '../../common/schema-keywords';
import { WIDGET_NAMES } from '../../common/widgets';
import { Lengths } from '../../common/constants';
import { settingsDefaults, type SettingsDoc } from '../../common/settings';
import { lazyValidator } from './lazy-validator';

/** An enumeration file of schemas/enums. */
export type EnumDef = EnumSchema;

/** A property of an entity or settings schema (common/schema-format.ts). */
export type PropSchema = PropertySchema;

export { bindingName, type ApiBinding, type EntitySchema };

/** A loaded entity: the raw schema plus what the server derives from it. */
export interface Entity {
  id: string;
  file: string;
  schema: EntitySchema;
  table: string;
  /** Columns returned to callers (no writeOnly property). */
  readColumns: string[];
  validateCreate: ValidateFunction;
  validateUpdate: ValidateFunction;
  createSchema: EntitySchema;
  updateSchema: EntitySchema;
}

/** A settings schema file of schemas/settings: one document per robot, groups of leaves (no list). */
export type SettingsSchemaJson = SettingsFileSchema;

/** A loaded settings schema: the raw schema plus its defaults and validators. */
export interface SettingsSchema {
  id: string;
  file: string;
  schema: SettingsSchemaJson;
  /** The whole document of defaults. */
  defaults: SettingsDoc;
  /** A whole document: every leaf present and within its limits, nothing unknown. */
  validateFull: ValidateFunction;
  /** What a set call sends: the leaves given within their limits, nothing unknown. */
  validatePartial: ValidateFunction;
}

/** Everything loaded from the schema folders. */
export interface SchemaSet {
  entities: Map<string, Entity>;
  enums: Map<string, EnumDef>;
  settings: Map<string, SettingsSchema>;
  /** The plugins' widget declarations the set was loaded with (a live reload passes them again). */
  plugins?: readonly PluginWidgets[];
}

/** What the loader reads of a plugin manifest (plugins/<id>/plugin.json): the widgets it declares. */
export interface PluginWidgets {
  id?: string;
  widgets?: readonly { name: string }[];
}

const WIDGET_NAME = /^[a-z][a-z0-9-]*$/;

/** The widget names schemas may use: common/widgets.ts WIDGET_NAMES, then those the plugins declare (checked: kebab-case, no clash). */
export function knownWidgets(plugins: readonly PluginWidgets[] = []): string[] {
  const names: string[] = [...WIDGET_NAMES];
  for (const p of plugins) {
    for (const w of p.widgets ?? []) {
      const name = (w as { name?: unknown } | null)?.name;
      if (typeof name !== 'string' || !WIDGET_NAME.test(name)) throw new Error(`Plugin ${p.id ?? '?'}: widget name ${JSON.stringify(name)} must be kebab-case`);
      if (names.includes(name)) throw new Error(`Plugin ${p.id ?? '?'}: widget "${name}" is already declared (common/widgets.ts or another plugin)`);
      names.push(name);
    }
  }
  return names;
}

/** The message for a property naming a widget that neither common/widgets.ts nor a plugin declares (unchanged since plugins could declare widgets: it lists the built-in ones). */
function unknownWidget(where: string, widget: unknown): string {
  return `property "${where}" names unknown widget "${String(widget)}" (known: ${WIDGET_NAMES.join(', ')})`;
}

/** An ajv instance that knows the named formats and the x- keywords. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword({ keyword });
  return addNamedFormats(ajv);
}

/** Compiles the keywords' meta-schemas (verbose: the messages read the failing schema). */
const metaAjv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true, verbose: true });
const metaValidators = new Map<object, ValidateFunction>();

const PLACE_TEXT: Record<KeywordPlace, string> = {
  entity: 'an entity schema\'s root',
  settings: 'a settings schema\'s root',
  enum: 'an enum file\'s root',
  property: 'a property',
  items: 'an array\'s items',
};

/** What one ajv error says of the value, in plain words ("must be one of a, b", "needs \"event\""). */
function describeError(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  const schema = err.parentSchema as { description?: string; properties?: Record<string, unknown> } | undefined;
  const an = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);
  switch (err.keyword) {
    case 'type':
      return `must be ${[p.type].flat().map((t) => an(String(t))).join(' or ')}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'required':
      return `needs "${String(p.missingProperty)}"`;
    case 'additionalProperties':
      return `has an unknown key "${String(p.additionalProperty)}"${schema?.properties ? ` (known: ${Object.keys(schema.properties).join(', ')})` : ''}`;
    case 'anyOf': {
      const branches = (err.schema ?? []) as { const?: unknown }[];
      if (branches.length && branches.every((b) => 'const' in b)) return `must be one of ${branches.map((b) => String(b.const)).join(', ')}`;
      return schema?.description ? `must be ${schema.description}` : (err.message ?? 'is not valid');
    }
    case 'pattern':
    case 'format':
      return schema?.description ? `must be ${schema.description}` : (err.message ?? 'is not valid');
    default:
      return err.message ?? 'is not valid';
  }
}

/**
 * Checks every `x-` keyword of one schema file against its declaration (common/schema-keywords.ts):
 * an unknown keyword (a typo), one out of its place, or a value its meta-schema refuses throws
 * `Schema file <file>: <JSON Pointer> <what is wrong>`. An `x-widget` naming one of `widgets`
 * (knownWidgets: the built-in ones and the plugins') passes.
 */
export function checkKeywords(doc: unknown, kind: 'entity' | 'settings' | 'enum', file: string, widgets: readonly string[] = []): void {
  for (const use of keywordUses(doc, kind)) {
    const at = `${use.holder}/${use.keyword}`;
    const fail = (msg: string): never => {
      throw new Error(`Schema file ${file}: ${at} ${msg}`);
    };
    const declaration: KeywordDeclaration | undefined = keywordDeclaration(use.keyword);
    if (!declaration) {
      const near = nearestKeyword(use.keyword);
      return fail(`is not a known keyword${near ? ` (did you mean ${near}?)` : ''}; docs/schema-keywords.md lists them`);
    }
    if (!declaration.at.includes(use.place))
      fail(`is not allowed on ${PLACE_TEXT[use.place]} (only on ${declaration.at.map((p) => PLACE_TEXT[p]).join(', ')})`);
    // A widget a plugin declares (plugin.json "widgets") is as good as one of common/widgets.ts.
    if (use.keyword === 'x-widget' && typeof use.value === 'string' && widgets.includes(use.value)) continue;
    const schema = keywordValueSchema(declaration, use.place);
    // A quick check first; ajv (compiled once per meta-schema) only explains a value that fails.
    if (Value.Check(schema, use.value)) continue;
    let validate = metaValidators.get(schema);
    if (!validate) metaValidators.set(schema, (validate = metaAjv.compile(schema)));
    if (!validate(use.value)) {
      const errors = validate.errors ?? [];
      const err = errors.find((e) => e.keyword === 'anyOf') ?? errors[0];
      if (!err) fail('is not valid');
      const inner = err!.instancePath;
      throw new Error(`Schema file ${file}: ${at}${inner} ${describeError(err!)}`);
    }
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Schema file ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** How loadSchemas tells the project's folders from the overlays. */
export interface LoadOptions {
  /**
   * The folders whose entities are the project's own (they may use core tables, any scope and any
   * field). Default: the first of `dirs` (server/app.ts passes the project's `schemas/` first, then
   * the data folder's overlay). Every entity of another folder is an overlay entity, held to
   * overlayEntityRules.
   */
  trustedDirs?: readonly string[];
  /** Schemas already known to pass ajv's compile check (schemas/check-cache.ts): not compiled again. */
  checks?: SchemaChecks;
}

/**
 * What compiling a schema proved, remembered by the schema's content (issue 23: ajv's compile
 * check of every schema was a quarter of a restart). A schema whose key is known passed before.
 */
export interface SchemaChecks {
  passed(key: string): boolean;
  pass(key: string): void;
}

/**
 * Spec §5/§9 "text inputs default to max length 16": a writable one-line text field (a string with
 * no maxLength, format, enumeration or widget: the console's plain text input, which stops there)
 * is held to Lengths.textDefaultMax on the server too. Every built-in schema declares its lengths;
 * this is what a designed entity's plain text field gets.
 */
function withDefaultTextMax(p: PropertySchema): PropertySchema {
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (type !== 'string' || p.maxLength !== undefined || p.format || p.enum || p.const !== undefined || p['x-enum'] || p['x-widget']) return p;
  return { ...p, maxLength: Lengths.textDefaultMax };
}

/** What else a compile check depends on: ajv's version, the keywords and formats it is given. */
let checkContext: unknown[] | null = null;

/** The key of a check: the schema's exact content, what else the check read and its context, hashed. */
export const checkKey = (...parts: unknown[]): string => {
  checkContext ??= [createRequire(import.meta.url)('ajv/package.json').version, SCHEMA_KEYWORDS, Object.keys(FORMATS)];
  return crypto.createHash('sha256').update(JSON.stringify([checkContext, parts])).digest('base64url');
};

/** Runs `check` unless `checks` remembers that `parts` passed it; remembers a pass. */
function checkOnce(checks: SchemaChecks | undefined, parts: unknown[], check: () => void): void {
  const key = checks && checkKey(...parts);
  if (key && checks.passed(key)) return;
  check();
  if (key) checks.pass(key);
}

/**
 * Loads and checks every enum, entity and settings schema; throws naming the file on the first bad one.
 * `plugins`: the plugin manifests (server/auth/permission-tree.ts readPluginManifests), whose
 * declared widgets a schema may name besides those of common/widgets.ts. An entity of a folder
 * other than the trusted ones (`options.trustedDirs`, default the first folder) must keep to
 * overlayEntityRules: a table of its own, company scope by default, no readable secret.
 */
export function loadSchemas(dirs: string[], plugins: readonly PluginWidgets[] = [], options: LoadOptions = {}): SchemaSet {
  const ajv = createAjv();
  const widgets = knownWidgets(plugins);
  const enums = new Map<string, EnumDef>();
  const entities = new Map<string, Entity>();
  const trusted = new Set((options.trustedDirs ?? dirs.slice(0, 1)).map((d) => path.resolve(d)));
  const overlay = new Set<string>();
  const files = (sub: string, suffix: string) =>
    dirs.flatMap((d) => {
      const dir = path.join(d, sub);
      const found = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort().map((f) => path.join(dir, f)) : [];
      if (!trusted.has(path.resolve(d))) for (const f of found) overlay.add(f);
      return found;
    });
  for (const file of files('enums', '.json')) {
    const def = readJson(file) as EnumDef;
    if (!def.$id || !Array.isArray(def.values)) throw new Error(`Enum file ${file} needs "$id" and "values".`);
    checkKeywords(def, 'enum', file);
    enums.set(def.$id, def);
  }
  const events = new Map<string, string>();
  for (const file of files('entities', '.schema.json')) {
    let entity = buildEntity(ajv, readJson(file) as EntitySchema, file, enums, widgets, options.checks);
    if (overlay.has(file)) entity = overlayEntityRules(entity);
    if (entities.has(entity.id)) throw new Error(`Schema file ${file}: entity "${entity.id}" is defined twice.`);
    for (const binding of Object.values(entity.schema['x-api'] ?? {})) {
      const name = bindingName(binding);
      const other = events.get(name);
      if (other) throw new Error(`Schema file ${file}: operation "${name}" is already bound by ${other}.`);
      events.set(name, file);
    }
    entities.set(entity.id, entity);
  }
  // An overlay entity's table is its own: no other entity's, project or overlay (checked once all are
  // known). Those that name x-store.table go first, so a clash blames the one naming another's table.
  const named = (e: Entity) => (e.schema['x-store']?.table === undefined ? 1 : 0);
  const overlays = [...entities.values()].filter((e) => overlay.has(e.file)).sort((a, b) => named(a) - named(b));
  for (const entity of overlays) overlayTableFree(entity, entities.values());
  for (const entity of entities.values()) checkTabs(entity, entities);
  const settings = new Map<string, SettingsSchema>();
  for (const file of files('settings', '.schema.json')) {
    const set = buildSettings(ajv, readJson(file) as SettingsSchemaJson, file, enums, widgets, options.checks);
    if (settings.has(set.id) || entities.has(set.id)) throw new Error(`Schema file ${file}: "${set.id}" is defined twice.`);
    for (const name of settingsEventNames(set.schema)) {
      const other = events.get(name);
      if (other) throw new Error(`Schema file ${file}: operation "${name}" is already bound by ${other}.`);
      events.set(name, file);
    }
    settings.set(set.id, set);
  }
  return { entities, enums, settings, plugins: plugins.map((p) => ({ id: p.id, widgets: p.widgets })) };
}

/**
 * x-tabs names entities that exist, filters each names in its x-list.filters (the server filters
 * only on those), and exactly one tab without "entity" (the page's own list).
 */
function checkTabs(entity: Entity, entities: Map<string, Entity>): void {
  const tabs = entity.schema['x-tabs'];
  if (!tabs) return;
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${entity.file}: ${msg}`);
  };
  if (tabs.filter((t) => !t.entity).length !== 1) fail('x-tabs needs exactly one tab without "entity" (this entity\'s own list)');
  const keys = new Set<string>();
  for (const tab of tabs) {
    if (keys.has(tab.key)) fail(`x-tabs repeats the key "${tab.key}"`);
    keys.add(tab.key);
    if (!tab.entity) {
      if (tab.filter) fail(`x-tabs tab "${tab.key}" has "filter" without "entity"`);
      continue;
    }
    const other = entities.get(tab.entity) ?? fail(`x-tabs tab "${tab.key}" names unknown entity "${tab.entity}"`);
    if (!other.schema['x-api']?.list) fail(`x-tabs tab "${tab.key}" names entity "${tab.entity}", which has no x-api.list`);
    for (const name of tab.columns ?? []) if (!other.schema.properties[name]) fail(`x-tabs tab "${tab.key}" shows unknown column "${name}" of "${tab.entity}"`);
    const filters = new Set(other.schema['x-list']?.filters ?? []);
    for (const name of Object.keys(tab.filter ?? {}))
      if (!filters.has(name)) fail(`x-tabs tab "${tab.key}" filters on "${name}", which is not in the x-list.filters of "${tab.entity}"`);
  }
}

/** The events a settings schema binds: get and set, and with x-inherit the company's getCompany and setCompany. */
export function settingsEventNames(schema: SettingsSchemaJson): string[] {
  const api = schema['x-api'];
  return [api.get.event, api.set.event, ...(api.getCompany ? [api.getCompany.event] : []), ...(api.setCompany ? [api.setCompany.event] : [])];
}

/**
 * Checks one settings schema and derives its defaults and validators. Top-level properties are
 * groups (objects of leaves) or leaves; groups may nest. Leaves follow the entity rules (known
 * widgets and enums); `x-differs-from` must name a sibling.
 */
export function buildSettings(ajv: Ajv, schema: SettingsSchemaJson, file: string, enums: Map<string, EnumDef>, widgets: readonly string[] = WIDGET_NAMES, checks?: SchemaChecks): SettingsSchema {
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${file}: ${msg}`);
  };
  if (!schema || typeof schema !== 'object') fail('not an object');
  if (typeof schema.$id !== 'string' || !/^[a-z][a-zA-Z0-9-]*$/.test(schema.$id)) fail('"$id" must be a lower-case name');
  if (schema.type !== 'object' || !schema.properties) fail('must be "type": "object" with "properties"');
  // Documents are kept per robot (robot_settings); a company- or system-wide kind would need its own key.
  if (schema['x-requires-robot'] !== true) fail('settings are kept per robot: "x-requires-robot" must be true');
  // x-inherit "company": documents are kept per company too, read and written by events of their own.
  const inherit = schema['x-inherit'];
  if (inherit !== undefined && inherit !== 'company') fail('"x-inherit" must be "company"');
  for (const action of inherit ? (['get', 'set', 'getCompany', 'setCompany'] as const) : (['get', 'set'] as const)) {
    const event = (schema['x-api'] as Record<string, { event?: unknown }> | undefined)?.[action]?.event;
    if (typeof event !== 'string' || !/^\w+$/.test(event)) fail(`x-api.${action} needs "event": "name"`);
  }
  if (!inherit && (schema['x-api']?.getCompany || schema['x-api']?.setCompany)) fail('x-api.getCompany / setCompany need "x-inherit": "company"');
  const walk = (properties: Record<string, PropSchema>, at: string) => {
    for (const [name, prop] of Object.entries(properties)) {
      const where = at ? `${at}.${name}` : name;
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`property name "${where}" must be letters, digits or _`);
      if (!prop || typeof prop !== 'object') fail(`property "${where}" must be an object`);
      if (prop.properties) {
        if (prop.type !== 'object') fail(`group "${where}" must be "type": "object"`);
        walk(prop.properties as Record<string, PropSchema>, where);
        continue;
      }
      const widget = prop['x-widget'];
      if (widget !== undefined && !widgets.includes(String(widget))) fail(unknownWidget(where, widget));
      for (const holder of [prop, prop.items ?? {}]) {
        const enumId = (holder as Record<string, unknown>)['x-enum'];
        if (enumId !== undefined && !enums.has(String(enumId))) fail(`property "${where}" names unknown enum "${String(enumId)}"`);
      }
      // The document is always whole: get answers every leaf, so each needs a value to start from.
      if (prop.default === undefined) fail(`property "${where}" needs a "default"`);
      const other = prop['x-differs-from'];
      if (other !== undefined && (typeof other !== 'string' || other === name || !properties[other]))
        fail(`property "${where}" has "x-differs-from" naming no sibling property ("${String(other)}")`);
    }
  };
  walk(schema.properties, '');
  checkKeywords(schema, 'settings', file, widgets);
  const defaults = settingsDefaults(schema as never);
  const full = hardenParams(strictSettings(schema, enums, true));
  const validateFull = lazyValidator(full, (s) => ajv.compile(s));
  checkOnce(checks, ['settings', schema, full], () => {
    try {
      ajv.compile({ ...schema, $id: undefined });
    } catch (err) {
      fail(`invalid JSON Schema: ${(err as Error).message}`);
    }
    if (!validateFull(defaults)) {
      const err = validateFull.errors?.[0];
      fail(`the defaults do not pass the schema: ${err?.instancePath || '/'} ${err?.message ?? ''}`.trim());
    }
  });
  return { id: schema.$id, file, schema, defaults, validateFull, validatePartial: lazyValidator(strictSettings(schema, enums, false), (s) => ajv.compile(hardenParams(s))) };
}

/** A copy of a settings schema that refuses unknown keys at every level, enums enforced, every leaf required or none. */
function strictSettings(schema: SettingsSchemaJson, enums: Map<string, EnumDef>, whole: boolean): Record<string, unknown> {
  const withEnum = (p: Record<string, unknown>) => {
    const id = p['x-enum'];
    return id === undefined ? p : { ...p, enum: enums.get(String(id))!.values.map((v) => v.value) };
  };
  const node = (p: PropSchema): Record<string, unknown> => {
    if (!p.properties) return { ...withEnum(p), ...(p.items ? { items: withEnum(p.items) } : {}) };
    const properties = Object.fromEntries(Object.entries(p.properties as Record<string, PropSchema>).map(([k, c]) => [k, node(c)]));
    return { ...p, properties, required: whole ? Object.keys(properties) : [], additionalProperties: false };
  };
  return { ...node(schema as unknown as PropSchema), $id: undefined };
}

/** Checks one entity schema and derives its server-side validators. */
export function buildEntity(ajv: Ajv, schema: EntitySchema, file: string, enums: Map<string, EnumDef>, widgets: readonly string[] = WIDGET_NAMES, checks?: SchemaChecks): Entity {
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${file}: ${msg}`);
  };
  if (!schema || typeof schema !== 'object') fail('not an object');
  if (typeof schema.$id !== 'string' || !/^[a-z][a-zA-Z0-9-]*$/.test(schema.$id)) fail('"$id" must be a lower-case name');
  if (schema.type !== 'object' || !schema.properties) fail('must be "type": "object" with "properties"');
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`property name "${name}" must be letters, digits or _`);
    const widget = prop['x-widget'];
    if (widget !== undefined && !widgets.includes(String(widget))) fail(unknownWidget(name, widget));
    for (const holder of [prop, prop.items ?? {}]) {
      const enumId = (holder as Record<string, unknown>)['x-enum'];
      if (enumId !== undefined && !enums.has(String(enumId))) fail(`property "${name}" names unknown enum "${String(enumId)}"`);
    }
  }
  for (const [action, b] of Object.entries(schema['x-api'] ?? {})) {
    const ok = b && (typeof b.event === 'string' ? /^\w+$/.test(b.event) : typeof b.rest === 'string' && /^(GET|POST|PUT|DELETE) \/(robot|authority)\/[\w/{}.-]+$/.test(b.rest));
    if (!ok) fail(`x-api.${action} needs "event": "name" or "rest": "METHOD /robot/path"`);
  }
  checkKeywords(schema, 'entity', file, widgets);
  for (const col of [...(schema['x-list']?.columns ?? []), ...(schema['x-list']?.filters ?? []), ...(schema['x-list']?.sort ?? [])])
    if (!schema.properties[col]) fail(`x-list names unknown property "${col}"`);
  checkOnce(checks, ['entity', schema], () => {
    try {
      ajv.compile({ ...schema, $id: undefined });
    } catch (err) {
      fail(`invalid JSON Schema: ${(err as Error).message}`);
    }
  });
  const withEnums = injectEnums(schema, enums);
  const writable = Object.fromEntries(Object.entries(withEnums.properties).filter(([, p]) => !p.readOnly).map(([n, p]) => [n, withDefaultTextMax(p)]));
  const createSchema: EntitySchema = {
    ...withEnums,
    $id: undefined as never,
    properties: writable,
    required: (schema.required ?? []).filter((r) => writable[r]),
    additionalProperties: false,
  };
  const editable = Object.fromEntries(Object.entries(writable).filter(([, p]) => !p['x-readonly-on-edit']));
  const updateSchema: EntitySchema = {
    ...withEnums,
    $id: undefined as never,
    properties: { ...editable, id: { type: 'integer', minimum: 1 } },
    required: ['id'],
    additionalProperties: false,
  };
  const table = schema['x-store']?.table ?? `ent_${schema.$id.replace(/-/g, '_')}`;
  return {
    id: schema.$id,
    file,
    schema,
    table,
    readColumns: Object.entries(schema.properties).filter(([, p]) => !p.writeOnly).map(([n]) => n),
    // Compiled on first use: the check above already refused a schema ajv cannot compile.
    validateCreate: lazyValidator(createSchema, (s) => ajv.compile(hardenParams(s))),
    validateUpdate: lazyValidator(updateSchema, (s) => ajv.compile(hardenParams(s))),
    createSchema,
    updateSchema,
  };
}

/**
 * The table prefix of every entity that is not the project's. No core table starts with it (the
 * tables of server/store/migrations, schema_migrations, cluster_messages, and those the project's
 * schemas name in x-store.table; loader.test.ts checks the migrations).
 */
export const OWN_TABLE_PREFIX = 'ent_';

/** PostgreSQL keeps 63 bytes of a name and cuts the rest: a longer table name could meet another table. */
const MAX_TABLE_NAME = 63;

/**
 * A property name that looks like a secret (case-insensitive, anywhere in the name): password,
 * passwd, pwd, passphrase, secret, token, apiKey / api_key, privateKey / private_key, hash (passwordHash),
 * credential. An overlay entity keeps such a field only `"writeOnly": true` (never answered).
 */
export const SECRET_NAME = /passw(?:or)?d|passphrase|pwd|secret|token|api_?key|private_?key|hash|credential/i;

const OWN_TABLE = `a designed entity keeps its records in a table of its own (${OWN_TABLE_PREFIX}…)`;

/** How a message names an entity's table: its x-store.table, or the default one. */
function tableWords(entity: Entity): string {
  return entity.schema['x-store']?.table !== undefined ? `x-store.table "${entity.table}"` : `the table "${entity.table}" (ent_<$id>)`;
}

/**
 * The rules for an entity of an overlay folder: the data folder's `schemas/`, where the form designer
 * saves its designs and where someone with the machine's file access may drop a file. Both are held
 * to them, so that no design reaches the core tables or another company's records:
 * - Own table: its table (x-store.table, default ent_<$id>) starts with ent_ (no core table does)
 *   and is at most 63 characters; x-store.where (picking rows of a shared table) is refused. That no
 *   other entity, project or overlay, has the same table is `overlayTableFree`, once all are known.
 * - Company scope: no x-scope becomes "company" (crud.ts scopes its rows by the caller's company tree,
 *   gives a new row the caller's company and ensureTable adds the companyId column); "company-tree"
 *   (a row's id is a company id: the companies table) is refused; "none" passes here (a file written
 *   with the machine's file access is beyond any role), the designer lets only a super admin save it.
 *   A declared companyId of a company-scoped entity is an integer column of its own.
 * - References: only companyId of a company-scoped entity may refer to "company" (crud checks it
 *   against the caller's companies); none may refer to "role" (an export names every company and
 *   role by id, an import finds every company by name, whatever the caller's company).
 * - No readable secret: a property whose name looks like a secret (SECRET_NAME; nested fields too)
 *   is `"writeOnly": true` (crud never answers it); a writeOnly property is neither in x-list (a
 *   filter or sort would reveal it), nor x-unique (a duplicate answer would), nor x-in (its jsonb
 *   column may be answered).
 * Returns the entity with x-scope filled in; throws `Schema file <file>: <what is wrong>`.
 */
export function overlayEntityRules(entity: Entity): Entity {
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${entity.file}: ${msg}`);
  };
  const { schema } = entity;
  const store = schema['x-store'];
  if (!entity.table.startsWith(OWN_TABLE_PREFIX)) fail(`${tableWords(entity)} is not this design's own table: ${OWN_TABLE}`);
  if (Buffer.byteLength(entity.table) > MAX_TABLE_NAME) fail(`${tableWords(entity)} is longer than ${MAX_TABLE_NAME} characters (PostgreSQL would cut it): ${OWN_TABLE}`);
  if (store?.where !== undefined) fail(`x-store.where picks the rows of a table shared by the project's entities: ${OWN_TABLE}`);
  const scope = schema['x-scope'] ?? 'company';
  if (scope === 'company-tree')
    fail('"x-scope": "company-tree" is for the companies table (a row\'s id is a company id); a designed entity takes "company" (the default), "company-or-shared" or "none"');
  const scoped = scope === 'company' || scope === 'company-or-shared';
  const companyId = schema.properties.companyId;
  if (scoped && companyId && (baseTypeOf(companyId) !== 'integer' || companyId['x-in'] !== undefined || companyId['x-transient']))
    fail('property "companyId" holds the company of a record: in a company-scoped designed entity it is an integer column of its own (no x-in, no x-transient)');
  const listed = new Set([...(schema['x-list']?.columns ?? []), ...(schema['x-list']?.filters ?? []), ...(schema['x-list']?.sort ?? [])]);
  const secrets = (props: Record<string, PropSchema> | undefined, at: string) => {
    for (const [name, prop] of Object.entries(props ?? {})) {
      const where = `${at}${name}`;
      if (SECRET_NAME.test(name))
        fail(`property "${where}" looks like a secret: a designed entity keeps one only in a "writeOnly": true property, which no answer carries (or give the field another name)`);
      if (prop && typeof prop === 'object') {
        secrets(prop.properties, `${where}.`);
        secrets(prop.items?.properties, `${where}.`);
      }
    }
  };
  for (const [name, prop] of Object.entries(schema.properties)) {
    for (const holder of [prop, prop.items ?? {}]) {
      const ref = (holder as PropSchema)['x-ref'];
      if (ref === 'role') fail(`property "${name}" refers to "role": an export or import would read role names across every company; a designed entity may not`);
      if (ref === 'company' && (name !== 'companyId' || holder !== prop || !scoped))
        fail(`property "${name}" refers to "company": in a designed entity only "companyId" of a company-scoped one may (the server checks it against the caller's companies; an export or import would name any company)`);
    }
    if (prop.writeOnly === true) {
      if (listed.has(name)) fail(`x-list names writeOnly property "${name}": no list answers it, and a filter or sort would reveal it`);
      if (prop['x-unique']) fail(`property "${name}" is writeOnly and x-unique: a duplicate answer would reveal it`);
      if (prop['x-in'] !== undefined) fail(`property "${name}" is writeOnly and kept in x-in "${String(prop['x-in'])}", a column that may be answered: keep it in a column of its own`);
      continue;
    }
    secrets({ [name]: prop }, '');
  }
  return schema['x-scope'] === undefined ? { ...entity, schema: { ...schema, 'x-scope': scope } } : entity;
}

/** An overlay entity's table is no other entity's (project or overlay); throws `Schema file <file>: …` naming that entity. */
export function overlayTableFree(entity: Entity, all: Iterable<Entity>): void {
  for (const other of all) {
    if (other.id !== entity.id && other.table === entity.table)
      throw new Error(`Schema file ${entity.file}: ${tableWords(entity)} is the table of entity "${other.id}": ${OWN_TABLE}`);
  }
}

function baseTypeOf(p: PropSchema): string | undefined {
  return Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
}

/** Copies a schema with `enum` lists added where a property names an x-enum, so only those values pass. */
function injectEnums(schema: EntitySchema, enums: Map<string, EnumDef>): EntitySchema {
  const withEnum = (p: Record<string, unknown>) => {
    const id = p['x-enum'];
    if (id === undefined) return p;
    const def = enums.get(String(id))!;
    // An open enumeration (x-open; its x-extra "*" labels any other value, e.g. gender "else unknown") takes any value of its type.
    if ((def as { 'x-open'?: boolean })['x-open'] === true) return p;
    const values = def.values.map((v) => v.value);
    const nullable = Array.isArray(p.type) && p.type.includes('null');
    return { ...p, enum: nullable ? [...values, null] : values };
  };
  const properties: Record<string, PropSchema> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    properties[name] = { ...withEnum(prop), ...(prop.items ? { items: withEnum(prop.items) } : {}) } as PropSchema;
  }
  return { ...schema, properties };
}
