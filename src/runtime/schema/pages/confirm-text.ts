/** The confirmation of a `form` row action (`confirm`), in words: pure, tested beside. */
import type { BaseRecord } from '@refinedev/core';
import type { PropertySchema } from '../schema-types';

/** `{{field}}` of a form action's confirmation: the form's value, else the row's, an enum value by its label. */
export function fillConfirmText(
  text: string,
  values: Record<string, unknown>,
  record: BaseRecord,
  properties: { form: Record<string, PropertySchema>; row: Record<string, PropertySchema> },
  enumLabel: (enumId: string, value: unknown) => string,
): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => {
    const fromForm = k in values && values[k] !== undefined;
    const v = fromForm ? values[k] : record[k];
    if (v === undefined || v === null || v === '') return '—';
    const enumId = (fromForm ? properties.form[k] : properties.row[k])?.['x-enum'];
    return typeof enumId === 'string' ? enumLabel(enumId, v) : String(v);
  });
}
