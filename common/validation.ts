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

/** A schema node: its `x-labels` and, for an object, its `properties`. */
type SchemaNode = { 'x-labels'?: Partial<Record<Lang, string>>; properties?: Record<string, SchemaNode> } & Record<string, unknown>;

/**
 * The property an ajv error is about. When the instance path runs through nested objects to a
 * property (settings groups), that property names the field by its own label; otherwise (array
 * items, unlabelled paths) the top-level rule holds: the missing, unknown or first property,
 * labelled from the top level. Also the name an unknown key is given.
 */
function errorField(err: AjvErrorLike, schema: LabelledSchema, lang: Lang): { prop: string; field: string; unknown: string } {
  const path = err.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = err.keyword === 'required' ? err.params.missingProperty : err.keyword === 'additionalProperties' ? err.params.additionalProperty : undefined;
  if (extra !== undefined) path.push(String(extra));
  let node = schema as SchemaNode;
  const named: string[] = [];
  for (const segment of path) {
    const next = node.properties?.[segment];
    if (!next) break;
    named.push(segment);
    node = next;
  }
  // An unknown key inside nested objects is named by its dotted path (battery.foo); elsewhere by itself.
  const unknown = named.length === path.length - 1 ? path.join('.') : (path[path.length - 1] ?? '');
  if (named.length > 1 && named.length === path.length) {
    const labels = node['x-labels'];
    return { prop: named.join('.'), field: labels?.[lang] ?? labels?.en ?? named[named.length - 1]!, unknown };
  }
  const prop = extra !== undefined ? String(extra) : (path[0] ?? '');
  return { prop, field: fieldLabel(schema, prop, lang), unknown };
}

/** A message for one ajv error, in the caller's language; a nested property is named by its own label. */
export function describeAjvError(err: AjvErrorLike, schema: LabelledSchema, lang: Lang): { field: string; message: string } {
  const { prop, field, unknown } = errorField(err, schema, lang);
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
      message = formatMessage('unknownField', lang, { field: unknown });
      break;
    case 'type':
      message = say('wrongType');
      break;
    case 'pattern':
      // Spec §5 (form designer): a pattern rule fails with '{name} Unmatched pattern'.
      message = say('unmatchedPattern');
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
