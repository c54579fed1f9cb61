import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { addNamedFormats, SCHEMA_KEYWORDS } from '@common/formats';
import { WIDGET_NAMES } from '@common/widgets';
import { addField, updateConfig, updateField, type EditorState } from './commands';
import { defaultConfig } from './field-types';
import { run, startHistory } from './history';
import { newEntityEnvelope, withListColumns } from './entity-envelope';
import { designToSchema, schemaToDesign } from './schema-conversion';
import { reactSnippet, toRjsf } from './rjsf-code';
import { allFields } from './tree';
import { FIELD_TYPES, ROOT, type DesignerDocument, type FieldType } from './types';

const envelope = newEntityEnvelope({ id: 'inspection-report', labels: { en: 'Inspection', zh: '巡检', ja: '点検' }, group: 'other' });

function ajv() {
  const a = new Ajv({ strict: true, allowUnionTypes: true });
  for (const k of SCHEMA_KEYWORDS) a.addKeyword({ keyword: k });
  return addNamedFormats(a);
}

/** Every type at the root, each also inside a grid nested in a grid, with non-default options. */
function everyType(): DesignerDocument {
  let h = startHistory({ doc: { list: [], config: defaultConfig() }, selected: null } as EditorState);
  FIELD_TYPES.forEach((t, i) => (h = run(h, addField(t, ROOT, i, `Root ${t}`, `r${i}`))));
  h = run(h, addField('grid', { kind: 'column', gridKey: 'r17', column: 1 }, 0, 'Inner grid', 'inner'));
  FIELD_TYPES.forEach((t, i) => (h = run(h, addField(t, { kind: 'column', gridKey: 'inner', column: i % 2 }, i, `Nested ${t}`, `n${i}`))));
  const tweaks: Partial<Record<FieldType, Record<string, unknown>>> = {
    input: { required: true, pattern: '^[A-Z]', dataType: 'email', placeholder: 'you@example.com', defaultValue: 'A@b.cn' },
    textarea: { defaultValue: 'hello', pattern: '.+' },
    number: { min: 1, max: 90, step: 5, defaultValue: 3 },
    radio: { options: [{ value: 'x', label: 'Ex' }, { value: 'y' }], defaultValue: 'y', inline: true },
    checkbox: { options: [{ value: 'p' }, { value: 'q' }], defaultValue: ['q'], required: true },
    time: { isRange: true, defaultValue: ['08:00:00', '09:00:00'] },
    date: { type: 'daterange', format: 'yyyy/MM/dd' },
    rate: { max: 10, allowHalf: true, defaultValue: 2.5 },
    color: { showAlpha: true, defaultValue: '#ff0000' },
    select: { multiple: true, options: [{ value: 'a' }, { value: 'b' }], defaultValue: ['a'], filterable: true },
    switch: { defaultValue: true },
    slider: { range: true, min: 10, max: 20, step: 2, defaultValue: [10, 12] },
    text: { defaultValue: 'Read me' },
    blank: { defaultType: 'Array' },
    imgupload: { multiple: true, length: 3 },
    editor: { defaultValue: '<p>x</p>' },
    cascader: { options: [{ value: 'zj', label: 'Zhejiang', children: [{ value: 'hz', label: 'Hangzhou' }] }] },
    grid: { gutter: 8, justify: 'center', align: 'middle' },
  };
  for (const f of allFields(h.present.doc)) if (f.key.startsWith('n')) h = run(h, updateField(f.key, { options: tweaks[f.type] ?? {}, labels: { zh: `中 ${f.type}`, ja: `日 ${f.type}` } }));
  h = run(h, updateField('r0', { options: { dataType: 'float' } }));
  h = run(h, updateField('r1', { options: { required: true } }));
  h = run(h, updateConfig({ labelWidth: 150, labelPosition: 'top', size: 'medium' }));
  return h.present.doc;
}

