/** Types of the schema format (schemas/entities, schemas/enums): JSON Schema plus `x-` keywords. */
import type { Lang } from '@common/protocol';

/** Text in the three languages. */
export type Labels = Partial<Record<Lang, string>>;

/** How one operation reaches the server: an event, or a REST path. */
export interface ApiBinding {
  /** An event of POST /api/interface. */
  event?: string;
  /** A REST route, "METHOD /robot/path" (path parameters in braces are filled from the params). */
  rest?: string;
  /** For a REST delete: the query parameter that carries the id (e.g. roleId). */
  idParam?: string;
}

/** `x-api`: list / create / update / delete bindings. */
export interface EntityApi {
  list?: ApiBinding;
  create?: ApiBinding;
  update?: ApiBinding;
  delete?: ApiBinding;
  /** One record per subject (`x-single`): read with `{[subject]: id}`, written with the subject and the changed fields. */
  get?: ApiBinding;
  set?: ApiBinding;
}

/** `x-single`: the entity holds one record per subject (a company's settings), edited as one form, not a list. */
export interface SingleInfo {
  /** The property naming the subject (`companyId`); the page offers the caller's companies. */
  subject: string;
}

/** `x-menu`: where the entity appears in the side menu. */
export interface MenuInfo {
  group?: string;
  icon?: string;
  order?: number;
  labels?: Labels;
  /** Robot types the page serves (spec §2: features follow the company's robot types); all when absent. */
  robotTypes?: number[];
  /** Infrared kinds the page needs one robot of the company to have (temperature monitoring: body temperature 2). */
  infraredTypes?: number[];
}

/** `x-list`: the generated list page. */
export interface ListInfo {
  columns?: string[];
  filters?: string[];
  sort?: string[];
}

/** One property of an entity schema. */
export interface PropertySchema {
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
  'x-labels'?: Labels;
  'x-widget'?: string;
  'x-enum'?: string;
  'x-ref'?: string;
  /** A text value that may be the key of a value of this enum: lists show that value's label. */
  'x-key-enum'?: string;
  'x-unique'?: boolean;
  'x-readonly-on-edit'?: boolean;
  'x-hidden'?: boolean;
  'x-max-bytes'?: number;
  'x-placeholder'?: Labels;
  'x-help'?: Labels;
  [keyword: string]: unknown;
}

/** An entity schema (one file of schemas/entities). */
export interface EntitySchema {
  $id: string;
  type?: 'object';
  required?: string[];
  additionalProperties?: boolean;
  properties: Record<string, PropertySchema>;
  'x-labels'?: Labels;
  'x-route'?: string;
  'x-menu'?: MenuInfo;
  'x-api'?: EntityApi;
  'x-single'?: SingleInfo;
  'x-access'?: { read?: string; create?: string; update?: string; delete?: string; [k: string]: string | undefined };
  'x-list'?: ListInfo;
  'x-order'?: string[];
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
export interface EnumSchema {
  $id: string;
  'x-labels'?: Labels;
  'x-extra'?: Record<string, Labels>;
  values: EnumValue[];
}

/** A property of a settings schema: a group (nested `properties`) or a leaf. */
export interface SettingsProperty extends PropertySchema {
  properties?: Record<string, SettingsProperty>;
  /** A sibling whose value this one must not equal (common/settings crossFieldErrors). */
  'x-differs-from'?: string;
}

/** A settings schema (one file of schemas/settings): one document per robot, edited as one form. */
export interface SettingsSchema {
  $id: string;
  type?: 'object';
  properties: Record<string, SettingsProperty>;
  'x-labels'?: Labels;
  'x-route'?: string;
  'x-menu'?: MenuInfo;
  'x-access'?: { read?: string; update?: string };
  'x-api': { get: { event: string }; set: { event: string } };
  /** The page needs a selected robot (the document is that robot's). */
  'x-requires-robot'?: boolean;
  [keyword: string]: unknown;
}

/** The `GET /api/schemas` answer. */
export interface SchemaSet {
  entities: EntitySchema[];
  enums: EnumSchema[];
  /** Settings schemas (absent from older servers). */
  settings?: SettingsSchema[];
}

/** Picks the text of the language, falling back to English, Chinese, then the fallback. */
export function pickLabel(labels: Labels | undefined, lang: Lang, fallback = ''): string {
  return labels?.[lang] ?? labels?.en ?? labels?.zh ?? labels?.ja ?? fallback;
}
