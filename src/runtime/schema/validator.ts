/**
 * The form validator: ajv through RJSF with the named formats of common/formats and the
 * schema `x-` keywords, and ajv errors rewritten into the catalogue messages of
 * common/messages in the current language (the server answers with the same texts).
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFValidationError } from '@rjsf/utils';
import { FORMATS, SCHEMA_KEYWORDS } from '@common/formats';
import { formatMessage, type MessageKey } from '@common/messages';
import type { Lang } from '@common/protocol';

/** The RJSF validator shared by every generated form. */
export const formValidator = /* @__PURE__ */ customizeValidator({
  customFormats: Object.fromEntries(Object.entries(FORMATS).map(([name, f]) => [name, f.validate])),
  ajvOptionsOverrides: { keywords: [...SCHEMA_KEYWORDS] },
});

const RANGE = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'multipleOf']);
const VALUE = new Set(['enum', 'const', 'oneOf', 'anyOf', 'uniqueItems']);

function fieldOf(error: RJSFValidationError): string {
  const missing = error.params?.missingProperty as string | undefined;
  if (missing) return missing;
  return (error.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
}

/** The whole property path of an error (`.battery.lowLevel` → battery, lowLevel); nested forms label by it. */
function pathOf(error: RJSFValidationError): string[] {
  return (error.property ?? '')
    .replace(/^\./, '')
    .split(/[.[\]]/)
    .filter(Boolean);
}

/** Names a field by its label: `field` is the top-level property (entity forms), `path` the whole path (nested forms). */
export type LabelOf = (field: string, path: string[]) => string;

/** The catalogue message of one ajv error (falls back to ajv's text for unknown keywords). */
export function messageFor(error: RJSFValidationError, lang: Lang, labelOf: LabelOf): string {
  const field = labelOf(fieldOf(error), pathOf(error));
  const msg = (key: MessageKey, vars: Record<string, string | number> = {}) => formatMessage(key, lang, { field, ...vars });
  const name = error.name ?? '';
  const limit = error.params?.limit as number | undefined;
  if (name === 'required') return msg('required');
  if (name === 'format') {
    const named = FORMATS[error.params?.format as string];
    return named ? formatMessage(named.message, lang) : msg('validationFailed', { detail: field });
  }
  if (name === 'maxLength') return msg('tooLong', { limit: limit ?? '' });
  if (name === 'minLength') return limit !== undefined && limit <= 1 ? msg('required') : msg('tooShort', { limit: limit ?? '' });
  if (name === 'type') return msg('wrongType');
  // Spec §5 (form designer): a failed pattern says '{name} Unmatched pattern', as the server does.
  if (name === 'pattern') return msg('unmatchedPattern');
  if (name === 'additionalProperties') return formatMessage('unknownField', lang, { field: String(error.params?.additionalProperty ?? '') });
  if (RANGE.has(name)) return msg('outOfRange');
  if (VALUE.has(name)) return msg('notAllowedValue');
  return error.message ?? msg('validationFailed', { detail: field });
}

/** Builds an RJSF `transformErrors` speaking the catalogue in `lang`. */
export function catalogueErrors(lang: Lang, labelOf: LabelOf) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] => {
    const seen = new Set<string>();
    const out: RJSFValidationError[] = [];
    for (const e of errors) {
      const message = messageFor(e, lang, labelOf);
      const key = `${e.property ?? ''}|${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...e, message, stack: `${labelOf(fieldOf(e), pathOf(e))}: ${message}` });
    }
    return out;
  };
}
