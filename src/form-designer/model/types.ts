/**
 * The form designer document of spec §3 as plain data (no React): a list of fields plus the
 * form config. Field: type, key, model, name, options, rules; grids hold columns with span and list.
 */

/** The 18 field types of spec §3, in palette order. */
export const FIELD_TYPES = [
  'input',
  'textarea',
  'number',
  'radio',
  'checkbox',
  'time',
  'date',
  'rate',
  'color',
  'select',
  'switch',
  'slider',
  'text',
  'blank',
  'imgupload',
  'editor',
  'cascader',
  'grid',
] as const;

/** One field type. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** Data types offered for an input (spec §5). */
export const DATA_TYPES = ['string', 'number', 'boolean', 'integer', 'float', 'url', 'email', 'hex'] as const;
/** One data type of an input. */
export type DataType = (typeof DATA_TYPES)[number];

/** Label positions (spec §9). */
export const LABEL_POSITIONS = ['left', 'right', 'top'] as const;
/** Form sizes (spec §9). */
export const FORM_SIZES = ['medium', 'small', 'mini'] as const;
/** Date picker types (spec §9). */
export const DATE_TYPES = ['year', 'month', 'date', 'dates', 'datetime', 'datetimerange', 'daterange'] as const;
/** Data types of a blank field (spec §9). */
export const BLANK_TYPES = ['String', 'Object', 'Array'] as const;

/** One choice of a radio, checkbox or select. */
export interface FieldChoice {
  value: string;
  label?: string;
}

/** One validation rule (derived from the options: required, data type, pattern). */
export interface FieldRule {
  required?: boolean;
  type?: string;
  pattern?: string;
  message: string;
}

/** A column of a grid. */
export interface GridColumn {
  span: number;
  list: DesignerField[];
}

/** Translations of a field's label besides its name (only those that differ from it). */
export interface FieldLabels {
  zh?: string;
  ja?: string;
}

/** One field of the document. */
export interface DesignerField {
  type: FieldType;
  /** Unique within the document; the model defaults to `<type>_<key>`. */
  key: string;
  /** The data property the field edits (the entity property name). */
  model: string;
  /** The label. */
  name: string;
  /** Type-specific settings (see field-types.ts for each type's defaults). */
  options: Record<string, unknown>;
  /** Derived from the options (required, data type, pattern), with the spec's messages. */
  rules: FieldRule[];
  /** Grid only. */
  columns?: GridColumn[];
  /** Labels in the other languages, when they differ from `name`. */
  labels?: FieldLabels;
  /** Schema keywords the designer does not edit (x-enum, x-ref, maxLength…), kept as they were. */
  schemaExtra?: Record<string, unknown>;
}

/** The form config (spec §3 defaults: 100, right, small). */
export interface FormConfig {
  labelWidth: number;
  labelPosition: (typeof LABEL_POSITIONS)[number];
  size: (typeof FORM_SIZES)[number];
}

/** The designer document. */
export interface DesignerDocument {
  list: DesignerField[];
  config: FormConfig;
}

/** Where a field list lives: the form itself, or one column of a grid. */
export type Container = { kind: 'root' } | { kind: 'column'; gridKey: string; column: number };

/** The root container. */
export const ROOT: Container = { kind: 'root' };
