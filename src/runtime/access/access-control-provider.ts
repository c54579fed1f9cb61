/**
 * refine AccessControlProvider: route guards of spec §6 for pages and menus, and
 * `resource:action` permissions (common/access `roleCan`) for buttons. The server
 * enforces the same rules; this only hides what would be refused.
 */
import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { canOpenRoute, subjectCan, type AccessSubject } from '@common/access';

/** CRUD permission names of a resource (an entity schema's `x-access`). */
export interface ResourcePermissions {
  read?: string;
  create?: string;
  update?: string;
  delete?: string;
  [action: string]: string | undefined;
}

/** What the provider knows about one resource. */
export interface ResourceAccessInfo {
  route?: string;
  permissions?: ResourcePermissions;
  /** The x-access slots the resource offers at all (its x-api bindings); absent means all. */
  offered?: (keyof ResourcePermissions)[];
}

/** Dependencies of the access control provider. */
export interface AccessControlDeps {
  getSubject: () => AccessSubject | undefined;
  describeResource: (name: string) => ResourceAccessInfo | undefined;
}

// refine's action names → the permission slot of x-access.
const ACTION_SLOT: Record<string, keyof ResourcePermissions> = {
  list: 'read',
  show: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** Decides one `can` question (exported for tests and for code outside refine). */
export function decideCan(deps: AccessControlDeps, { resource, action, params }: CanParams): CanReturnType {
  const subject = deps.getSubject();
  if (!subject) return { can: false, reason: 'not-logged-in' };
  const info = resource ? deps.describeResource(resource) : undefined;
  // Route-level questions: "may this page be opened / shown in the menu?"
  if (action === 'open' || action === 'list' || action === 'show') {
    const path = (params?.path as string | undefined) ?? info?.route;
    if (path && !canOpenRoute(subject, path)) return { can: false, reason: 'route-blocked' };
    // Opening a page is a route question; reading needs x-access.read only when declared.
    if (action === 'open' || !info?.permissions?.read) return { can: true };
  }
  // The resource's own permission name for the action (x-access), else `resource:action`.
  const slot = ACTION_SLOT[action];
  // A read-only entity (no create/update/delete binding) offers no such button to anyone.
  if (slot && info?.offered && !info.offered.includes(slot)) return { can: false, reason: 'not-offered' };
  const permission = (slot ? info?.permissions?.[slot] : info?.permissions?.[action]) ?? (resource ? `${resource}:${action}` : undefined);
  if (!permission) return { can: true };
  return subjectCan(subject, permission) ? { can: true } : { can: false, reason: `missing ${permission}` };
}

/** Builds the console's AccessControlProvider. */
export function createAccessControlProvider(deps: AccessControlDeps): AccessControlProvider {
  return {
    can: async (params) => decideCan(deps, params),
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
