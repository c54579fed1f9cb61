/**
 * Designer document <-> entity schema (schemas/entities format). The data lives as plain JSON
 * Schema properties (so ajv on the server and RJSF in the console use it as it is); what only
 * the designer needs rides along in `x-field` (per property: type, key, options) and `x-form`
 * (the form config and the layout: grids, static text, the order of fields). Keywords the
 * designer does not edit (x-enum, x-ref, maxLength, another format…) are kept per field.
 */
import type { EntitySchema, PropertySchema } from '@runtime';
import { DESIGNER_DEFAULTS, defaultConfig, defaultOptions, deriveRules, holdsData } from './field-types';
import { eachField } from './tree';
import type { DataType, DesignerDocument, DesignerField, FieldChoice, FieldLabels, FieldType, FormConfig, GridColumn } from './types';
import { DATA_TYPES, FIELD_TYPES, FORM_SIZES, LABEL_POSITIONS } from './types';

/** What an entity schema keeps besides the design: its envelope (x-api, x-access…) and non-designer properties (id…); no x-form / x-order. */
export type SchemaEnvelope = EntitySchema;

/** A layout item of `x-form.layout`: a reference to a data property, or a grid / text item. */
export type LayoutItem = { field: string } | (Omit<DesignerField, 'columns' | 'rules'> & { columns?: { span: number; list: LayoutItem[] }[] });

/** The `x-form` keyword. */
export interface XForm {
  config: FormConfig;
  layout: LayoutItem[];
}

/** The `x-field` keyword. */
export interface XField {
  type: FieldType;
  key: string;
  options: Record<string, unknown>;
}

/** Keywords of a property the designer always writes itself (never kept from before). */
const OWNED = new Set(['type', 'x-labels', 'x-field', 'default', 'pattern', 'x-placeholder', 'minimum', 'maximum', 'enum', 'items', 'uniqueItems', 'minItems', 'maxItems', 'x-hidden', 'title']);

const WIDGET_OF: Partial<Record<FieldType, string>> = {
  textarea: 'textarea',
  radio: 'radio',
  checkbox: 'checkboxes',
  time: 'time',
  date: 'date',
  rate: 'rate',
  color: 'color',
  switch: 'switch',
  slider: 'slider',
  imgupload: 'image-upload',
  editor: 'textarea',
  cascader: 'cascader',
};

const FORMAT_OF: Partial<Record<DataType, string>> = { url: 'url', email: 'email', hex: 'hex' };
const RANGE_DATES = new Set(['dates', 'datetimerange', 'daterange']);

