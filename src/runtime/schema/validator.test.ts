import { describe, expect, it } from 'vitest';
import { formatMessage } from '@common/messages';
import companySchema from '../../../schemas/entities/company.schema.json';
import alarmConfigSchema from '../../../schemas/entities/alarm-config.schema.json';
import alarmLevel from '../../../schemas/enums/alarm-level.json';
import { createSchemaRegistry } from './schema-registry';
import { buildEntityForm } from './form-schema';
import type { EntitySchema, EnumSchema } from './schema-types';
import { catalogueErrors, formValidator } from './validator';
import { createWidgetRegistry } from './widgets/widget-registry';

const company = companySchema as unknown as EntitySchema;
const widgets = createWidgetRegistry({ 'company-picker': () => null, 'image-upload': () => null, password: () => null });

function errorsFor(data: Record<string, unknown>, lang: 'en' | 'zh' | 'ja') {
  const form = buildEntityForm(company, { mode: 'create', lang, schemas: createSchemaRegistry({}), widgets });
  const { errors } = formValidator.validateFormData(data, form.schema, undefined, catalogueErrors(lang, form.labelOf));
  return errors;
}

describe('form validation messages', () => {
  it('shows the catalogue message of a named format in the current language', () => {
    for (const lang of ['en', 'zh', 'ja'] as const) {
      const errors = errorsFor({ name: 'Bad Name!' }, lang);
      expect(errors.map((e) => e.message)).toEqual([formatMessage('format.basic-text', lang)]);
    }
  });

  it('names the field in required and length messages', () => {
    expect(errorsFor({}, 'en').map((e) => e.message)).toEqual([formatMessage('required', 'en', { field: 'Name' })]);
    expect(errorsFor({ name: 'abcdefghijklmnopq' }, 'zh').map((e) => e.message)).toEqual([formatMessage('tooLong', 'zh', { field: '公司名称', limit: 16 })]);
  });

  it('accepts the x- keywords and valid data', () => {
    expect(errorsFor({ name: 'Lighthouse', domain: 'lighthouse.example.com', robotTypes: [1, 2] }, 'en')).toEqual([]);
  });

  it('uses the named format of the shared module, not ajv-formats (empty e-mail allowed)', () => {
    expect(errorsFor({ name: 'A', senderMail: 'not-mail' }, 'en').map((e) => e.message)).toEqual([formatMessage('format.email', 'en')]);
  });

  it('lets a nullable choice stay empty (alarm configuration: level "empty: the type’s") and still refuses a value outside it', () => {
    const alarmConfig = alarmConfigSchema as unknown as EntitySchema;
    const schemas = createSchemaRegistry({ entities: [alarmConfig], enums: [alarmLevel] as EnumSchema[] });
    const form = buildEntityForm(alarmConfig, { mode: 'create', lang: 'en', schemas, widgets: createWidgetRegistry(Object.fromEntries(['ref-picker', 'robot-picker', 'company-picker', 'datetime'].map((w) => [w, () => null]))) });
    const level = (form.schema.properties as Record<string, { oneOf: { const: unknown; title: string }[] }>).level!;
    expect(level.oneOf[0]).toEqual({ const: null, title: '—' });
    expect(level.oneOf.slice(1).map((o) => o.const)).toEqual(alarmLevel.values.map((v) => v.value));
    const errors = (data: Record<string, unknown>) => formValidator.validateFormData(data, form.schema, undefined, catalogueErrors('en', form.labelOf)).errors;
    expect(errors({ alarmTypeId: 1, level: null })).toEqual([]);
    expect(errors({ alarmTypeId: 1, level: 2 })).toEqual([]);
    expect(errors({ alarmTypeId: 1, level: 9 }).length).toBeGreaterThan(0);
  });
});
