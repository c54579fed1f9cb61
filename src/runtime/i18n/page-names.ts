/**
 * The console's pages by their name (issue 22: a role's home page reads "Telecontrol", not
 * `/home/telecontrol`). Plugin pages are registered by the plugin registry from their menu entries;
 * schema pages are named by their x-menu (or x-labels). A property with `x-ref: "page"` shows its
 * route by this name.
 */
import type { Lang } from '@common/protocol';
import type { Labels } from '@common/schema-format';

const pluginPages = new Map<string, Labels>();

/** Remembers the names of plugin pages (their menu entries). */
export function registerPageNames(entries: readonly { path: string; labels: Labels }[]): void {
  for (const e of entries) if (!pluginPages.has(e.path)) pluginPages.set(e.path, e.labels);
}

/** The reference id that names a console page. */
export const PAGE_REF = 'page';

/** The name of a route in a language: a plugin page's, else a schema page's, else the route itself. */
export function pageName(route: string, lang: Lang, entities: readonly { 'x-route'?: string; 'x-menu'?: { labels?: Labels }; 'x-labels'?: Labels }[]): string {
  const pick = (l: Labels | undefined) => l?.[lang] ?? l?.en ?? l?.zh ?? l?.ja;
  const plugin = pick(pluginPages.get(route));
  if (plugin) return plugin;
  const entity = entities.find((e) => e['x-route'] === route);
  return pick(entity?.['x-menu']?.labels ?? entity?.['x-labels']) ?? route;
}

/**
 * Every named console page as a picker option (a role's home page): plugin pages and schema pages
 * with a menu entry, by name in a language, sorted by name. `pattern` keeps the routes a schema allows.
 */
export function pageOptions(lang: Lang, entities: readonly { 'x-route'?: string; 'x-menu'?: { labels?: Labels }; 'x-labels'?: Labels }[], pattern?: RegExp): { value: string; label: string }[] {
  const routes = new Set<string>([...pluginPages.keys(), ...entities.filter((e) => e['x-menu'] && e['x-route']).map((e) => e['x-route']!)]);
  return [...routes]
    .filter((r) => !pattern || pattern.test(r))
    .map((value) => ({ value, label: pageName(value, lang, entities) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}
