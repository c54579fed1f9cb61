import { describe, expect, it } from 'vitest';
import { designToSchema, schemaToDesign } from './schema-conversion';
import { newEntityEnvelope } from './entity-envelope';
import { parseImport } from './import-json';
import { allFields } from './tree';

/** A document as the spec's designer exports it (vue-form-making style), every type, a grid with fields. */
const specDocument = {
  list: [
    { type: 'input', icon: 'icon-input', name: '单行文本', options: { width: '100%', defaultValue: '', required: true, dataType: 'string', pattern: '^\\d+$', placeholder: '', disabled: false, remoteFunc: 'func_1' }, key: '1560000000000_11111', model: 'input_1560000000000_11111', rules: [{ type: 'string', message: '单行文本格式不正确' }] },
    { type: 'textarea', name: '多行文本', options: { width: '100%', defaultValue: '' }, key: '2', model: 'textarea_2', rules: [] },
    { type: 'number', name: '计数器', options: { defaultValue: 0, min: 0, max: 10, step: 1 }, key: '3', model: 'number_3', rules: [] },
    { type: 'radio', name: '单选框组', options: { inline: false, defaultValue: '', options: [{ value: '选项1' }, { value: '选项2' }] }, key: '4', model: 'radio_4', rules: [] },
    { type: 'checkbox', name: '多选框组', options: { defaultValue: [], options: [{ value: '选项1' }] }, key: '5', model: 'checkbox_5', rules: [] },
    { type: 'time', name: '时间选择器', options: { defaultValue: '21:19:56', format: 'HH:mm:ss', isRange: false }, key: '6', model: 'time_6', rules: [] },
    { type: 'date', name: '日期选择器', options: { defaultValue: '', type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }, key: '7', model: 'date_7', rules: [] },
    { type: 'rate', name: '评分', options: { defaultValue: null, max: 5 }, key: '8', model: 'rate_8', rules: [] },
    { type: 'color', name: '颜色选择器', options: { defaultValue: '' }, key: '9', model: 'color_9', rules: [] },
    { type: 'select', name: '下拉选择框', options: { defaultValue: '', multiple: false, options: [{ value: '下拉框1' }] }, key: '10', model: 'select_10', rules: [] },
    { type: 'switch', name: '开关', options: { defaultValue: false }, key: '11', model: 'switch_11', rules: [] },
    { type: 'slider', name: '滑块', options: { defaultValue: 0, min: 0, max: 100, step: 1 }, key: '12', model: 'slider_12', rules: [] },
    { type: 'text', name: '文字', options: { defaultValue: 'This is a text' }, key: '13', model: 'text_13', rules: [] },
    { type: 'blank', name: '自定义区域', options: { defaultType: 'Object' }, key: '14', model: 'blank_14', rules: [] },
    { type: 'imgupload', name: '图片', options: { defaultValue: [{ key: 'a', url: 'http://x/a.png', percent: 100, status: 'success' }], length: 8 }, key: '15', model: 'imgupload_15', rules: [] },
    { type: 'editor', name: '编辑器', options: { defaultValue: '' }, key: '16', model: 'editor_16', rules: [] },
    { type: 'cascader', name: '级联选择器', options: { defaultValue: [], remote: true }, key: '17', model: 'cascader_17', rules: [] },
    {
      type: 'grid',
      name: '栅格布局',
      columns: [
        { span: 12, list: [{ type: 'input', name: '姓名', options: { required: true }, key: '19', model: 'name', rules: [] }] },
        { span: 12, list: [{ type: 'select', name: '部门', options: { options: [{ value: 'A' }] }, key: '20', model: '部门', rules: [] }] },
      ],
      options: { gutter: 0, justify: 'start', align: 'top' },
      key: '18',
      model: 'grid_18',
      rules: [],
    },
  ],
  config: { labelWidth: 120, labelPosition: 'left', size: 'mini' },
};

describe('JSON import', () => {
  it('keeps every field of the spec {list, config} document, with its options and the grid nesting', () => {
    const r = parseImport(JSON.stringify(specDocument));
    if (!r.ok) throw new Error(r.error);
    const fields = allFields(r.doc);
    expect(fields).toHaveLength(20);
    expect(fields.map((f) => f.name)).toEqual([...specDocument.list.map((f) => f.name), '姓名', '部门']);
    expect(r.doc.config).toEqual({ labelWidth: 120, labelPosition: 'left', size: 'mini' });
    const grid = r.doc.list[17]!;
    expect(grid.columns!.map((c) => c.list.map((f) => f.name))).toEqual([['姓名'], ['部门']]);
    // Options kept (unknown ones too), completed with the type's defaults; rules re-derived.
    expect(r.doc.list[0]!.options).toMatchObject({ required: true, pattern: '^\\d+$', remoteFunc: 'func_1' });
    expect(r.doc.list[0]!.rules).toEqual([
      { required: true, message: '单行文本 Required' },
      { type: 'string', message: '单行文本 Invalid format' },
      { pattern: '^\\d+$', message: '单行文本 Unmatched pattern' },
    ]);
    expect(r.doc.list[7]!.options.max).toBe(5);
    expect(r.doc.list[11]!.options).toMatchObject({ min: 0, max: 100, step: 1 });
    // A model that is no property name is renamed, and said so.
    expect(grid.columns![1]!.list[0]!.model).toBe('f___');
    expect(r.warnings).toEqual(['list[17].columns[1].list[0]: model "部门" renamed to "f___"']);
  });

  it('saves the imported document as a schema and reads it back with every field', () => {
    const r = parseImport(JSON.stringify(specDocument));
    if (!r.ok) throw new Error(r.error);
    const env = newEntityEnvelope({ id: 'imported', labels: { en: 'I', zh: 'I', ja: 'I' }, group: 'other' });
    const back = schemaToDesign(JSON.parse(JSON.stringify(designToSchema(r.doc, env))));
    expect(back.doc).toEqual(r.doc);
  });

  it('accepts an entity schema and gives its envelope', () => {
    const r = parseImport(JSON.stringify({ $id: 'visitor', type: 'object', 'x-api': {}, properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } }));
    expect(r.ok && r.doc.list.map((f) => f.model)).toEqual(['name']);
    expect(r.ok && r.envelope?.$id).toBe('visitor');
  });

  it('reports invalid JSON with the parser message, and a JSON value of the wrong shape', () => {
    const bad = parseImport('{"list": [');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/JSON/);
    expect(parseImport('[1,2]')).toEqual({ ok: false, error: 'Expected a designer document {"list": [...], "config": {...}} or an entity schema with "properties"' });
  });

  it('skips unknown field types and says which', () => {
    const r = parseImport(JSON.stringify({ list: [{ type: 'hologram', key: 'x' }, { type: 'input', key: 'y', name: 'Y' }] }));
    expect(r.ok && r.doc.list.map((f) => f.key)).toEqual(['y']);
    expect(r.ok && r.warnings).toEqual(['list[0]: unknown type "hologram", skipped']);
  });
});
