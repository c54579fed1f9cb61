import { describe, expect, it } from 'vitest';
import companySchema from '../../../schemas/entities/company.schema.json';
import userSchema from '../../../schemas/entities/user.schema.json';
import versionInfoSchema from '../../../schemas/entities/version-info.schema.json';
import robotType from '../../../schemas/enums/robot-type.json';
import role from '../../../schemas/enums/role.json';
import { createSchemaRegistry } from './schema-registry';
import { buildEntityForm, changedValues, createValues, initialFormData } from './form-schema';
import type { EntitySchema, EnumSchema } from './schema-types';
import { createWidgetRegistry, type FormWidget } from './widgets/widget-registry';

const company = companySchema as unknown as EntitySchema;
const user = userSchema as unknown as EntitySchema;
const schemas = createSchemaRegistry({ entities: [company, user], enums: [robotType, role] as EnumSchema[] });
const Picker: FormWidget = () => null;
const Password: FormWidget = () => null;
const Upload: FormWidget = () => null;
const widgets = createWidgetRegistry({ 'company-picker': Picker, password: Password, 'image-upload': Upload, datetime: Picker, 'role-picker': Picker });

describe('entity form schema', () => {
  it('leaves out readOnly and hidden properties, titles fields in the language, offers enum labels', () => {
    const form = buildEntityForm(company, { mode: 'create', lang: 'zh', schemas, widgets });
    expect(form.fields).not.toContain('id');
    expect(form.fields).not.toContain('layer');
    expect(form.fields).not.toContain('enabled');
    expect(form.fields).not.toContain('createdAt');
    const props = form.schema.properties as Record<string, Record<string, unknown>>;
    expect(props.name!.title).toBe('公司名称');
    const items = props.robotTypes!.items as { oneOf: { const: number; title: string }[] };
    expect(items.oneOf[0]).toEqual({ const: 1, title: '安保巡逻机器人' });
    expect(form.uiSchema.parentId).toMatchObject({ 'ui:widget': Picker });
    expect(form.uiSchema['ui:submitButtonOptions']).toEqual({ props: { type: 'primary' } });
    expect(form.schema.required).toEqual(['name']);
  });

  it('shows a field’s help as its description, so that antd still shows the field’s error (not the help in red)', () => {
    const versionInfo = versionInfoSchema as unknown as EntitySchema;
    const form = buildEntityForm(versionInfo, { mode: 'create', lang: 'ja', schemas, widgets: createWidgetRegistry({ datetime: Picker, 'file-upload': Upload, textarea: Picker }) });
    expect(form.uiSchema.date).toMatchObject({ 'ui:description': '空欄の場合は今日', 'ui:placeholder': 'YYYY-MM-DD' });
    expect(form.uiSchema.date).not.toHaveProperty('ui:help');
  });

  it('on edit disables x-readonly-on-edit fields and makes writeOnly passwords optional', () => {
    const create = buildEntityForm(user, { mode: 'create', lang: 'en', schemas, widgets });
    expect(create.schema.required).toContain('password');
    expect(create.uiSchema.password).toMatchObject({ 'ui:widget': Password });
    const edit = buildEntityForm(user, { mode: 'edit', lang: 'en', schemas, widgets, keepEmptyHint: 'keep' });
    expect(edit.schema.required).not.toContain('password');
    expect(edit.uiSchema.username).toMatchObject({ 'ui:disabled': true });
    expect(edit.uiSchema.password).toMatchObject({ 'ui:placeholder': 'keep' });
    // Roles come from roleManage's list (built-in and custom), so the role field is a picker, not a fixed enum.
    expect(edit.uiSchema.roleId).toMatchObject({ 'ui:widget': Picker });
    expect((edit.schema.properties as Record<string, { oneOf?: unknown[] }>).roleId!.oneOf).toBeUndefined();
  });

  it('starts an edit from the row without the password and sends only changed fields', () => {
    const form = buildEntityForm(user, { mode: 'edit', lang: 'en', schemas, widgets });
    const row = { id: 7, username: 'alice1', name: 'Alice', roleId: 4, companyId: 2, email: 'a@x.io', password: 'hash?', companyName: 'X' };
    const initial = initialFormData(user, form.fields, row);
    expect(initial).toEqual({ username: 'alice1', name: 'Alice', roleId: 4, companyId: 2, email: 'a@x.io' });
    expect(changedValues(user, form.fields, initial, { ...initial, name: 'Alicia' })).toEqual({ name: 'Alicia' });
    // A cleared optional text becomes "" so the server clears it; an empty password is not sent.
    const { email: _e, ...withoutEmail } = initial;
    expect(changedValues(user, form.fields, initial, withoutEmail)).toEqual({ email: '' });
  });

  it('sends null for a cleared nullable reference and only defined values on create', () => {
    const form = buildEntityForm(company, { mode: 'edit', lang: 'en', schemas, widgets });
    expect(changedValues(company, form.fields, { name: 'A', parentId: 3 }, { name: 'A' })).toEqual({ parentId: null });
    expect(createValues(form.fields, { name: 'A', parentId: undefined, bogus: 1 })).toEqual({ name: 'A' });
  });
});
