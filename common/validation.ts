/**
 * Turns an ajv error into a catalogue message naming the field by its schema label,
 * so the console's forms and the server's statusInfo say the same thing.
 */
import { FORMATS } from './formats';
import { formatMessage, type MessageKey } from './messages';
import type { Lang } from './protocol';

/** The part of an ajv ErrorObject this needs (no ajv import here). */
export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The part of a JSON schema this needs. */
export interface LabelledSchema {
  properties?: Record<string, { 'x-labels'?: Partial<Record<Lang, string>> } & Record<string, unknown>>;
}

/** The label of a top-level property in the given language, or its name. */
export function fieldLabel(schema: LabelledSchema, prop: string, lang: Lang): string {
  const labels = schema.properties?.[prop]?.['x-labels'];
  return labels?.[lang] ?? labels?.en ?? prop;
}

/** A message for one ajv error, in the caller's language. */
export function describeAjvError(err: AjvErrorLike, schema: LabelledSchema, lang: Lang): { field: string; message: string } {
  const path = err.instancePath.split('/').filter(Boolean);
  let prop = path[0] ?? '';
  if (err.keyword === 'required') prop = String(err.params.missingProperty ?? '');
  if (err.keyword === 'additionalProperties') prop = String(err.params.additionalProperty ?? '');
  const field = fieldLabel(schema, prop, lang);
  const say = (key: MessageKey, vars: Record<string, string | number> = {}) => formatMessage(key, lang, { field, ...vars });
  let message: string;
  switch (err.keyword) {
    case 'required':
      message = say('required');
      break;
    case 'format': {
      const f = FORMATS[String(err.params.format)];
      const text = f ? formatMessage(f.message, lang) : '';
      // Messages such as "Username: 5-16 letters and digits" already name their field.
      message = !f ? say('wrongType') : text.toLowerCase().startsWith(field.toLowerCase()) ? text : `${field}: ${text}`;
      break;
    }
    case 'maxLength':
      message = say('tooLong', { limit: Number(err.params.limit) });
      break;
    case 'minLength':
      message = Number(err.params.limit) <= 1 ? say('required') : say('tooShort', { limit: Number(err.params.limit) });
      break;
    case 'enum':
    case 'const':
      message = say('notAllowedValue');
      break;
    case 'additionalProperties':
      message = formatMessage('unknownField', lang, { field: prop });
      break;
    case 'type':
      message = say('wrongType');
      break;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
      message = say('outOfRange');
      break;
    default:
      message = `${field}: ${err.message ?? err.keyword}`;
  }
  return { field: prop, message };
}
