/** A JSON Schema as the generated documents hold it: plain JSON (TypeBox's symbols dropped), no `$id`/`$schema` (each document is one resource). */
export type Json = Record<string, unknown>;

export function plain(schema: unknown): Json {
  const copy = JSON.parse(JSON.stringify(schema ?? {})) as Json;
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(strip);
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    delete o.$id;
    delete o.$schema;
    Object.values(o).forEach(strip);
  };
  strip(copy);
  return copy;
}
