import fs from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, renderSchemaKeywordsDoc } from '../scripts/schema-keywords-doc';
import { SCHEMA_KEYWORDS } from './formats';
import { keywordUses, keywordValueSchema, nearestKeyword, SCHEMA_KEYWORD_DECLARATIONS, type KeywordDeclaration } from './schema-keywords';

const declarations = Object.entries(SCHEMA_KEYWORD_DECLARATIONS) as [string, KeywordDeclaration][];

describe('schema keyword declarations', () => {
  it('docs/schema-keywords.md is what scripts/schema-keywords-doc.ts generates (run `npx tsx scripts/schema-keywords-doc.ts`)', () => {
    expect(fs.readFileSync(path.resolve(DOC_PATH), 'utf8')).toBe(renderSchemaKeywordsDoc());
  });

  it('each example passes its own meta-schema, and ajv registers every declared keyword', () => {
    for (const [name, d] of declarations) expect(Value.Check(keywordValueSchema(d, d.at[0]!), d.example), name).toBe(true);
    expect([...SCHEMA_KEYWORDS].sort()).toEqual(declarations.map(([name]) => name).sort());
  });

  it('finds keywords at their places, and suggests the closest name for a typo', () => {
    const doc = {
      'x-scope': 'company',
      properties: { a: { 'x-widget': 'textarea', items: { 'x-ref': 'robot' }, properties: { b: { 'x-help': {} } } } },
      'x-row-actions': [{ form: { properties: { c: { 'x-enum': 'k' } } } }],
    };
    expect(keywordUses(doc, 'entity').map((u) => `${u.place} ${u.holder}/${u.keyword}`)).toEqual([
      'entity /x-scope',
      'entity /x-row-actions',
      'property /properties/a/x-widget',
      'property /properties/a/properties/b/x-help',
      'items /properties/a/items/x-ref',
      'property /x-row-actions/0/form/properties/c/x-enum',
    ]);
    expect(nearestKeyword('x-scop')).toBe('x-scope');
    expect(nearestKeyword('x-nothing-like-it')).toBeUndefined();
  });
});