function choices(o: Record<string, unknown>): string[] {
  return Array.isArray(o.options) ? (o.options as FieldChoice[]).map((c) => String(c?.value ?? '')) : [];
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const nonEmpty = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The data type of an input as JSON Schema type. */
function jsonTypeOf(dataType: unknown): string {
  if (dataType === 'number' || dataType === 'float') return 'number';
  if (dataType === 'integer') return 'integer';
  if (dataType === 'boolean') return 'boolean';
  return 'string';
}

/** The JSON Schema keywords a field implies (without x-field and kept keywords). */
export function propertyOf(field: DesignerField): PropertySchema {
  const o = field.options;
  const p: PropertySchema = {};
  // Choices are strings unless the schema they came from used numbers (valueType).
  const valueType = o.valueType === 'integer' || o.valueType === 'number' ? o.valueType : 'string';
  const enumOf = () => {
    const values = choices(o).map((v) => (valueType === 'string' ? v : Number(v)));
    return values.length ? { type: valueType, enum: values } : { type: valueType };
  };
  const defaultIf = (ok: boolean) => {
    if (ok && nonEmpty(o.defaultValue)) p.default = o.defaultValue;
  };
  switch (field.type) {
    case 'input': {
      p.type = jsonTypeOf(o.dataType);
      const format = FORMAT_OF[o.dataType as DataType];
      if (format) p.format = format;
      if (p.type === 'string' && typeof o.pattern === 'string' && o.pattern) p.pattern = o.pattern;
      defaultIf(p.type === 'string' ? typeof o.defaultValue === 'string' : p.type === 'boolean' ? typeof o.defaultValue === 'boolean' : typeof o.defaultValue === 'number');
      break;
    }
    case 'textarea':
    case 'editor':
      p.type = 'string';
      if (typeof o.pattern === 'string' && o.pattern) p.pattern = o.pattern;
      defaultIf(typeof o.defaultValue === 'string');
      break;
    case 'number':
      p.type = 'number';
      if (num(o.min) !== undefined) p.minimum = num(o.min);
      if (num(o.max) !== undefined) p.maximum = num(o.max);
      defaultIf(typeof o.defaultValue === 'number');
      break;
    case 'radio':
      Object.assign(p, enumOf());
      defaultIf(typeof o.defaultValue === (valueType === 'string' ? 'string' : 'number'));
      break;
    case 'checkbox':
      Object.assign(p, { type: 'array', items: enumOf(), uniqueItems: true });
      defaultIf(Array.isArray(o.defaultValue));
      break;
    case 'select':
      if (o.multiple === true) Object.assign(p, { type: 'array', items: enumOf(), uniqueItems: true });
      else Object.assign(p, enumOf());
      defaultIf(o.multiple === true ? Array.isArray(o.defaultValue) : typeof o.defaultValue === (valueType === 'string' ? 'string' : 'number'));
      break;
    case 'time': {
      const item: PropertySchema = { type: 'string' };
      if (o.format === DESIGNER_DEFAULTS.timeFormat) item.format = 'clock-time';
      if (o.isRange === true) Object.assign(p, { type: 'array', items: item, minItems: 2, maxItems: 2 });
      else Object.assign(p, item);
      defaultIf(o.isRange === true ? Array.isArray(o.defaultValue) : typeof o.defaultValue === 'string');
      break;
    }
    case 'date': {
      const many = RANGE_DATES.has(String(o.type));
      if (many) Object.assign(p, { type: 'array', items: { type: 'string' } });
      else p.type = 'string';
      defaultIf(many ? Array.isArray(o.defaultValue) : typeof o.defaultValue === 'string');
      break;
    }
    case 'rate':
      Object.assign(p, { type: 'number', minimum: 0, maximum: num(o.max) ?? DESIGNER_DEFAULTS.rateMax });
      defaultIf(typeof o.defaultValue === 'number');
      break;
    case 'color':
      p.type = 'string';
      defaultIf(typeof o.defaultValue === 'string');
      break;
    case 'switch':
      p.type = 'boolean';
      defaultIf(typeof o.defaultValue === 'boolean');
      break;
    case 'slider': {
      const limits: PropertySchema = { type: 'number', minimum: num(o.min) ?? DESIGNER_DEFAULTS.sliderMin, maximum: num(o.max) ?? DESIGNER_DEFAULTS.sliderMax };
      if (o.range === true) Object.assign(p, { type: 'array', items: limits, minItems: 2, maxItems: 2 });
      else Object.assign(p, limits);
      defaultIf(o.range === true ? Array.isArray(o.defaultValue) : typeof o.defaultValue === 'number');
      break;
    }
    case 'blank':
      p.type = o.defaultType === 'Object' ? 'object' : o.defaultType === 'Array' ? 'array' : 'string';
      p['x-hidden'] = true;
      break;
    case 'imgupload':
      p.type = 'string';
      break;
    case 'cascader':
      Object.assign(p, { type: 'array', items: { type: 'string' } });
      defaultIf(Array.isArray(o.defaultValue));
      break;
    default:
      break;
  }
  const widget = WIDGET_OF[field.type];
  if (widget) p['x-widget'] = widget;
  if (typeof o.placeholder === 'string' && o.placeholder) p['x-placeholder'] = { en: o.placeholder, zh: o.placeholder, ja: o.placeholder };
  return p;
}

function labelsOf(field: DesignerField): Record<'en' | 'zh' | 'ja', string> {
  return { en: field.name, zh: field.labels?.zh ?? field.name, ja: field.labels?.ja ?? field.name };
}

function layoutOf(list: DesignerField[]): LayoutItem[] {
  return list.map((f): LayoutItem => {
    if (holdsData(f.type)) return { field: f.model };
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { rules, columns, ...rest } = f;
    return columns ? { ...rest, columns: columns.map((c) => ({ span: c.span, list: layoutOf(c.list) })) } : rest;
  });
}

/** The entity schema of a design: the envelope's keywords and non-designer properties, plus one property per data field. */
export function designToSchema(doc: DesignerDocument, envelope: SchemaEnvelope): EntitySchema {
  const properties: Record<string, PropertySchema> = { ...envelope.properties };
  const required = (envelope.required ?? []).filter((r) => envelope.properties[r]);
  const order: string[] = [];
  eachField(doc.list, (f) => {
    if (!holdsData(f.type)) return;
    const xField: XField = { type: f.type, key: f.key, options: structuredClone(f.options) };
    properties[f.model] = { ...(f.schemaExtra ?? {}), ...propertyOf(f), 'x-labels': labelsOf(f), 'x-field': xField };
    order.push(f.model);
    if (f.options.required === true) required.push(f.model);
  });
  const out: EntitySchema = { ...envelope, type: 'object', properties, 'x-order': order, 'x-form': { config: { ...doc.config }, layout: layoutOf(doc.list) } satisfies XForm };
  if (required.length) out.required = required;
  else delete out.required;
  const list = out['x-list'];
  if (list) {
    const known = (names?: string[]) => names?.filter((n) => properties[n]);
    out['x-list'] = { ...list, columns: known(list.columns), filters: known(list.filters), sort: known(list.sort) };
    for (const k of ['columns', 'filters', 'sort'] as const) if (out['x-list'][k] === undefined) delete out['x-list'][k];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schema → design

const WIDGET_TYPES: Record<string, FieldType> = {
  textarea: 'textarea',
  radio: 'radio',
  checkboxes: 'checkbox',
  time: 'time',
  date: 'date',
  datetime: 'date',
  rate: 'rate',
  color: 'color',
  switch: 'switch',
  slider: 'slider',
  'image-upload': 'imgupload',
  cascader: 'cascader',
};

function baseType(p: PropertySchema): string | undefined {
  return Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
}

/** The field type of a property made elsewhere (no x-field). */
export function inferType(p: PropertySchema): FieldType {
  const widget = p['x-widget'];
  if (widget && WIDGET_TYPES[widget]) return WIDGET_TYPES[widget]!;
  const t = baseType(p);
  if (p.enum || p['x-enum']) return 'select';
  if (t === 'array') return p.items?.enum || p.items?.['x-enum'] ? 'select' : 'cascader';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'switch';
  if (t === 'object') return 'blank';
  return 'input';
}

function isFieldType(v: unknown): v is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(v as string);
}

function dataTypeOf(p: PropertySchema, hint: unknown): DataType {
  const t = baseType(p);
  const fromSchema: DataType =
    t === 'integer' ? 'integer' : t === 'number' ? 'number' : t === 'boolean' ? 'boolean' : p.format === 'url' ? 'url' : p.format === 'email' ? 'email' : p.format === 'hex' ? 'hex' : 'string';
  // float and number are one JSON type: keep what the design said.
  if (fromSchema === 'number' && hint === 'float') return 'float';
  return fromSchema;
}

/** Options read from the JSON Schema keywords (they win over x-field, so a hand-edited file counts). */
function optionsFromKeywords(type: FieldType, p: PropertySchema, required: boolean, stored: Record<string, unknown>): Record<string, unknown> {
  const o: Record<string, unknown> = 'required' in stored || required ? { required } : {};
  const items = (p.items ?? {}) as PropertySchema;
  if (p.default !== undefined) o.defaultValue = p.default;
  if ('pattern' in stored || type === 'input' || type === 'textarea') o.pattern = typeof p.pattern === 'string' ? p.pattern : '';
  const placeholder = (p['x-placeholder'] as Record<string, string> | undefined)?.en;
  if (placeholder !== undefined) o.placeholder = placeholder;
  if (type === 'input') o.dataType = dataTypeOf(p, stored.dataType);
  if (type === 'number') {
    o.min = num(p.minimum) ?? null;
    o.max = num(p.maximum) ?? null;
  }
  if (type === 'rate' && num(p.maximum) !== undefined) o.max = p.maximum;
  if (type === 'slider') {
    const limits = baseType(p) === 'array' ? items : p;
    if (num(limits.minimum) !== undefined) o.min = limits.minimum;
    if (num(limits.maximum) !== undefined) o.max = limits.maximum;
    o.range = baseType(p) === 'array';
  }
  if (type === 'select') o.multiple = baseType(p) === 'array';
  if (type === 'time') o.isRange = baseType(p) === 'array';
  if (type === 'blank') o.defaultType = baseType(p) === 'object' ? 'Object' : baseType(p) === 'array' ? 'Array' : 'String';
  if (type === 'radio' || type === 'select' || type === 'checkbox') {
    const holder = baseType(p) === 'array' ? items : p;
    const vt = baseType(holder);
    if (vt === 'integer' || vt === 'number') o.valueType = vt;
    else if ('valueType' in stored) o.valueType = 'string';
    const values = holder.enum as unknown[] | undefined;
    const old = Array.isArray(stored.options) ? (stored.options as FieldChoice[]) : [];
    if (values) o.options = values.map((v) => old.find((c) => c.value === String(v)) ?? { value: String(v) });
    else if (p['x-enum'] || items['x-enum']) o.options = [];
  }
  return o;
}

/** A field from an entity property (x-field when the designer made it, else inferred). */
export function fieldFromProperty(model: string, p: PropertySchema, required: boolean): DesignerField {
  const xf = p['x-field'] as Partial<XField> | undefined;
  const type = isFieldType(xf?.type) && holdsData(xf.type) ? xf.type : inferType(p);
  const stored = { ...defaultOptions(type), ...(xf?.options && typeof xf.options === 'object' ? xf.options : {}) };
  // A default the file no longer has (hand-edited) returns to the type's default.
  if (p.default === undefined) {
    const probe: DesignerField = { type, key: '', model, name: '', options: stored, rules: [] };
    if (propertyOf(probe).default !== undefined) stored.defaultValue = defaultOptions(type).defaultValue;
  }
  const options = { ...stored, ...optionsFromKeywords(type, p, required, stored) };
  const labels = (p['x-labels'] ?? {}) as Record<string, string>;
  const name = labels.en ?? labels.zh ?? labels.ja ?? (typeof p.title === 'string' ? p.title : model);
  const field: DesignerField = { type, key: typeof xf?.key === 'string' && xf.key ? xf.key : model, model, name, options, rules: [] };
  const other: FieldLabels = {};
  if (labels.zh && labels.zh !== name) other.zh = labels.zh;
  if (labels.ja && labels.ja !== name) other.ja = labels.ja;
  if (Object.keys(other).length) field.labels = other;
  field.rules = deriveRules(field);
  const produced = propertyOf(field);
  const extra = Object.fromEntries(Object.entries(p).filter(([k]) => !OWNED.has(k) && !(k in produced)));
  if (Object.keys(extra).length) field.schemaExtra = extra;
  return field;
}

/** Whether a property belongs to the envelope rather than the design (id, read-only, hidden without x-field). */
function isEnvelopeProperty(name: string, p: PropertySchema): boolean {
  return name === 'id' || p.readOnly === true || (p['x-hidden'] === true && !p['x-field']);
}

function readConfig(raw: unknown): FormConfig {
  const c = { ...defaultConfig(), ...(raw && typeof raw === 'object' ? (raw as Partial<FormConfig>) : {}) };
  if (typeof c.labelWidth !== 'number') c.labelWidth = DESIGNER_DEFAULTS.labelWidth;
  if (!LABEL_POSITIONS.includes(c.labelPosition)) c.labelPosition = DESIGNER_DEFAULTS.labelPosition;
  if (!FORM_SIZES.includes(c.size)) c.size = DESIGNER_DEFAULTS.size;
  return { labelWidth: c.labelWidth, labelPosition: c.labelPosition, size: c.size };
}

function withLabels(f: DesignerField, labels: unknown): DesignerField {
  if (!labels || typeof labels !== 'object') return f;
  const l = labels as FieldLabels;
  const out: FieldLabels = {};
  if (typeof l.zh === 'string' && l.zh !== f.name) out.zh = l.zh;
  if (typeof l.ja === 'string' && l.ja !== f.name) out.ja = l.ja;
  return Object.keys(out).length ? { ...f, labels: out } : f;
}

/** The design and the envelope of an entity schema. */
export function schemaToDesign(schema: EntitySchema): { doc: DesignerDocument; envelope: SchemaEnvelope } {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const designable = Object.keys(props).filter((k) => !isEnvelopeProperty(k, props[k]!));
  const used = new Set<string>();
  const fieldFor = (model: string) => {
    used.add(model);
    return fieldFromProperty(model, props[model]!, required.has(model));
  };
  const xform = schema['x-form'] as Partial<XForm> | undefined;
  const fromLayout = (items: unknown): DesignerField[] =>
    (Array.isArray(items) ? items : []).flatMap((item): DesignerField[] => {
      if (!item || typeof item !== 'object') return [];
      const ref = (item as { field?: unknown }).field;
      if (typeof ref === 'string') return designable.includes(ref) && !used.has(ref) ? [fieldFor(ref)] : [];
      const f = item as DesignerField & { columns?: { span: number; list: unknown }[] };
      if (f.type === 'grid') {
        const columns: GridColumn[] = (Array.isArray(f.columns) ? f.columns : []).map((c) => ({ span: Number(c?.span) || DESIGNER_DEFAULTS.gridSpan, list: fromLayout(c?.list) }));
        return [withLabels({ type: 'grid', key: String(f.key), model: String(f.model ?? `grid_${f.key}`), name: String(f.name ?? ''), options: { ...defaultOptions('grid'), ...(f.options ?? {}) }, rules: [], columns }, f.labels)];
      }
      if (f.type === 'text') return [withLabels({ type: 'text', key: String(f.key), model: String(f.model ?? `text_${f.key}`), name: String(f.name ?? ''), options: { ...defaultOptions('text'), ...(f.options ?? {}) }, rules: [] }, f.labels)];
      return [];
    });
  const list = fromLayout(xform?.layout);
  // Properties the layout does not place (a file edited by hand, a schema made without the designer), in x-order.
  const order = Array.isArray(schema['x-order']) ? (schema['x-order'] as string[]).filter((k) => designable.includes(k)) : [];
  for (const k of [...order, ...designable.filter((k) => !order.includes(k))]) if (!used.has(k)) list.push(fieldFor(k));
  const envProps = Object.fromEntries(Object.entries(props).filter(([k, p]) => isEnvelopeProperty(k, p)));
   
  const { 'x-form': _form, 'x-order': _order, properties: _props, required: _req, ...rest } = schema;
  const envelope: SchemaEnvelope = { ...rest, properties: envProps };
  const envRequired = (schema.required ?? []).filter((r) => envProps[r]);
  if (envRequired.length) envelope.required = envRequired;
  return { doc: { list, config: readConfig(xform?.config) }, envelope };
}

/** Whether a value looks like the spec's designer document `{list, config}`. */
export function isDesignerDocument(v: unknown): v is { list: unknown[]; config?: unknown } {
  return Boolean(v) && typeof v === 'object' && Array.isArray((v as { list?: unknown }).list);
}

/** Every data type an input offers (re-exported for the property panel). */
export { DATA_TYPES };
