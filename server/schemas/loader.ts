import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { addNamedFormats, SCHEMA_KEYWORDS } from '../../common/formats';
import { WIDGET_NAMES } from '../../common/widgets';
import { settingsDefaults, type SettingsDoc } from '../../common/settings';

/** An enumeration file of schemas/enums. */
export interface EnumDef {
  $id: string;
  'x-labels'?: Record<string, string>;
  values: { value: number | string; key: string; labels: Record<string, string> }[];
}

/** A property of an entity schema. */
export type PropSchema = Record<string, unknown> & {
  type?: string | string[];
  readOnly?: boolean;
  writeOnly?: boolean;
  items?: Record<string, unknown>;
};

/** How an entity action is reached: an event name, or a REST "METHOD /path" (with the query parameter carrying the id). */
export type ApiBinding = { event: string; rest?: undefined; idParam?: string } | { rest: string; event?: undefined; idParam?: string };

/** The operation name a binding registers under. */
export function bindingName(b: ApiBinding): string {
  return b.event ?? b.rest!;
}

/** An entity schema file of schemas/entities. */
export interface EntitySchema {
  $id: string;
  'x-labels'?: Record<string, string>;
  'x-route'?: string;
  'x-store'?: { table?: string; where?: Record<string, string | number> };
  'x-scope'?: 'company' | 'company-tree' | 'company-or-shared' | 'none';
  'x-api'?: Partial<Record<'list' | 'create' | 'update' | 'delete', ApiBinding>>;
  'x-access'?: Partial<Record<'read' | 'create' | 'update' | 'delete', string>>;
  'x-list'?: { columns?: string[]; filters?: string[]; sort?: string[] };
  required?: string[];
  properties: Record<string, PropSchema>;
  [key: string]: unknown;
}

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
export interface SettingsSchemaJson {
  $id: string;
  'x-labels'?: Record<string, string>;
  'x-route'?: string;
  'x-access'?: { read?: string; update?: string };
  'x-api': { get: { event: string }; set: { event: string } };
  'x-requires-robot': true;
  properties: Record<string, PropSchema>;
  [key: string]: unknown;
}

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
}

/** An ajv instance that knows the named formats and the x- keywords. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true });
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword({ keyword });
  ajv.addKeyword({ keyword: 'x-comment' });
  return addNamedFormats(ajv);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Schema file ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** Loads and checks every enum, entity and settings schema; throws naming the file on the first bad one. */
export function loadSchemas(dirs: string[]): SchemaSet {
  const ajv = createAjv();
  const enums = new Map<string, EnumDef>();
  const entities = new Map<string, Entity>();
  const files = (sub: string, suffix: string) =>
    dirs.flatMap((d) => {
      const dir = path.join(d, sub);
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort().map((f) => path.join(dir, f)) : [];
    });
  for (const file of files('enums', '.json')) {
    const def = readJson(file) as EnumDef;
    if (!def.$id || !Array.isArray(def.values)) throw new Error(`Enum file ${file} needs "$id" and "values".`);
    enums.set(def.$id, def);
  }
  const events = new Map<string, string>();
  for (const file of files('entities', '.schema.json')) {
    const entity = buildEntity(ajv, readJson(file) as EntitySchema, file, enums);
    if (entities.has(entity.id)) throw new Error(`Schema file ${file}: entity "${entity.id}" is defined twice.`);
    for (const binding of Object.values(entity.schema['x-api'] ?? {})) {
      const name = bindingName(binding);
      const other = events.get(name);
      if (other) throw new Error(`Schema file ${file}: operation "${name}" is already bound by ${other}.`);
      events.set(name, file);
    }
    entities.set(entity.id, entity);
  }
  const settings = new Map<string, SettingsSchema>();
  for (const file of files('settings', '.schema.json')) {
    const set = buildSettings(ajv, readJson(file) as SettingsSchemaJson, file, enums);
    if (settings.has(set.id) || entities.has(set.id)) throw new Error(`Schema file ${file}: "${set.id}" is defined twice.`);
    for (const name of [set.schema['x-api'].get.event, set.schema['x-api'].set.event]) {
      const other = events.get(name);
      if (other) throw new Error(`Schema file ${file}: operation "${name}" is already bound by ${other}.`);
      events.set(name, file);
    }
    settings.set(set.id, set);
  }
  return { entities, enums, settings };
}

/**
 * Checks one settings schema and derives its defaults and validators. Top-level properties are
 * groups (objects of leaves) or leaves; groups may nest. Leaves follow the entity rules (known
 * widgets and enums); `x-differs-from` must name a sibling.
 */
