/**
 * Parameter schemas as the server enforces them (issue 18): a value the database cannot hold is a
 * 400 naming its field, never a 500. An integer without bounds gets PostgreSQL's integer range (ids,
 * pages and codes; a field that needs more declares its own maximum), a number without bounds
 * ±10^15. The schema files and the catalogue stay as written: this copy is what ajv compiles.
 */
export const INTEGER_RANGE = { minimum: -2147483648, maximum: 2147483647 } as const;
export const NUMBER_RANGE = { minimum: -1e15, maximum: 1e15 } as const;

/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'x-labels', 'x-enum']);

const hasType = (node: Record<string, unknown>, t: string) => node.type === t || (Array.isArray(node.type) && node.type.includes(t));

function harden(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(harden);
  if (!node || typeof node !== 'object') return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) out[k] = DATA_KEYS.has(k) || k.startsWith('x-') ? v : harden(v);
  if (src.enum === undefined && src.const === undefined) {
    const range = hasType(src, 'integer') ? INTEGER_RANGE : hasType(src, 'number') ? NUMBER_RANGE : null;
    if (range) {
      if (src.maximum === undefined && src.exclusiveMaximum === undefined) out.maximum = range.maximum;
      if (src.minimum === undefined && src.exclusiveMinimum === undefined) out.minimum = range.minimum;
    }
  }
  return out;
}

/** A copy of a parameter schema with the server's ranges on every unbounded integer and number. */
export function hardenParams<T>(schema: T): T {
  return harden(schema) as T;
}

/** The path of the first string that holds a NUL character ("name", "points/2/label"), or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(value)' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}/${k.split('\u0000').join('')}` : k.split('\u0000').join('');
    const found = findNul(v, path ? `${path}/${k}` : k);
    if (found) return found;
  }
  return null;
}
