/**
 * JSON import: the spec's designer document `{list, config}` or an entity schema of this
 * project. Every field of a `{list, config}` document is kept: options are completed with the
 * type's defaults, rules re-derived, and a model that is not a valid property name is renamed
 * (said in the warnings).
 */
import type { EntitySchema } from '@runtime';
import { DESIGNER_DEFAULTS, defaultConfig, defaultOptions, deriveRules, holdsData } from './field-types';
import { MODEL_PATTERN } from './commands';
import { isDesignerDocument, schemaToDesign, type SchemaEnvelope } from './schema-conversion';
import type { DesignerDocument, DesignerField, FieldType, FormConfig, GridColumn } from './types';
import { FIELD_TYPES, FORM_SIZES, LABEL_POSITIONS } from './types';

/** What an import gives. */
export type ImportResult =
  | { ok: true; doc: DesignerDocument; envelope?: SchemaEnvelope; warnings: string[] }
  | { ok: false; error: string };

function config(raw: unknown): FormConfig {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out = defaultConfig();
  const w = Number(c.labelWidth);
  if (c.labelWidth !== undefined && Number.isFinite(w)) out.labelWidth = Math.max(DESIGNER_DEFAULTS.labelWidthMin, Math.min(DESIGNER_DEFAULTS.labelWidthMax, w));
  if (LABEL_POSITIONS.includes(c.labelPosition as never)) out.labelPosition = c.labelPosition as FormConfig['labelPosition'];
  if (FORM_SIZES.includes(c.size as never)) out.size = c.size as FormConfig['size'];
  return out;
}

/** Reads the spec's `{list, config}` document into a normalised designer document. */
export function importDesignerDocument(raw: { list: unknown[]; config?: unknown }): { doc: DesignerDocument; warnings: string[] } {
  const warnings: string[] = [];
  const keys = new Set<string>();
  const models = new Set<string>();
  let n = 0;
  const uniqueKey = (k: unknown) => {
    let key = typeof k === 'string' || typeof k === 'number' ? String(k) : '';
    if (!key || keys.has(key)) key = `imported_${(n += 1)}`;
    while (keys.has(key)) key = `imported_${(n += 1)}`;
    keys.add(key);
    return key;
  };
  const read = (items: unknown[], where: string): DesignerField[] =>
    items.flatMap((item, i): DesignerField[] => {
      const at = `${where}[${i}]`;
      if (!item || typeof item !== 'object') {
        warnings.push(`${at}: not a field, skipped`);
        return [];
      }
      const f = item as Record<string, unknown>;
      if (!(FIELD_TYPES as readonly string[]).includes(f.type as string)) {
        warnings.push(`${at}: unknown type ${JSON.stringify(f.type)}, skipped`);
        return [];
      }
      const type = f.type as FieldType;
      const key = uniqueKey(f.key);
      let model = typeof f.model === 'string' && f.model ? f.model : `${type}_${key}`;
      if (holdsData(type)) {
        const wanted = model;
        if (!MODEL_PATTERN.test(model)) model = `f_${model.replace(/[^A-Za-z0-9_]/g, '_')}`;
        while (models.has(model)) model = `${model}_${(n += 1)}`;
        if (model !== wanted) warnings.push(`${at}: model "${wanted}" renamed to "${model}"`);
        models.add(model);
      }
      const options = { ...defaultOptions(type), ...(f.options && typeof f.options === 'object' ? (f.options as Record<string, unknown>) : {}) };
      const field: DesignerField = { type, key, model, name: typeof f.name === 'string' ? f.name : model, options, rules: [] };
      if (type === 'grid') {
        const cols = Array.isArray(f.columns) ? (f.columns as Record<string, unknown>[]) : [];
        field.columns = cols.map((c, ci): GridColumn => ({
          span: Number(c?.span) || DESIGNER_DEFAULTS.gridSpan,
          list: read(Array.isArray(c?.list) ? (c.list as unknown[]) : [], `${at}.columns[${ci}].list`),
        }));
      }
      field.rules = deriveRules(field);
      return [field];
    });
  return { doc: { list: read(raw.list, 'list'), config: config(raw.config) }, warnings };
}

/** Parses the text of the import dialog. Invalid JSON gives the parser's message. */
export function parseImport(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  if (isDesignerDocument(value)) return { ok: true, ...importDesignerDocument(value) };
  if (value && typeof value === 'object' && (value as { properties?: unknown }).properties && typeof (value as { properties: unknown }).properties === 'object') {
    const { doc, envelope } = schemaToDesign(value as EntitySchema);
    return { ok: true, doc, envelope, warnings: [] };
  }
  return { ok: false, error: 'Expected a designer document {"list": [...], "config": {...}} or an entity schema with "properties"' };
}
