/**
 * Role rules of spec §6, evaluated the same way by the console (route guards, menus,
 * buttons) and the server (every event and REST route). Data lives in schemas/access.
 */
import guards from '../schemas/access/route-guards.json';
import roles from '../schemas/access/roles.json';

/** Role ids (spec §3). */
export const RoleId = { superAdmin: 1, platformAdmin: 2, enterpriseSuperAdmin: 3, enterpriseAdmin: 4, generalUser: 5 } as const;

/** The part of a session the rules need. */
export interface AccessSubject {
  roleId: number;
  companyId?: number;
  menuItemList?: string[];
  /** A custom role's permission-tree ids; when non-empty they narrow the tier's grants. */
  permissions?: string[];
  /** The company tree's robots are all static (spec §2): the pages of STATIC_LACKING_ROUTES are closed. */
  staticOnly?: boolean;
}

/** Robot type number of a static robot (spec §3, common/robot RobotType.staticRobot). */
const STATIC_ROBOT = 4;

/**
 * Spec §2: static robots lack navigation, energy, map management, chassis, charge monitoring and
 * terminal. For a company whose robots are all static these pages are not in the menu and open
 * /404 by URL (navigation records and the map editor belong to navigation and map management).
 */
export const STATIC_LACKING_ROUTES: readonly string[] = ['navigation', 'naviRecord', 'energyConsumption', 'mapManage', 'mapEditor', 'chassisMonitoring', 'chargeMonitoring', 'terminal'];

/**
 * The events of those features the server refuses for such a company ('staticRobotsLack').
 * Reading a map (getMapById, getMapElements, forbiddenZoneQuery, queryBuildings) stays: the
 * telecontrol page shows a static robot on its map.
 */
export const STATIC_LACKING_EVENTS: ReadonlySet<string> = new Set([
  // navigation: patrol tasks and their runs
  'queryNaviTask', 'addNaviTask', 'modifyNaviTask', 'deleteNaviTask', 'navigationStart', 'navigationImmediately', 'navigationStop',
  // map management
  'queryMap', 'GET /robot/map/list', 'modifyMap', 'deleteMap', 'mapDown', 'saveMapElements', 'copyPathways', 'addBuilding', 'modifyBuilding', 'deleteBuilding',
  // energy
  'getEnergyConsumption',
  // terminal
  'terminalOpen', 'terminalExec', 'terminalClose', 'terminalSharing',
]);

/** Whether a set of robot types is static only (at least one type, all of them static). */
export function staticOnlyTypes(types: readonly number[]): boolean {
  return types.length > 0 && types.every((t) => t === STATIC_ROBOT);
}

/** Whether a subject holds a permission: the tier grants it and a custom role's list (if any) holds it. */
export function subjectCan(subject: AccessSubject, permission: string): boolean {
  if (!roleCan(subject.roleId, permission)) return false;
  return !subject.permissions?.length || subject.permissions.includes(permission);
}

function matches(pattern: string, permission: string): boolean {
  const p = pattern.split(':');
  const q = permission.split(':');
  return p.every((part, i) => part === '*' || part === q[i]) && (p.length === q.length || p[p.length - 1] === '*');
}

/** Whether a role holds a `resource:action` permission (denies win over grants). */
export function roleCan(roleId: number, permission: string): boolean {
  const rule = (roles.roles as Record<string, { grants: string[]; denies: string[] }>)[String(roleId)];
  if (!rule) return false;
  if (rule.denies.some((d) => matches(d, permission))) return false;
  return rule.grants.some((g) => matches(g, permission));
}

/** Spec §6: general users are refused every call that changes data or commands a robot (those carrying a userId) except this list. */
export function generalUserMayCall(event: string): boolean {
  return roles.generalUserEvents.includes(event);
}

/** Roles allowed to create companies (further limited by company layer). */
export const COMPANY_CREATOR_ROLES: readonly number[] = roles.companyCreators;

/** The route name a path is guarded by: its last segment, or the area for /trackrobot/*. */
export function routeNameOf(path: string): string {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  const parts = clean.split('/').filter(Boolean);
  if (parts[0] === 'trackrobot') return 'trackrobot';
  const last = parts[parts.length - 1] ?? '';
  return (guards.aliases as Record<string, string>)[last] ?? last;
}

/** Route names blocked for a role by the blocklists (ignores menuItemList). */
export function blockedRoutes(roleId: number, companyId?: number): Set<string> {
  const tiers = (guards.roleTiers as Record<string, string[]>)[String(roleId)];
  if (!tiers) return new Set(['*']);
  const blocked = new Set<string>();
  for (const tier of tiers) for (const r of (guards.blocked as Record<string, string[]>)[tier] ?? []) blocked.add(r);
  const named = guards.namedCustomer;
  if (companyId !== undefined && named.companyIds.includes(companyId as never)) {
    for (const r of named.disabledFeatures) blocked.add(r);
    if (tiers.includes('enterprise')) for (const r of named.enterpriseBlocked) blocked.add(r);
  }
  return blocked;
}

/** Whether a logged-in subject may open a route (spec §6: a non-empty menuItemList governs). */
export function canOpenRoute(subject: AccessSubject, path: string): boolean {
  const name = routeNameOf(path);
  if (name === '' || name === 'home' || name === '404' || name === '500') return true;
  if (subject.staticOnly && STATIC_LACKING_ROUTES.includes(name)) return false;
  if (subject.menuItemList && subject.menuItemList.length > 0) return subject.menuItemList.includes(name);
  const blocked = blockedRoutes(subject.roleId, subject.companyId);
  return !blocked.has('*') && !blocked.has(name);
}

/** Whether an anonymous visitor may open a route (token in the URL query opens two pages). */
export function canOpenRouteAnonymously(path: string, hasQueryToken: boolean): boolean {
  const name = routeNameOf(path);
  if ((guards.public as string[]).includes(name)) return true;
  return hasQueryToken && (guards.publicWithQueryToken as string[]).includes(name);
}
