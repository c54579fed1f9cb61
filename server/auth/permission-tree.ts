import fs from 'node:fs';
import path from 'node:path';
import { canOpenRoute, subjectCan, type AccessSubject } from '../../common/access';
import type { SchemaSet } from '../schemas/loader';

/** One node of the role permission tree: a menu entry (`menu:<route>`) or a permission (`resource:action`). */
export interface PermissionNode {
  id: string;
  labels: Record<string, string>;
  group?: string;
  children?: PermissionNode[];
  /** A page's permissions without which it cannot show its data: granted with the page. */
  needs?: string[];
}

interface PluginManifest {
  id: string;
  menu?: { key: string; path: string; group?: string; labels: Record<string, string>; needs?: string[] }[];
  permissions?: { key: string; labels: Record<string, string> }[];
  /** Form widgets the plugin brings: schemas may name them in `x-widget` (server/schemas/loader.ts). */
  widgets?: { name: string; labels: Record<string, string>; description?: string }[];
}

const ACTION_LABELS: Record<string, Record<string, string>> = {
  read: { en: 'View', zh: '查看', ja: '閲覧' },
  create: { en: 'Create', zh: '新增', ja: '作成' },
  update: { en: 'Modify', zh: '修改', ja: '変更' },
  delete: { en: 'Delete', zh: '删除', ja: '削除' },
};

/** Console parts declared like plugins but living in src/ (relative to the project root). */
const BUILT_IN_MANIFESTS = ['src/form-designer/plugin.json'];

/** Reads the plugin manifests (plugins/<id>/plugin.json, and the built-in ones): their menu entries and permissions join the tree by themselves. */
export function readPluginManifests(pluginsDir: string): PluginManifest[] {
  const builtIn = BUILT_IN_MANIFESTS.map((f) => path.join(pluginsDir, '..', f));
  const plugins = fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir).map((d) => path.join(pluginsDir, d, 'plugin.json')) : [];
  return [...plugins, ...builtIn]
    .filter((f) => fs.existsSync(f))
    .flatMap((f) => {
      try {
        return [JSON.parse(fs.readFileSync(f, 'utf8')) as PluginManifest];
      } catch {
        console.warn(`Plugin manifest ${f} is not valid JSON: skipped`);
        return [];
      }
    });
}

