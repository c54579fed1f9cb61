/**
 * The TypeScript types of the schema format (schemas/entities, schemas/settings, schemas/enums),
 * derived once from the keyword declarations of common/schema-keywords.ts: plain JSON Schema plus
 * the `x-` keywords each place allows, typed by their meta-schemas. The server's loader and the
 * console's runtime both use these. Pure: no Node, no React.
 */
import type { Static } from '@sinclair/typebox';
import type { ApiBindingSchema, EntityApiSchema, KeywordsAt, LabelsSchema, MenuSchema, RowActionSchema, SettingsApiSchema } from './schema-keywords';

/** Text in the three languages. */
export type Labels = Static<typeof LabelsSchema>;

/** How one operation reaches the server: an event of POST /api/interface, or a REST call "METHOD /robot/path" (`idParam`: the query parameter carrying the id of a REST delete). */
export type ApiBinding = Static<typeof ApiBindingSchema>;

/** `x-api` of an entity: list / create / update / delete, and get / set for `x-single`. */
export type EntityApi = Static<typeof EntityApiSchema>;

/** `x-api` of a settings schema. */
export type SettingsApi = Static<typeof SettingsApiSchema>;

/** `x-menu`: where a page appears in the side menu. */
export type MenuInfo = Static<typeof MenuSchema>;

/** One row action of `x-row-actions`. */
export type RowActionInfo = Static<typeof RowActionSchema>;

/** `x-list`: the generated list page. */
export type ListInfo = NonNullable<KeywordsAt<'entity'>['x-list']>;

/** `x-single`: one record per subject, edited as one form. */
export type SingleInfo = NonNullable<KeywordsAt<'entity'>['x-single']>;

/** One tab of `x-tabs`: this entity's list (no `entity`) or another entity's, with fixed filters. */
export type PageTab = NonNullable<KeywordsAt<'entity'>['x-tabs']>[number];

/** `x-lookup`: how an x-ref to the entity lists its records. */
export type LookupInfo = NonNullable<KeywordsAt<'entity'>['x-lookup']>;

/** The operation name a binding registers under (its event, or its "METHOD /path"). */
export function bindingName(b: ApiBinding): string {
  return b.event ?? b.rest!;
}

/** One property of a schema (a field; an array's `items`; a settings group or leaf). */
export interface PropertySchema extends KeywordsAt<'property'> {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  uniqueItems?: boolean;
  items?: PropertySchema;
  /** Fields of an object (array items of flat objects, such as a SOC table's points). */
  properties?: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}

/** An entity schema (one file of schemas/entities). */
export interface EntitySchema extends KeywordsAt<'entity'> {
  $id: string;
  type?: 'object';
  required?: string[];
  additionalProperties?: boolean;
  properties: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}

/** One value of an enumeration. */
export interface EnumValue {
  value: number | string;
  key: string;
  labels: Labels;
  /** Tag colour of the value in list cells (an antd preset such as `red`, or a CSS colour). */
  colour?: string;
}

/** An enumeration (one file of schemas/enums). */
export interface EnumSchema extends KeywordsAt<'enum'> {
  $id: string;
  values: EnumValue[];
}

/** A property of a settings schema: a group (nested `properties`) or a leaf. */
export interface SettingsProperty extends PropertySchema {
  properties?: Record<string, SettingsProperty>;
}

/** A settings schema (one file of schemas/settings): one document per robot, edited as one form. */
export interface SettingsSchema extends KeywordsAt<'settings'> {
  $id: string;
  type?: 'object';
  properties: Record<string, SettingsProperty>;
  'x-api': SettingsApi;
  [keyword: string]: unknown;
}
