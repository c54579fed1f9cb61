/** The side menu as data: plugin menu entries and entity `x-menu`s, filtered and grouped. */
import { canOpenRoute, subjectCan, type AccessSubject } from '@common/access';
import { pickLabel, type EntitySchema, type Labels, type Lang, type RegisteredMenuItem } from '@runtime';

/** One menu entry from any source. */
export interface MenuEntry {
  key: string;
  path: string;
  icon?: string;
  group: string;
  order: number;
  labels: Labels;
  /** Robot types the page serves (all when absent). */
  robotTypes?: number[];
  /** Infrared kinds one of the company's robots must have (none when absent). */
  infraredTypes?: number[];
  /** The permission needed to read the page's data (an entity's x-access.read). */
  readPermission?: string;
  /** What a plugin page needs (its menu entry's `needs`): the page opens only for those who hold it, so the menu offers it only to them. */
  needs?: string[];
}

/** A group of entries in display order. */
export interface MenuGroup {
  key: string;
  entries: MenuEntry[];
}

/** Whether a user may be offered an entry: its route is open to the role, its data readable, and it holds what the page needs. */
export function entryOpenTo(subject: AccessSubject, path: string, entry: MenuEntry): boolean {
  return (
    canOpenRoute(subject, path) &&
    (!entry.readPermission || subjectCan(subject, entry.readPermission)) &&
    (entry.needs ?? []).every((p) => subjectCan(subject, p))
  );
}

/** Groups shown first, in this order; others follow alphabetically. */
export const GROUP_ORDER = ['operations', 'monitoring', 'admin', 'system'];

/** What a schema (entity or settings) contributes to the menu. */
export type MenuSchema = Pick<EntitySchema, '$id' | 'x-route' | 'x-menu' | 'x-labels' | 'x-access'>;

/** Collects the entries of plugins and of entity and settings schemas. */
export function collectMenuEntries(pluginMenu: readonly RegisteredMenuItem[], entities: readonly MenuSchema[]): MenuEntry[] {
  const out: MenuEntry[] = pluginMenu.map((m) => ({
    key: `${m.pluginId}:${m.key}`,
    path: m.path,
    icon: m.icon,
    group: m.group ?? 'other',
    order: m.order ?? 100,
    labels: m.labels,
    robotTypes: m.robotTypes,
    ...(m.needs?.length ? { needs: [...m.needs] } : {}),
  }));
  for (const e of entities) {
    const route = e['x-route'];
    if (!route || !e['x-menu']) continue;
    const menu = e['x-menu'];
    out.push({
      key: `entity:${e.$id}`,
      path: route,
      icon: menu.icon,
      group: menu.group ?? 'other',
      order: menu.order ?? 100,
      labels: menu.labels ?? e['x-labels'] ?? {},
      readPermission: e['x-access']?.read,
      robotTypes: menu.robotTypes,
      infraredTypes: menu.infraredTypes,
    });
  }
  return out;
}

/**
 * Filters entries by route access and by the robot types the company provides (spec §2:
 * feature availability follows them; an entry without robotTypes serves every type), and
 * groups them in display order.
 */
export function buildMenuModel(
  entries: readonly MenuEntry[],
  canOpen: (path: string, entry: MenuEntry) => boolean,
  companyRobotTypes?: readonly number[],
  companyInfraredTypes?: readonly number[],
): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  const seen = new Set<string>();
  const serves = (e: MenuEntry) =>
    (!e.robotTypes?.length || !companyRobotTypes?.length || e.robotTypes.some((t) => companyRobotTypes.includes(t))) &&
    (!e.infraredTypes?.length || !companyInfraredTypes || e.infraredTypes.some((t) => companyInfraredTypes.includes(t)));
  for (const e of entries) {
    if (seen.has(e.path) || !canOpen(e.path, e) || !serves(e)) continue;
    seen.add(e.path);
    const list = groups.get(e.group) ?? [];
    list.push(e);
    groups.set(e.group, list);
  }
  const rank = (g: string) => {
    const i = GROUP_ORDER.indexOf(g);
    return i < 0 ? GROUP_ORDER.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, list]) => ({ key, entries: list.sort((a, b) => a.order - b.order || a.path.localeCompare(b.path)) }));
}

/** The label of an entry. */
export function entryLabel(entry: MenuEntry, lang: Lang): string {
  return pickLabel(entry.labels, lang, entry.path);
}

/**
 * The page `/home` opens: the role's home page when the menu offers it to this user, else the
 * menu's first page, else `fallback` (a role's home page may name a page its rules or its
 * company's robots have since closed; it must not land the user on /404).
 */
export function landingPage(groups: readonly MenuGroup[], homePage: string | undefined, fallback: string): string {
  const paths = groups.flatMap((g) => g.entries.map((e) => e.path));
  if (homePage && paths.includes(homePage)) return homePage;
  return paths[0] ?? fallback;
}
