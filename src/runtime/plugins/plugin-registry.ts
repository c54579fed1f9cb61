/**
 * Validates the plugins found by folder and collects their routes, menu entries, permission
 * nodes and overlays, and registers their form widgets. A bad plugin is logged and skipped;
 * the console keeps working.
 */
import { LANGS } from '@common/protocol';
import { WIDGET_NAMES } from '@common/widgets';
import { pluginWidgets } from '../schema/widgets/plugin-widgets';
import type { WidgetRegistry } from '../schema/widgets/widget-registry';
import type { PluginDefinition, PluginMenuItem, PluginOverlay, PluginPermission, PluginRoute } from './define-plugin';
import { registerPageNames } from '../i18n/page-names';

/**
 * A route with the plugin that contributed it and what opening it needs: its `permission` and the
 * `needs` of the menu entries that lead to it (the menu offers a page only to those who hold them,
 * so a page opened by address asks the same; issue 22 sweep: a general user could open node logs by
 * address, and every call of it was refused). Without one of them the console sends the user to /404.
 */
export type RegisteredRoute = PluginRoute & { pluginId: string; robotTypes?: number[]; needs: string[] };
/** A menu entry with the plugin that contributed it (and the robot types it serves). */
export type RegisteredMenuItem = PluginMenuItem & { pluginId: string; robotTypes?: number[] };
/** A shell overlay with the plugin that contributed it. */
export type RegisteredOverlay = PluginOverlay & { pluginId: string };
/** A permission node with the plugin that contributed it. */
export type RegisteredPermission = PluginPermission & { pluginId: string };
/** A form widget name with the plugin that contributed it. */
export interface RegisteredWidget {
  name: string;
  pluginId: string;
}

/** Everything the accepted plugins contribute. */
export interface PluginRegistry {
  plugins: PluginDefinition[];
  routes: RegisteredRoute[];
  menu: RegisteredMenuItem[];
  permissions: RegisteredPermission[];
  overlays: RegisteredOverlay[];
  /** The widgets the plugins registered (into the widget registry given to createPluginRegistry). */
  widgets: RegisteredWidget[];
  rejected: { source: string; reason: string }[];
}

const ID = /^[a-z][a-z0-9-]*$/;
const PERMISSION = /^[A-Za-z][\w-]*:[A-Za-z*][\w-]*$/;
const WIDGET = /^[a-z][a-z0-9-]*$/;

/** A React component: a function, or an object React renders (memo, forwardRef, lazy). */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

function labelsProblem(labels: unknown, where: string): string | undefined {
  if (!labels || typeof labels !== 'object') return `${where} has no labels`;
  for (const lang of LANGS) {
    const v = (labels as Record<string, unknown>)[lang];
    if (typeof v !== 'string' || !v.trim()) return `${where} lacks a "${lang}" label`;
  }
  return undefined;
}

function folderOf(source: string): string | undefined {
  return /\/plugins\/([^/]+)\/index\.[jt]sx?$/.exec(source)?.[1];
}

