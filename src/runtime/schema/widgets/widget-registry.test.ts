import { describe, expect, it } from 'vitest';
import companySchema from '../../../../schemas/entities/company.schema.json';
import { createSchemaRegistry } from '../schema-registry';
import { buildEntityForm } from '../form-schema';
import type { EntitySchema } from '../schema-types';
import { createWidgetRegistry, type FormWidget } from './widget-registry';

const Dummy: FormWidget = () => null;

describe('widget registry', () => {
  it('resolves a registered widget', () => {
    const registry = createWidgetRegistry({ textarea: Dummy });
    expect(registry.resolve('textarea', 'company')).toBe(Dummy);
    expect(registry.has('textarea')).toBe(true);
  });

  it('throws for an unknown name, naming the schema, the property and the widget', () => {
    const registry = createWidgetRegistry({ textarea: Dummy });
    expect(() => registry.resolve('colour-wheel', 'company', 'logo')).toThrowError(
      'Unknown widget "colour-wheel" in property "logo" of schema "company"; known widgets: textarea',
    );
  });

  it('makes building a form fail with that message when a schema names an unknown widget', () => {
    const entity = structuredClone(companySchema) as unknown as EntitySchema;
    entity.properties.logo!['x-widget'] = 'colour-wheel';
    const widgets = createWidgetRegistry({ 'company-picker': Dummy, 'image-upload': Dummy, password: Dummy });
    expect(() => buildEntityForm(entity, { mode: 'create', lang: 'en', schemas: createSchemaRegistry({}), widgets })).toThrowError(
      /Unknown widget "colour-wheel" in property "logo" of schema "company"/,
    );
  });
});