describe('designer document <-> entity schema', () => {
  it('round-trips every field type and nested grids without loss', () => {
    const doc = everyType();
    expect(allFields(doc).map((f) => f.type).filter((t) => t !== 'grid')).toHaveLength(34);
    const schema = designToSchema(doc, envelope);
    const back = schemaToDesign(JSON.parse(JSON.stringify(schema)));
    expect(back.doc).toEqual(doc);
    expect(back.envelope).toEqual(envelope);
    // And once more: schema → design → schema is stable too.
    expect(designToSchema(back.doc, back.envelope)).toEqual(schema);
  });

  it('writes plain JSON Schema the strict server ajv compiles, with known widgets and the spec rules as keywords', () => {
    const doc = everyType();
    const schema = withListColumns(designToSchema(doc, envelope));
    expect(() => ajv().compile({ ...schema, $id: undefined })).not.toThrow();
    for (const p of Object.values(schema.properties)) if (p['x-widget']) expect(WIDGET_NAMES).toContain(p['x-widget']);
    const input = schema.properties.input_n0!;
    expect(input).toMatchObject({ type: 'string', format: 'email', pattern: '^[A-Z]', default: 'A@b.cn', 'x-labels': { en: 'Nested input', zh: '中 input', ja: '日 input' } });
    expect(schema.required).toEqual(expect.arrayContaining(['input_n0', 'checkbox_n4', 'textarea_r1']));
    expect(schema.properties.number_r2).toMatchObject({ type: 'number' });
    expect(schema.properties.input_r0).toMatchObject({ type: 'number' });
    expect(schema.properties.text_r12).toBeUndefined();
    expect(schema.properties.blank_n13).toMatchObject({ type: 'array', 'x-hidden': true });
    expect(schema['x-list']!.columns!.length).toBeGreaterThan(0);
    expect(schema['x-order']).toContain('input_n0');
  });

  it('validates data as the design says (required, pattern, data type)', () => {
    const doc = everyType();
    const schema = designToSchema(doc, envelope);
    const validate = ajv().compile({ ...schema, $id: undefined });
    const good = { input_n0: 'Li@example.com', checkbox_n4: ['q'], textarea_r1: 'x' };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...good, input_n0: 'li@example.com' })).toBe(false);
    expect(validate({ ...good, input_n0: 'Li at example' })).toBe(false);
    expect(validate({ ...good, input_r0: 'nope' })).toBe(false);
    expect(validate({ checkbox_n4: ['q'], textarea_r1: 'x' })).toBe(false);
  });

  it('keeps what the designer does not edit when it opens an existing schema', () => {
    const company = {
      $id: 'visitor',
      'x-api': { list: { event: 'queryVisitors' } },
      type: 'object',
      required: ['name'],
      'x-order': ['phone', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', format: 'basic-text', maxLength: 16, 'x-unique': true, 'x-labels': { en: 'Name', zh: '姓名', ja: '氏名' } },
        phone: { type: 'string', format: 'phone' },
        level: { type: 'integer', 'x-enum': 'alarm-level' },
        memo: { type: 'string', 'x-widget': 'textarea' },
        createdAt: { type: 'string', readOnly: true },
      },
    };
    const { doc, envelope: env } = schemaToDesign(company as never);
    expect(doc.list.map((f) => [f.model, f.type])).toEqual([
      ['phone', 'input'],
      ['name', 'input'],
      ['level', 'select'],
      ['memo', 'textarea'],
    ]);
    expect(doc.list[1]!.options.required).toBe(true);
    expect(Object.keys(env.properties)).toEqual(['id', 'createdAt']);
    const again = designToSchema(doc, env);
    const strip = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'x-field' && k !== 'x-labels'));
    expect(strip(again.properties.name!)).toEqual({ type: 'string', format: 'basic-text', maxLength: 16, 'x-unique': true });
    expect(strip(again.properties.level!)).toEqual({ type: 'integer', 'x-enum': 'alarm-level' });
    expect(again.properties.id).toEqual({ type: 'integer', readOnly: true });
    expect(again.required).toEqual(['name']);
  });

  it('gives the code view a plain RJSF schema, uiSchema and a React snippet', () => {
    const doc = everyType();
    const { schema, uiSchema } = toRjsf(doc);
    expect(JSON.stringify(schema)).not.toContain('x-');
    expect((schema.properties as Record<string, unknown>).input_n0).toMatchObject({ title: 'Nested input', format: 'email' });
    expect(uiSchema.radio_r3).toEqual({ 'ui:widget': 'radio' });
    const code = reactSnippet(doc);
    expect(code).toContain("import Form from '@rjsf/antd';");
    expect(code).toContain('<Form schema={schema} uiSchema={uiSchema} validator={validator}');
  });
});
