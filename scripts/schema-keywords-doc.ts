/**
 * Writes docs/schema-keywords.md from the keyword declarations of common/schema-keywords.ts:
 * `npx tsx scripts/schema-keywords-doc.ts`. A unit test (common/schema-keywords.test.ts) fails
 * when the committed file differs from what this renders, so the page stays current.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import { ApiBindingSchema, KEYWORD_PLACES, LabelsSchema, SCHEMA_KEYWORD_DECLARATIONS, type KeywordDeclaration, type KeywordPlace } from '../common/schema-keywords';

/** Where the page is written, from the repository root. */
export const DOC_PATH = 'docs/schema-keywords.md';

const PLACE_NAMES: Record<KeywordPlace, string> = {
  entity: 'entity root',
  settings: 'settings root',
  enum: 'enum root',
  property: 'property',
  items: 'items',
};

type Json = Record<string, unknown> & TSchema;

/** Value schemas used by several keywords, written once under a name. */
const NAMED: [string, TSchema][] = [
  ['Labels', LabelsSchema],
  ['Binding', ApiBindingSchema],
];
const namedText = new Map(NAMED.map(([name, schema]) => [JSON.stringify(schema), name]));

/** A meta-schema as a short type expression (`"a" | "b"`, `{ key?: string }`, `string[]` …). */
export function typeText(schema: TSchema, top = false): string {
  const s = schema as Json;
  const named = top ? undefined : namedText.get(JSON.stringify(s));
  if (named) return named;
  const note = (text: string) => (typeof s.description === 'string' ? `${text} (${s.description})` : text);
  if (Array.isArray(s.anyOf)) {
    const branches = s.anyOf as Json[];
    if (branches.every((b) => 'const' in b)) return branches.map((b) => JSON.stringify(b.const)).join(' | ');
    return branches.map((b) => typeText(b)).join(' | ');
  }
  if ('const' in s) return JSON.stringify(s.const);
  if (s.not && typeof s.not === 'object' && Object.keys(s.not).length === 0) return 'never';
  switch (s.type) {
    case 'string':
      return note('string');
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? ` ≥ ${s.minimum}` : '';
      return `${s.type}${min}`;
    }
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = typeText(s.items as TSchema);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      if (s.patternProperties) {
        const [value] = Object.values(s.patternProperties as Record<string, TSchema>);
        return `{ [key: string]: ${value ? typeText(value) : 'unknown'} }`;
      }
      const props = (s.properties ?? {}) as Record<string, TSchema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const keys = Object.entries(props).map(([k, v]) => `${k}${required.has(k) ? '' : '?'}: ${typeText(v)}`);
      const open = s.additionalProperties === false ? '' : keys.length ? ', …' : '…';
      return `{ ${keys.join(', ')}${open} }`;
    }
    default:
      return Object.keys(s).length === 0 ? 'any' : JSON.stringify(s);
  }
}

const where = (d: KeywordDeclaration) => KEYWORD_PLACES.filter((p) => d.at.includes(p)).map((p) => PLACE_NAMES[p]).join(', ');

/** The page, as the script writes it. */
export function renderSchemaKeywordsDoc(): string {
  const entries = Object.entries(SCHEMA_KEYWORD_DECLARATIONS) as [string, KeywordDeclaration][];
  const out: string[] = [
    '# Schema keywords',
    '',
    '<!-- Generated from common/schema-keywords.ts by `npx tsx scripts/schema-keywords-doc.ts`: edit the declarations, not this file. -->',
    '',
    'The `x-` keywords of the schema files (`schemas/entities`, `schemas/settings`, `schemas/enums` and the data',
    'folder\'s overlay, which the form designer writes). Each is declared once in `common/schema-keywords.ts` with',
    'where it may appear, what it means and a schema for its value. When schemas load, the server checks every',
    'keyword: an unknown one (a typo), one out of its place or a value its schema refuses is refused with a',
    'message naming the file and the JSON Pointer, e.g.',
    '`Schema file data/schemas/entities/shelf.schema.json: /x-scope must be one of company, company-tree, company-or-shared, none`.',
    '',
    'Places: **entity root** and **settings root** (the top of an entity or settings file), **enum root** (the top of',
    'an enum file), **property** (a field at any depth: nested `properties`, a settings group or leaf, a field of a',
    'row action\'s `form`), **items** (an array property\'s `items`).',
    '',
    `${entries.length} keywords:`,
    '',
    'Two value types recur below:',
    '',
    ...NAMED.map(([name, schema]) => `- \`${name}\`: \`${typeText(schema, true)}\``),
    '',
    '| Keyword | Where | What it does |',
    '| --- | --- | --- |',
    ...entries.map(([name, d]) => `| [\`${name}\`](#${name}) | ${where(d)} | ${d.description.replace(/\|/g, '\\|')} |`),
    '',
  ];
  for (const [name, d] of entries) {
    out.push(`## ${name}`, '', d.description, '', `- Where: ${where(d)}`);
    const places = KEYWORD_PLACES.filter((p) => d.at.includes(p));
    const own = places.filter((p) => d.valueAt?.[p]);
    const rest = places.filter((p) => !d.valueAt?.[p]);
    if (rest.length) out.push(`- Value${own.length ? ` (${rest.map((p) => PLACE_NAMES[p]).join(', ')})` : ''}: \`${typeText(d.value)}\``);
    for (const p of own) out.push(`- Value (${PLACE_NAMES[p]}): \`${typeText(d.valueAt![p]!)}\``);
    out.push('- Example:', '', '```json', `"${name}": ${JSON.stringify(d.example)}`, '```', '');
  }
  return out.join('\n');
}

// Run as a script: write the page.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  fs.writeFileSync(path.join(root, DOC_PATH), renderSchemaKeywordsDoc());
  console.log(`Wrote ${DOC_PATH}`);
}