/** Why a definition is refused, or undefined when it is acceptable. */
export function validatePlugin(def: unknown, source: string, taken: { ids: Set<string>; paths: Set<string>; widgets?: Set<string> }): string | undefined {
  if (!def || typeof def !== 'object') return 'the module has no default export from definePlugin()';
  const p = def as Partial<PluginDefinition>;
  if (typeof p.id !== 'string' || !ID.test(p.id)) return `invalid id ${JSON.stringify(p.id)} (kebab-case expected)`;
  const folder = folderOf(source);
  if (folder && folder !== p.id) return `id "${p.id}" does not match its folder "${folder}"`;
  if (taken.ids.has(p.id)) return `id "${p.id}" is already used by another plugin`;
  if (!Array.isArray(p.routes)) return 'routes must be an array';
  const paths = new Set<string>();
  for (const [i, r] of p.routes.entries()) {
    if (!r || typeof r.path !== 'string' || !r.path.startsWith('/')) return `route ${i} needs an absolute path`;
    if (typeof r.page !== 'function') return `route ${r.path} needs page: () => import('./…')`;
    if (taken.paths.has(r.path) || paths.has(r.path)) return `route ${r.path} is already taken`;
    paths.add(r.path);
  }
  if (p.menu !== undefined) {
    if (!Array.isArray(p.menu)) return 'menu must be an array';
    for (const [i, m] of p.menu.entries()) {
      if (!m || typeof m.key !== 'string' || !m.key) return `menu entry ${i} needs a key`;
      if (typeof m.path !== 'string' || !m.path.startsWith('/')) return `menu entry ${m.key} needs an absolute path`;
      const problem = labelsProblem(m.labels, `menu entry ${m.key}`);
      if (problem) return problem;
    }
  }
  if (p.permissions !== undefined) {
    if (!Array.isArray(p.permissions)) return 'permissions must be an array';
    for (const perm of p.permissions) {
      if (!perm || typeof perm.key !== 'string' || !PERMISSION.test(perm.key)) return `permission ${JSON.stringify(perm?.key)} must be named resource:action`;
      const problem = labelsProblem(perm.labels, `permission ${perm.key}`);
      if (problem) return problem;
    }
  }
  if (p.robotTypes !== undefined && (!Array.isArray(p.robotTypes) || !p.robotTypes.every((n) => Number.isInteger(n)))) {
    return 'robotTypes must be a list of robot type numbers';
  }
  if (p.overlays !== undefined) {
    if (!Array.isArray(p.overlays)) return 'overlays must be an array';
    for (const [i, o] of p.overlays.entries()) {
      if (!o || typeof o.key !== 'string' || !o.key) return `overlay ${i} needs a key`;
      if (typeof o.component !== 'function') return `overlay ${o.key} needs component: () => import('./…')`;
    }
  }
  if (p.locales !== undefined && (typeof p.locales !== 'object' || p.locales === null)) return 'locales must be an object keyed by language';
  if (p.widgets !== undefined) {
    if (typeof p.widgets !== 'object' || p.widgets === null || Array.isArray(p.widgets)) return 'widgets must be an object of components keyed by widget name';
    for (const [name, component] of Object.entries(p.widgets)) {
      if (!WIDGET.test(name)) return `widget name ${JSON.stringify(name)} must be kebab-case`;
      if ((WIDGET_NAMES as readonly string[]).includes(name)) return `widget "${name}" is a built-in widget (common/widgets.ts)`;
      if (taken.widgets?.has(name)) return `widget "${name}" is already registered by another plugin`;
      if (!isComponent(component)) return `widget "${name}" must be a React component`;
    }
  }
  return undefined;
}

/**
 * Builds the registry from discovered modules (`import.meta.glob('/plugins/*\/index.ts', {eager: true})`);
 * the accepted plugins' widgets are registered into `widgets` (by default the plugin widgets that the console's formWidgets consults).
 */
export function createPluginRegistry(modules: Record<string, unknown>, log: Pick<Console, 'error'> = console, widgets: WidgetRegistry = pluginWidgets): PluginRegistry {
  const registry: PluginRegistry = { plugins: [], routes: [], menu: [], permissions: [], overlays: [], widgets: [], rejected: [] };
  const taken = { ids: new Set<string>(), paths: new Set<string>(), widgets: new Set<string>() };
  for (const source of Object.keys(modules).sort()) {
    const mod = modules[source];
    const def = mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : undefined;
    let reason: string | undefined;
    try {
      reason = validatePlugin(def, source, taken);
    } catch (error) {
      reason = `validation failed: ${(error as Error).message}`;
    }
    if (reason) {
      log.error(`Plugin ${source} skipped: ${reason}`);
      registry.rejected.push({ source, reason });
      continue;
    }
    const plugin = def as PluginDefinition;
    taken.ids.add(plugin.id);
    registry.plugins.push(plugin);
    for (const r of plugin.routes) {
      taken.paths.add(r.path);
      registry.routes.push({ ...r, pluginId: plugin.id, robotTypes: plugin.robotTypes, needs: r.permission ? [r.permission] : [] });
    }
    for (const m of plugin.menu ?? []) registry.menu.push({ ...m, pluginId: plugin.id, robotTypes: plugin.robotTypes });
    registerPageNames(plugin.menu ?? []);
    for (const perm of plugin.permissions ?? []) registry.permissions.push({ ...perm, pluginId: plugin.id });
    for (const o of plugin.overlays ?? []) registry.overlays.push({ ...o, pluginId: plugin.id });
    for (const [name, component] of Object.entries(plugin.widgets ?? {})) {
      taken.widgets.add(name);
      widgets.register(name, component);
      registry.widgets.push({ name, pluginId: plugin.id });
    }
  }
  // A route needs what every menu entry leading to it needs (an entry may come from another plugin).
  const menuNeeds = new Map<string, string[]>();
  for (const m of registry.menu) menuNeeds.set(m.path, [...(menuNeeds.get(m.path) ?? []), ...(m.needs ?? [])]);
  for (const route of registry.routes) route.needs = [...new Set([...route.needs, ...(menuNeeds.get(route.path) ?? [])])];
  return registry;
}