/** The permission tree: every schema screen and plugin menu entry, each with its permissions. */
export function buildPermissionTree(schemas: SchemaSet, plugins: PluginManifest[]): PermissionNode[] {
  const nodes: PermissionNode[] = [];
  for (const p of plugins) {
    const [first, ...rest] = p.menu ?? [];
    if (!first) continue;
    const routeOf = (m: { path: string }) => m.path.split('/').filter(Boolean).pop()!;
    nodes.push({
      id: `menu:${routeOf(first)}`,
      labels: first.labels,
      group: first.group,
      children: (p.permissions ?? []).map((perm) => ({ id: perm.key, labels: perm.labels })),
      ...(first.needs?.length ? { needs: first.needs } : {}),
    });
    for (const m of rest) nodes.push({ id: `menu:${routeOf(m)}`, labels: m.labels, group: m.group, ...(m.needs?.length ? { needs: m.needs } : {}) });
  }
  // A permission is listed once, under the first screen naming it (unhandled events share alarm:read).
  const seen = new Set<string>();
  for (const e of schemas.entities.values()) {
    const route = e.schema['x-route'];
    if (!route) continue;
    const menu = e.schema['x-menu'] as { group?: string; labels?: Record<string, string> } | undefined;
    const labels: Record<string, string> = menu?.labels ?? e.schema['x-labels'] ?? { en: e.id };
    const api = e.schema['x-api'] ?? {};
    const access = e.schema['x-access'] ?? {};
    const children: PermissionNode[] = [];
    for (const action of ['read', 'create', 'update', 'delete'] as const) {
      // One record per subject (x-single) reads through get and writes through set.
      const bound = action === 'read' ? (api.list ?? api.get) : action === 'update' ? (api.update ?? api.set) : api[action];
      const perm = access[action] ?? `${e.id}:${action}`;
      if (!bound || seen.has(perm)) continue;
      seen.add(perm);
      children.push({ id: perm, labels: Object.fromEntries(Object.entries(ACTION_LABELS[action]!).map(([l, a]) => [l, `${labels[l] ?? labels.en ?? e.id}: ${a}`])) });
    }
    // Row actions' own permissions (release, process…), once in the whole tree (two screens may share one).
    for (const a of (e.schema['x-row-actions'] as { permission?: string; labels?: Record<string, string> }[] | undefined) ?? []) {
      if (!a.permission || seen.has(a.permission) || !a.labels) continue;
      seen.add(a.permission);
      children.push({ id: a.permission, labels: Object.fromEntries(Object.entries(a.labels).map(([l, text]) => [l, `${labels[l] ?? labels.en ?? e.id}: ${text}`])) });
    }
    // The page shows its list only with its read permission (which may be listed under another screen).
    const read = api.list || api.get ? (access.read ?? `${e.id}:read`) : undefined;
    nodes.push({ id: `menu:${route.split('/').filter(Boolean).pop()}`, labels, group: menu?.group, children, ...(read ? { needs: [read] } : {}) });
  }
  // Settings screens (robotSetting): their menu node, with the permissions no other screen lists yet.
  const listed = treeIds(nodes);
  for (const s of schemas.settings?.values() ?? []) {
    const route = s.schema['x-route'];
    if (!route) continue;
    const menu = s.schema['x-menu'] as { group?: string; labels?: Record<string, string> } | undefined;
    const labels: Record<string, string> = menu?.labels ?? s.schema['x-labels'] ?? { en: s.id };
    const children = (['read', 'update'] as const)
      .map((action) => ({ action, id: s.schema['x-access']?.[action] ?? `${s.id}:${action}` }))
      .filter(({ id }) => !listed.has(id))
      .map(({ action, id }) => ({ id, labels: Object.fromEntries(Object.entries(ACTION_LABELS[action]!).map(([l, a]) => [l, `${labels[l] ?? labels.en ?? s.id}: ${a}`])) }));
    const read = s.schema['x-access']?.read ?? `${s.id}:read`;
    nodes.push({ id: `menu:${route.split('/').filter(Boolean).pop()}`, labels, group: menu?.group, children, needs: [read] });
  }
  return nodes;
}

/**
 * The tree as a role of tier `kind` may hold it and `may` (the granting caller) may give it: menu
 * entries of routes the tier opens, permissions the tier holds; a page left with a need the role
 * could not hold is dropped (it would open only to fail).
 */
export function treeForKind(nodes: PermissionNode[], kind: number, may: (permission: string) => boolean): PermissionNode[] {
  const holds = (id: string) => holdsNode({ roleId: kind }, id) && may(id);
  return nodes
    .filter((n) => holds(n.id) && (n.needs ?? []).every(holds))
    .map((n) => {
      const children = n.children?.filter((c) => holds(c.id));
      return { ...n, ...(n.children ? { children } : {}) };
    });
}

/** Whether a subject may hold a tree id: a `menu:<route>` its tier opens, or a permission it holds. */
export function holdsNode(subject: AccessSubject, id: string): boolean {
  return id.startsWith('menu:') ? canOpenRoute({ roleId: subject.roleId }, `/home/${id.slice(5)}`) : subjectCan(subject, id);
}

/** A permission list with the needs of every page it ticks added (a ticked page is a page that works). */
export function withNeeds(nodes: PermissionNode[], permissions: string[]): string[] {
  const needs = new Map(nodes.map((n) => [n.id, n.needs ?? []]));
  const out = new Set(permissions);
  for (const p of permissions) for (const need of needs.get(p) ?? []) out.add(need);
  return [...out];
}

/** Every id in a tree. */
export function treeIds(nodes: PermissionNode[]): Set<string> {
  const ids = new Set<string>();
  const walk = (ns: PermissionNode[]) => ns.forEach((n) => (ids.add(n.id), n.needs?.forEach((x) => ids.add(x)), n.children && walk(n.children)));
  walk(nodes);
  return ids;
}
