/**
 * The code view: a plain JSON Schema + uiSchema (standard RJSF widget names, no `x-` keywords)
 * and a short React snippet that renders them with @rjsf/antd.
 */
import { holdsData } from './field-types';
import { propertyOf } from './schema-conversion';
import { eachField } from './tree';
import type { DesignerDocument, FieldType } from './types';

/** RJSF's own widget names by field type. */
const RJSF_WIDGET: Partial<Record<FieldType, string>> = {
  textarea: 'textarea',
  editor: 'textarea',
  radio: 'radio',
  checkbox: 'checkboxes',
  color: 'color',
  slider: 'range',
  number: 'updown',
  switch: 'checkbox',
  imgupload: 'file',
  date: 'date',
};

/** A plain RJSF schema and uiSchema of the design. */
export function toRjsf(doc: DesignerDocument): { schema: Record<string, unknown>; uiSchema: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const order: string[] = [];
  const uiSchema: Record<string, unknown> = {};
  eachField(doc.list, (f) => {
    if (!holdsData(f.type) || f.type === 'blank') return;
    const p: Record<string, unknown> = Object.fromEntries(Object.entries(propertyOf(f)).filter(([k]) => !k.startsWith('x-')));
    if (p.format === 'clock-time') p.format = 'time';
    if (p.format === 'url') p.format = 'uri';
    if (p.format === 'hex') {
      delete p.format;
      p.pattern = '^(0x)?[0-9A-Fa-f]+$';
    }
    properties[f.model] = { title: f.name, ...p };
    order.push(f.model);
    if (f.options.required === true) required.push(f.model);
    const ui: Record<string, unknown> = {};
    const widget = RJSF_WIDGET[f.type];
    if (widget) ui['ui:widget'] = widget;
    if (typeof f.options.placeholder === 'string' && f.options.placeholder) ui['ui:placeholder'] = f.options.placeholder;
    if (f.options.disabled === true) ui['ui:disabled'] = true;
    if (Object.keys(ui).length) uiSchema[f.model] = ui;
  });
  uiSchema['ui:order'] = [...order, '*'];
  uiSchema['ui:submitButtonOptions'] = { props: { type: 'primary' } };
  return { schema: { type: 'object', required, properties }, uiSchema };
}

/** A short React component rendering the design with @rjsf/antd. */
export function reactSnippet(doc: DesignerDocument): string {
  const { schema, uiSchema } = toRjsf(doc);
  const indent = (v: unknown) => JSON.stringify(v, null, 2).replace(/\n/g, '\n');
  return [
    "import Form from '@rjsf/antd';",
    "import validator from '@rjsf/validator-ajv8';",
    '',
    `const schema = ${indent(schema)};`,
    '',
    `const uiSchema = ${indent(uiSchema)};`,
    '',
    'export default function DesignedForm() {',
    '  return <Form schema={schema} uiSchema={uiSchema} validator={validator} onSubmit={({ formData }) => console.log(formData)} />;',
    '}',
    '',
  ].join('\n');
}
