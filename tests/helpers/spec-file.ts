import fs from 'node:fs';
import path from 'node:path';

/**
 * The product spec (read in place, never copied into the repository): PRODUCT_SPEC, else
 * `../shared/spec/product-spec.md` beside the checkout. Throws, naming where it looked.
 */
export function productSpecFile(repoRoot: string): string {
  const candidates = [process.env.PRODUCT_SPEC, path.resolve(repoRoot, '../shared/spec/product-spec.md')].filter((d): d is string => Boolean(d));
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found) throw new Error(`Product spec not found (looked in ${candidates.join(', ')}): set PRODUCT_SPEC to its path.`);
  return found;
}

/**
 * The event names of spec §7's main interface: every camelCase name of its event groups (payload
 * fields in braces and the form-data sentence left out) plus `login`.
 */
export function specEventNames(specText: string): string[] {
  const s = specText.slice(specText.indexOf('## 7.'), specText.indexOf('## 8.'));
  const groups = s.slice(s.indexOf('Event groups:'), s.indexOf('Payload shapes'));
  const clean = groups.replace(/\{[^}]*\}/g, '').replace(/Recorded video upload[^\n]*/, '');
  const names = new Set([...clean.matchAll(/\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)\b/g)].map((m) => m[0]));
  names.add('login');
  return [...names];
}