export function buildSettings(ajv: Ajv, schema: SettingsSchemaJson, file: string, enums: Map<string, EnumDef>): SettingsSchema {
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${file}: ${msg}`);
  };
  if (!schema || typeof schema !== 'object') fail('not an object');
  if (typeof schema.$id !== 'string' || !/^[a-z][a-zA-Z0-9-]*$/.test(schema.$id)) fail('"$id" must be a lower-case name');
  if (schema.type !== 'object' || !schema.properties) fail('must be "type": "object" with "properties"');
  // Documents are kept per robot (robot_settings); a company- or system-wide kind would need its own key.
  if (schema['x-requires-robot'] !== true) fail('settings are kept per robot: "x-requires-robot" must be true');
  for (const action of ['get', 'set'] as const) {
    const event = (schema['x-api'] as Record<string, { event?: unknown }> | undefined)?.[action]?.event;
    if (typeof event !== 'string' || !/^\w+$/.test(event)) fail(`x-api.${action} needs "event": "name"`);
  }
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
      if (widget !== undefined && !(WIDGET_NAMES as readonly string[]).includes(String(widget)))
        fail(`property "${where}" names unknown widget "${String(widget)}" (known: ${WIDGET_NAMES.join(', ')})`);
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
  try {
    ajv.compile({ ...schema, $id: undefined });
  } catch (err) {
    fail(`invalid JSON Schema: ${(err as Error).message}`);
  }
  const defaults = settingsDefaults(schema as never);
  const validateFull = ajv.compile(strictSettings(schema, enums, true));
  if (!validateFull(defaults)) {
    const err = validateFull.errors?.[0];
    fail(`the defaults do not pass the schema: ${err?.instancePath || '/'} ${err?.message ?? ''}`.trim());
  }
  return { id: schema.$id, file, schema, defaults, validateFull, validatePartial: ajv.compile(strictSettings(schema, enums, false)) };
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
export function buildEntity(ajv: Ajv, schema: EntitySchema, file: string, enums: Map<string, EnumDef>): Entity {
  const fail = (msg: string): never => {
    throw new Error(`Schema file ${file}: ${msg}`);
  };
  if (!schema || typeof schema !== 'object') fail('not an object');
  if (typeof schema.$id !== 'string' || !/^[a-z][a-zA-Z0-9-]*$/.test(schema.$id)) fail('"$id" must be a lower-case name');
  if (schema.type !== 'object' || !schema.properties) fail('must be "type": "object" with "properties"');
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(`property name "${name}" must be letters, digits or _`);
    const widget = prop['x-widget'];
    if (widget !== undefined && !(WIDGET_NAMES as readonly string[]).includes(String(widget)))
      fail(`property "${name}" names unknown widget "${String(widget)}" (known: ${WIDGET_NAMES.join(', ')})`);
    for (const holder of [prop, prop.items ?? {}]) {
      const enumId = (holder as Record<string, unknown>)['x-enum'];
      if (enumId !== undefined && !enums.has(String(enumId))) fail(`property "${name}" names unknown enum "${String(enumId)}"`);
    }
  }
  for (const [action, b] of Object.entries(schema['x-api'] ?? {})) {
    const ok = b && (typeof b.event === 'string' ? /^\w+$/.test(b.event) : typeof b.rest === 'string' && /^(GET|POST|PUT|DELETE) \/(robot|authority)\/[\w/{}.-]+$/.test(b.rest));
    if (!ok) fail(`x-api.${action} needs "event": "name" or "rest": "METHOD /robot/path"`);
  }
  for (const col of [...(schema['x-list']?.columns ?? []), ...(schema['x-list']?.filters ?? []), ...(schema['x-list']?.sort ?? [])])
    if (!schema.properties[col]) fail(`x-list names unknown property "${col}"`);
  try {
    ajv.compile({ ...schema, $id: undefined });
  } catch (err) {
    fail(`invalid JSON Schema: ${(err as Error).message}`);
  }
  const withEnums = injectEnums(schema, enums);
  const writable = Object.fromEntries(Object.entries(withEnums.properties).filter(([, p]) => !p.readOnly));
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
    validateCreate: ajv.compile(createSchema),
    validateUpdate: ajv.compile(updateSchema),
    createSchema,
    updateSchema,
  };
}

/** Copies a schema with `enum` lists added where a property names an x-enum, so only those values pass. */
function injectEnums(schema: EntitySchema, enums: Map<string, EnumDef>): EntitySchema {
  const withEnum = (p: Record<string, unknown>) => {
    const id = p['x-enum'];
    if (id === undefined) return p;
    const values = enums.get(String(id))!.values.map((v) => v.value);
    const nullable = Array.isArray(p.type) && p.type.includes('null');
    return { ...p, enum: nullable ? [...values, null] : values };
  };
  const properties: Record<string, PropSchema> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    properties[name] = { ...withEnum(prop), ...(prop.items ? { items: withEnum(prop.items) } : {}) } as PropSchema;
  }
  return { ...schema, properties };
}
