/**
 * Turns an entity schema into the RJSF schema + uiSchema of its create or edit form:
 * labels in the current language, enums as labelled choices, `x-widget` through the widget
 * registry, readOnly/x-hidden fields left out, x-readonly-on-edit disabled on edit and
 * writeOnly (password) fields optional on edit.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Lang } from '@common/protocol';
import { FORMATS } from '@common/formats';
import type { SchemaRegistry } from './schema-registry';
import { pickLabel, type EntitySchema, type PropertySchema } from './schema-types';
import type { WidgetRegistry } from './widgets/widget-registry';

/** Create or edit. */
export type FormMode = 'create' | 'edit';

/** The form of one entity. */
export interface EntityForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Properties the form edits, in order. */
  fields: string[];
  labelOf: (field: string) => string;
}

/** Options of `buildEntityForm`. */
export interface BuildFormOptions {
  mode: FormMode;
  lang: Lang;
  schemas: Pick<SchemaRegistry, 'enumById'>;
  widgets: Pick<WidgetRegistry, 'resolve'>;
  /** Placeholder for a writeOnly field on edit ("leave empty to keep"). */
  keepEmptyHint?: string;
}

function isEditable(p: PropertySchema): boolean {
  return !p.readOnly && !p['x-hidden'];
}

/** The properties a form of this entity edits, in display order. */
export function formFields(entity: EntitySchema): string[] {
  const all = Object.keys(entity.properties).filter((k) => isEditable(entity.properties[k]!));
  const order = Array.isArray(entity['x-order']) ? entity['x-order'].filter((k) => all.includes(k)) : [];
  return [...order, ...all.filter((k) => !order.includes(k))];
}

/** The label of a property in a language. */
export function propertyLabel(entity: EntitySchema, field: string, lang: Lang): string {
  return pickLabel(entity.properties[field]?.['x-labels'], lang, field);
}

function enumChoices(p: PropertySchema, opts: BuildFormOptions) {
  const e = p['x-enum'] ? opts.schemas.enumById(p['x-enum']) : undefined;
  return e ? e.values.map((v) => ({ const: v.value, title: pickLabel(v.labels, opts.lang, v.key) })) : undefined;
}

/** Builds the RJSF schema and uiSchema of an entity form. */
export function buildEntityForm(entity: EntitySchema, opts: BuildFormOptions): EntityForm {
  const fields = formFields(entity);
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {
    'ui:order': [...fields, '*'],
    'ui:submitButtonOptions': { props: { type: 'primary' } },
  };
  for (const name of fields) {
    const p = entity.properties[name]!;
    const out: Record<string, unknown> = { ...p, title: pickLabel(p['x-labels'], opts.lang, name) };
    const ui: Record<string, unknown> = {};
    const choices = enumChoices(p, opts);
    // A nullable choice (level "empty: the type's"…) may stay empty: null is one of its choices, shown as "—".
    if (choices) out.oneOf = Array.isArray(p.type) && p.type.includes('null') ? [{ const: null, title: '—' }, ...choices] : choices;
    if (p.type === 'array' && p.items) {
      const itemChoices = enumChoices(p.items, opts);
      if (itemChoices) out.items = { ...p.items, oneOf: itemChoices };
    }
    if (p['x-widget']) ui['ui:widget'] = opts.widgets.resolve(p['x-widget'], entity.$id, name);
    else if (p.writeOnly || p.format === 'password') ui['ui:widget'] = opts.widgets.resolve('password', entity.$id, name);
    if (p['x-placeholder']) ui['ui:placeholder'] = pickLabel(p['x-placeholder'], opts.lang);
    // As the field's description (grey, under it): antd's Form.Item shows a help text in place of the
    // field's error, in red, so "Face photos is required" read as "At most 9 photos…".
    if (p['x-help']) ui['ui:description'] = pickLabel(p['x-help'], opts.lang);
    if (opts.mode === 'edit') {
      if (p['x-readonly-on-edit']) ui['ui:disabled'] = true;
      if (p.writeOnly && opts.keepEmptyHint) ui['ui:placeholder'] = opts.keepEmptyHint;
    }
    properties[name] = out as RJSFSchema;
    if (Object.keys(ui).length) uiSchema[name] = ui;
  }
  const required = (entity.required ?? []).filter((r) => {
    if (!fields.includes(r)) return false;
    return !(opts.mode === 'edit' && entity.properties[r]?.writeOnly);
  });
  const schema: RJSFSchema = {
    $id: entity.$id,
    type: 'object',
    properties,
    required,
    additionalProperties: entity.additionalProperties,
  };
  return { schema, uiSchema, fields, labelOf: (f) => propertyLabel(entity, f, opts.lang) };
}

/** Initial form data: for edit, the row's editable values (writeOnly values never shown). */
export function initialFormData(entity: EntitySchema, fields: string[], row?: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    const p = entity.properties[f]!;
    if (row) {
      if (p.writeOnly) continue;
      const v = row[f];
      if (v !== undefined && v !== null) data[f] = v;
    } else if (p.default !== undefined) data[f] = p.default;
  }
  return data;
}

function allowsNull(p: PropertySchema | undefined): boolean {
  return Array.isArray(p?.type) ? p.type.includes('null') : p?.type === 'null';
}

function clearableString(p: PropertySchema | undefined): boolean {
  if (!p || p.type !== 'string' || p.writeOnly || (p.minLength ?? 0) > 0) return false;
  return !p.format || Boolean(FORMATS[p.format]?.validate(''));
}

/** Values to send on update: only changed fields (a cleared nullable field becomes null). */
export function changedValues(entity: EntitySchema, fields: string[], before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const p = entity.properties[f];
    const a = after[f];
    const b = before[f];
    if (a === undefined) {
      if (b !== undefined && allowsNull(p)) out[f] = null;
      else if (b !== undefined && b !== '' && clearableString(p)) out[f] = '';
      continue;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out[f] = a;
  }
  return out;
}

/** Values to send on create: defined values of the form's fields only. */
export function createValues(fields: string[], data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (data[f] !== undefined) out[f] = data[f];
  return out;
}
