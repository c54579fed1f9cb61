/**
 * One util per field type: its default options (spec §9 defaults), whether it holds data, and
 * the rules its options imply. Plain data, no React.
 */
import type { DesignerField, FieldChoice, FieldRule, FieldType, FormConfig, GridColumn } from './types';

/** Spec §9 form designer defaults, by the spec's names. */
export const DESIGNER_DEFAULTS = {
  /** Form config (spec §3). */
  labelWidth: 100,
  labelPosition: 'right',
  size: 'small',
  /** Property panel limits (spec §5). */
  labelWidthMin: 0,
  labelWidthMax: 200,
  labelWidthStep: 10,
  limitMin: 0,
  limitMax: 100,
  /** Field defaults (spec §9). */
  rateMax: 5,
  sliderMin: 0,
  sliderMax: 100,
  sliderStep: 1,
  dateFormat: 'yyyy-MM-dd',
  timeFormat: 'HH:mm:ss',
  dateType: 'date',
  blankType: 'String',
  gridColumns: 2,
  gridSpan: 12,
  gridGutter: 0,
  gridJustify: 'start',
  gridAlign: 'top',
} as const;

/** The default form config. */
export function defaultConfig(): FormConfig {
  return { labelWidth: DESIGNER_DEFAULTS.labelWidth, labelPosition: DESIGNER_DEFAULTS.labelPosition, size: DESIGNER_DEFAULTS.size };
}

const threeChoices = (): FieldChoice[] => [{ value: 'Option 1' }, { value: 'Option 2' }, { value: 'Option 3' }];

/** Default options of each type (a fresh object per call). */
const OPTIONS: Record<FieldType, () => Record<string, unknown>> = {
  input: () => ({ width: '100%', defaultValue: '', required: false, dataType: 'string', pattern: '', placeholder: '', disabled: false }),
  textarea: () => ({ width: '100%', defaultValue: '', required: false, disabled: false, pattern: '', placeholder: '' }),
  number: () => ({ width: '', required: false, defaultValue: 0, min: null, max: null, step: 1, disabled: false, controlsPosition: '' }),
  radio: () => ({ inline: false, defaultValue: '', showLabel: false, options: threeChoices(), required: false, width: '', disabled: false }),
  checkbox: () => ({ inline: false, defaultValue: [], showLabel: false, options: threeChoices(), required: false, width: '', disabled: false }),
  time: () => ({
    defaultValue: '',
    readonly: false,
    disabled: false,
    editable: true,
    clearable: true,
    placeholder: '',
    isRange: false,
    format: DESIGNER_DEFAULTS.timeFormat,
    required: false,
    width: '',
  }),
  date: () => ({
    defaultValue: '',
    readonly: false,
    disabled: false,
    editable: true,
    clearable: true,
    placeholder: '',
    type: DESIGNER_DEFAULTS.dateType,
    format: DESIGNER_DEFAULTS.dateFormat,
    timestamp: false,
    required: false,
    width: '',
  }),
  rate: () => ({ defaultValue: null, max: DESIGNER_DEFAULTS.rateMax, disabled: false, allowHalf: false, required: false }),
  color: () => ({ defaultValue: '', disabled: false, showAlpha: false, required: false }),
  select: () => ({
    defaultValue: '',
    multiple: false,
    disabled: false,
    clearable: false,
    placeholder: '',
    required: false,
    showLabel: false,
    width: '',
    options: threeChoices(),
    filterable: false,
  }),
  switch: () => ({ defaultValue: false, required: false, disabled: false }),
  slider: () => ({
    defaultValue: 0,
    disabled: false,
    required: false,
    min: DESIGNER_DEFAULTS.sliderMin,
    max: DESIGNER_DEFAULTS.sliderMax,
    step: DESIGNER_DEFAULTS.sliderStep,
    showInput: false,
    range: false,
    width: '',
  }),
  text: () => ({ defaultValue: 'This is a text', customClass: '' }),
  blank: () => ({ defaultType: DESIGNER_DEFAULTS.blankType }),
  imgupload: () => ({ defaultValue: [], size: { width: 100, height: 100 }, width: '', disabled: false, length: 8, multiple: false, min: 0, action: '' }),
  editor: () => ({ defaultValue: '', width: '' }),
  cascader: () => ({ defaultValue: [], placeholder: '', width: '', clearable: false, options: [], disabled: false }),
  grid: () => ({ gutter: DESIGNER_DEFAULTS.gridGutter, justify: DESIGNER_DEFAULTS.gridJustify, align: DESIGNER_DEFAULTS.gridAlign }),
};

/** The default options of a type. */
export function defaultOptions(type: FieldType): Record<string, unknown> {
  return OPTIONS[type]();
}

/** Whether a field of this type holds a value (grid and text are layout only). */
export function holdsData(type: FieldType): boolean {
  return type !== 'grid' && type !== 'text';
}

/** The default columns of a new grid: two of span 12. */
export function defaultColumns(): GridColumn[] {
  return Array.from({ length: DESIGNER_DEFAULTS.gridColumns }, () => ({ span: DESIGNER_DEFAULTS.gridSpan, list: [] }));
}

/** The rules a field's options imply, with the spec's messages (spec §5). */
export function deriveRules(field: Pick<DesignerField, 'type' | 'name' | 'options'>): FieldRule[] {
  const o = field.options;
  const rules: FieldRule[] = [];
  if (!holdsData(field.type)) return rules;
  if (o.required === true) rules.push({ required: true, message: `${field.name} Required` });
  if (field.type === 'input' && typeof o.dataType === 'string' && o.dataType) rules.push({ type: o.dataType, message: `${field.name} Invalid format` });
  if (typeof o.pattern === 'string' && o.pattern) rules.push({ pattern: o.pattern, message: `${field.name} Unmatched pattern` });
  return rules;
}

/** Creates a field of a type with its defaults. */
export function createField(type: FieldType, key: string, name: string): DesignerField {
  const field: DesignerField = { type, key, model: `${type}_${key}`, name, options: defaultOptions(type), rules: [] };
  if (type === 'grid') field.columns = defaultColumns();
  field.rules = deriveRules(field);
  return field;
}

/** English default names of the palette (the console shows translated ones). */
export const DEFAULT_NAMES: Record<FieldType, string> = {
  input: 'Input',
  textarea: 'Textarea',
  number: 'Number',
  radio: 'Radio',
  checkbox: 'Checkbox',
  time: 'Time',
  date: 'Date',
  rate: 'Rate',
  color: 'Color',
  select: 'Select',
  switch: 'Switch',
  slider: 'Slider',
  text: 'Text',
  blank: 'Blank',
  imgupload: 'Image upload',
  editor: 'Editor',
  cascader: 'Cascader',
  grid: 'Grid',
};
