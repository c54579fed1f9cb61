/**
 * Named formats of spec §5, registered with ajv on both sides so the console's
 * forms and the server's validation agree. Each has a catalogue message.
 */
import type { MessageKey } from './messages';
import type { SchemaKeyword } from './schema-keywords';

/** One named format: a test and the message shown when it fails. */
export interface NamedFormat {
  validate: (value: string) => boolean;
  message: MessageKey;
}

const re = (pattern: RegExp) => (value: string) => pattern.test(value);

/** A picker value of spec §2: '*' or numbers min..max (no leading zeros) separated by commas. */
function pickList(min: number, max: number) {
  return (value: string) =>
    value === '*' || (/^\d{1,2}(,\d{1,2})*$/.test(value) && value.split(',').every((n) => !/^0\d/.test(n) && Number(n) >= min && Number(n) <= max));
}

/** Encodes picked numbers as spec §2 stores them: '*' when every option of min..max is picked, else the ascending list without repeats. */
export function normalisePickList(value: string, min: number, max: number): string {
  if (value === '*') return value;
  const picked = [...new Set(value.split(',').map(Number))].sort((a, b) => a - b);
  return picked.length === max - min + 1 ? '*' : picked.join(',');
}

/** The range of each picker format (spec §2: month 1-12, day 1-31, week 0-6 Sunday first, hour 0-23). */
export const PICK_LIST_RANGES = { 'month-list': [1, 12], 'day-list': [1, 31], 'week-list': [0, 6], 'hour-list': [0, 23] } as const;

/** Registry of named formats, keyed by the name a schema uses in `format`. */
export const FORMATS: Record<string, NamedFormat> = {
  username: { validate: re(/^[A-Za-z0-9]{5,16}$/), message: 'format.username' },
  password: { validate: re(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]{6,16}$/), message: 'format.password' },
  'face-password': { validate: re(/^[A-Za-z0-9]{6,18}$/), message: 'format.face-password' },
  'serial-number': { validate: re(/^\d{2}[A-Za-z0-9]{8}$/), message: 'format.serial-number' },
  // Mainland mobile (1 + 10 digits) or landline with area code (0xx-xxxxxxx). Empty allowed.
  phone: { validate: re(/^$|^1[3-9]\d{9}$|^0\d{2,3}-?\d{7,8}$/), message: 'format.phone' },
  email: { validate: re(/^$|^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/), message: 'format.email' },
  // Letters, digits and Chinese characters; empty allowed.
  'basic-text': { validate: re(/^[A-Za-z0-9\u4e00-\u9fa5]*$/), message: 'format.basic-text' },
  // General content: basic text plus spaces and common punctuation (ASCII and CJK).
  'general-text': {
    validate: re(/^[A-Za-z0-9\u4e00-\u9fa5\u3040-\u30ff \-_.,:;!?()'"/@#&+，。：；！？（）、《》“”]*$/),
    message: 'format.general-text',
  },
  'company-domain': {
    validate: re(/^$|^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/),
    message: 'format.company-domain',
  },
  'positive-number': { validate: re(/^(0|[1-9]\d*)(\.\d*[1-9])?$|^0\.\d*[1-9]$/), message: 'format.positive-number' },
  integer: { validate: re(/^\d+$/), message: 'format.integer' },
  hex: { validate: re(/^(0x)?[0-9A-Fa-f]+$/), message: 'format.hex' },
  // Spec §5: schedule times are HH:mm:ss (24-hour clock).
  'clock-time': { validate: re(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/), message: 'format.clock-time' },
  // A file stored by POST /api/upload (server/uploads/store-upload.ts names them so); empty allowed.
  'upload-url': { validate: re(/^$|^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.[a-z0-9]+$/), message: 'format.upload-url' },
  // Form designer data type "url" (spec §5): http(s) address; empty allowed.
  url: { validate: re(/^$|^https?:\/\/[^\s/$.?#][^\s]*$/), message: 'format.url' },
  // Spec §2 multi-select pickers: '*' (every option) or a comma list of the picked numbers, no spaces.
  'month-list': { validate: pickList(1, 12), message: 'format.month-list' },
  'day-list': { validate: pickList(1, 31), message: 'format.day-list' },
  'week-list': { validate: pickList(0, 6), message: 'format.week-list' },
  'hour-list': { validate: pickList(0, 23), message: 'format.hour-list' },
  // Spec §5: a face entry's name is Chinese or English words (Chinese may carry the middle dot of transcribed names).
  'face-name': { validate: re(/^([\u4e00-\u9fa5]+(·[\u4e00-\u9fa5]+)*|[A-Za-z]+([ '.-][A-Za-z]+)*)$/), message: 'format.face-name' },
};

/** Minimal surface of an ajv instance we need (keeps this module free of ajv imports). */
interface FormatHost {
  addFormat(name: string, format: { type: 'string'; validate: (v: string) => boolean }): unknown;
}

/** Registers every named format with an ajv instance. */
export function addNamedFormats<T extends FormatHost>(ajv: T): T {
  for (const [name, f] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: f.validate });
  return ajv;
}

/**
 * The `x-` keywords schemas may use, registered with ajv so strict mode accepts them. Their
 * declarations (meta-schemas, places, examples) are common/schema-keywords.ts, which needs TypeBox:
 * the names are written out here so the browser's login and shell do not load it, and
 * common/schema-keywords.test.ts fails when the two lists differ.
 */
export const SCHEMA_KEYWORDS: readonly SchemaKeyword[] = [
  'x-labels', 'x-route', 'x-menu', 'x-api', 'x-access', 'x-list', 'x-store', 'x-scope', 'x-single',
  'x-order', 'x-row-actions', 'x-form', 'x-import', 'x-list-exports', 'x-heat', 'x-chart', 'x-live',
  'x-tabs', 'x-lookup', 'x-requires-robot', 'x-inherit', 'x-extra', 'x-open', 'x-widget', 'x-enum', 'x-ref', 'x-key-enum', 'x-unique', 'x-mask', 'x-severity',
  'x-readonly-on-edit', 'x-hidden', 'x-transient', 'x-in', 'x-max-bytes', 'x-max-files', 'x-upload-kind',
  'x-upload-fills', 'x-preview-type', 'x-placeholder', 'x-help', 'x-differs-from', 'x-field', 'x-comment',
];
