/**
 * Turns a settings schema (schemas/settings) into the RJSF schema + uiSchema of its one form.
 * Each group's leaves go through the entity form builder (labels in the current language, enums
 * as labelled choices, `x-widget` through the widget registry, `x-help`, `x-placeholder`), so a
 * settings form and an entity form show a field the same way. Number leaves use a widget that
 * falls back to the minimum when emptied (spec §5); `x-differs-from` becomes a custom check.
 */
import type { ComponentType } from 'react';
import type { CustomValidator, ErrorSchema, FormValidation, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Lang } from '@common/protocol';
import { crossFieldErrors, type SettingsNode } from '@common/settings';
import { buildEntityForm } from '../form-schema';
import type { SchemaRegistry } from '../schema-registry';
import { pickLabel, type EntitySchema, type SettingsProperty, type SettingsSchema } from '../schema-types';
import type { LabelOf } from '../validator';
import type { FormWidget, WidgetRegistry } from '../widgets/widget-registry';

/** A settings document as the form holds it. */
export type SettingsData = Record<string, unknown>;

/** The form of one settings schema. */
export interface SettingsForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The top-level groups in order, with their labels. */
  groups: { key: string; label: string }[];
  /** Names a field by the label of the property at its path. */
  labelOf: LabelOf;
}

/** Options of `buildSettingsForm`. */
export interface BuildSettingsOptions {
  lang: Lang;
  schemas: Pick<SchemaRegistry, 'enumById'>;
  widgets: Pick<WidgetRegistry, 'resolve'>;
  /** Widget of number leaves without an `x-widget` (the fall-back-to-minimum input). */
  numberWidget?: FormWidget;
  /** Template of the root object (renders the groups as panels). */
  rootTemplate?: ComponentType<ObjectFieldTemplateProps>;
}

const isGroup = (p: SettingsProperty | undefined): p is SettingsProperty & { properties: Record<string, SettingsProperty> } =>
  Boolean(p?.properties && typeof p.properties === 'object');

/** A number typed in (a numeric choice of an enumeration is a choice, not a number input). */
const isNumber = (p: SettingsProperty) => (p.type === 'integer' || p.type === 'number') && !p['x-enum'];

/**
 * Leaves that can be emptied and have no fallback are required, so an emptied text or choice
 * is named beside its field rather than silently keeping the saved value. Numbers fall back
 * to their minimum; check boxes cannot be empty.
 */
const mustHaveValue = (p: SettingsProperty) => !isNumber(p) && p.type !== 'boolean';

/** Builds the RJSF schema and uiSchema of a settings form. */
export function buildSettingsForm(settings: SettingsSchema, opts: BuildSettingsOptions): SettingsForm {
  const group = (node: { properties: Record<string, SettingsProperty> }, path: string[]): { schema: RJSFSchema; uiSchema: UiSchema } => {
    const leaves = Object.fromEntries(Object.entries(node.properties).filter(([, p]) => !isGroup(p)));
    // The entity builder does each leaf; the id only names the schema in a widget error.
    const flat = buildEntityForm({ $id: [settings.$id, ...path].join('.'), properties: leaves } as EntitySchema, { mode: 'edit', lang: opts.lang, schemas: opts.schemas, widgets: opts.widgets });
    const properties: Record<string, RJSFSchema> = {};
    const uiSchema: UiSchema = {};
    for (const [key, p] of Object.entries(node.properties)) {
      if (isGroup(p)) {
        const sub = group(p, [...path, key]);
        properties[key] = { ...sub.schema, title: pickLabel(p['x-labels'], opts.lang, key) };
        uiSchema[key] = sub.uiSchema;
        continue;
      }
      // Read-only and hidden leaves are not edited (the entity builder leaves them out).
      const built = flat.schema.properties?.[key] as RJSFSchema | undefined;
      if (!built) continue;
      properties[key] = built;
      const ui: Record<string, unknown> = { ...(flat.uiSchema[key] as Record<string, unknown> | undefined) };
      if (isNumber(p) && !p['x-widget'] && opts.numberWidget) ui['ui:widget'] = opts.numberWidget;
      if (p.format === 'clock-time' && !p['x-placeholder']) ui['ui:placeholder'] = 'HH:mm:ss';
      if (Object.keys(ui).length) uiSchema[key] = ui;
    }
    uiSchema['ui:order'] = Object.keys(properties);
    const required = Object.keys(properties).filter((k) => !isGroup(node.properties[k]) && mustHaveValue(node.properties[k]!));
    return { schema: { type: 'object', properties, required, additionalProperties: false }, uiSchema };
  };

  const root = group(settings, []);
  for (const key of Object.keys(settings.properties)) if (isGroup(settings.properties[key])) root.uiSchema[key] = { ...(root.uiSchema[key] as object), 'ui:title': '' };
  if (opts.rootTemplate) root.uiSchema['ui:ObjectFieldTemplate'] = opts.rootTemplate;
  root.uiSchema['ui:submitButtonOptions'] = { norender: true };
  const groups = Object.entries(settings.properties)
    .filter(([, p]) => isGroup(p))
    .map(([key, p]) => ({ key, label: pickLabel(p['x-labels'], opts.lang, key) }));
  return { schema: root.schema, uiSchema: root.uiSchema, groups, labelOf: (field, path) => settingsLabel(settings, path.length ? path : [field], opts.lang) };
}

/** The label of the property at a path of a settings schema (the deepest labelled one on the way). */
export function settingsLabel(settings: SettingsSchema, path: string[], lang: Lang): string {
  let node: SettingsProperty | SettingsSchema = settings;
  let label = path[path.length - 1] ?? '';
  for (const segment of path) {
    const next: SettingsProperty | undefined = node.properties?.[segment];
    if (!next) break;
    node = next;
    label = pickLabel(next['x-labels'], lang, segment);
  }
  return label;
}

/** RJSF `customValidate` for the schema's cross-field rules (`x-differs-from`), in `lang`. */
export function settingsCustomValidate(settings: SettingsSchema, lang: Lang): CustomValidator<SettingsData> {
  return (formData, errors: FormValidation<SettingsData>) => {
    for (const broken of crossFieldErrors(settings as unknown as SettingsNode, formData, lang)) {
      let node = errors as unknown as Record<string, unknown> | undefined;
      for (const segment of broken.path) node = node?.[segment] as Record<string, unknown> | undefined;
      (node as { addError?: (m: string) => void } | undefined)?.addError?.(broken.message);
    }
    return errors;
  };
}

/** Spec §5: a number left empty is sent as its minimum (0 when it has none). */
export function fillEmptyNumbers(settings: SettingsSchema, data: SettingsData): SettingsData {
  const fill = (node: { properties?: Record<string, SettingsProperty> }, values: unknown): SettingsData => {
    const out: SettingsData = { ...((values && typeof values === 'object' ? values : {}) as SettingsData) };
    for (const [key, p] of Object.entries(node.properties ?? {})) {
      if (isGroup(p)) out[key] = fill(p, out[key]);
      else if (isNumber(p) && (out[key] === undefined || out[key] === null)) out[key] = p.minimum ?? 0;
    }
    return out;
  };
  return fill(settings, data);
}

/** How many errors an RJSF error schema holds (a group's count for its panel header). */
export function countErrors(errors: ErrorSchema | undefined): number {
  if (!errors || typeof errors !== 'object') return 0;
  let n = 0;
  for (const [key, value] of Object.entries(errors)) {
    if (key === '__errors') n += Array.isArray(value) ? value.length : 0;
    else n += countErrors(value as ErrorSchema);
  }
  return n;
}
