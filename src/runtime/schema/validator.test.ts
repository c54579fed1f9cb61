import { describe, expect, it } from 'vitest';
import { formatMessage } from '@common/messages';
import companySchema from '../../../schemas/entities/company.schema.json';
import { createSchemaRegistry } from './schema-registry';
import { buildEntityForm } from './form-schema';
import type { EntitySchema } from './schema-types';
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
});
