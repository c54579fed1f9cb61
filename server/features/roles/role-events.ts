import { StatusCode } from '../../../common/protocol';
import { rolesEvents } from '../../../common/events/roles';
import { buildPermissionTree, holdsNode, readPluginManifests, treeForKind } from '../../auth/permission-tree';
import { bumpTable, listEntity } from '../../entities/crud';
import { roleKindOf } from '../../entities/core-hooks';
import { checkGrantable, isBuiltInRole } from '../../entities/role-hooks';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError, fail } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/** roleManage's REST calls of spec §7 beyond list/create/update/delete (which the role schema binds). */
export function registerRoleEvents(reg: EventRegistry, svc: Services, pluginsDir: string): void {
  // The plugins' manifests are part of the build: read once, not on every call.
  const manifests = readPluginManifests(pluginsDir);
  const tree = () => buildPermissionTree(svc.schemas, manifests);
  /** The role if the caller may see it (built-in or in their company tree). */
  const visibleRole = async (ctx: AuthedContext, roleId: number) => {
    const role = (await listEntity(ctx, svc.schemas.entities.get('role')!, { id: roleId, pageSize: 1 })).list[0];
    if (!role) throw fail.notFound();
    return role;
  };

  // With `kind` (the role editor's tier), only what such a role may hold and the caller may grant.
  reg.handle(rolesEvents['GET /robot/permission/tree'], async (c, p) =>
    p.kind === undefined
      ? tree()
      : treeForKind(tree(), Number(p.kind), (id) => holdsNode(c.session, id)),
  );

  reg.handle(rolesEvents['GET /robot/permission/getAssociatedItemIds'], async (ctx, p) => ((await visibleRole(ctx, Number(p.roleId))).permissions as string[] | null) ?? []);

  reg.handle(rolesEvents['POST /robot/permission/relRole'], async (c, p) => {
    const role = await visibleRole(c, p.roleId);
    if (isBuiltInRole(role.id)) throw new AppError(StatusCode.badRequest, 'builtInRole');
    if (Number(role.kind) < c.session.roleId) throw fail.noPermission();
    c.before = { permissions: role.permissions };
    const permissions = checkGrantable(c, tree(), p.permissionIds, Number(role.kind));
    await svc.db.query('UPDATE roles SET "permissions" = $1, "updatedAt" = now() WHERE id = $2', [JSON.stringify(permissions), p.roleId]);
    bumpTable('roles');
    return { roleId: p.roleId, permissions };
  });

  reg.handle(rolesEvents['GET /robot/authRole/getAssociatedUserId'], async (c, p) => {
    await visibleRole(c, Number(p.roleId));
    const ids = await visibleCompanyIds(svc.db, c.session);
    const rows = await svc.db.query<{ id: number }>(
      `SELECT id FROM users WHERE "roleId" = $1 ${ids === null ? '' : 'AND "companyId" = ANY($2::bigint[])'} ORDER BY id`,
      ids === null ? [Number(p.roleId)] : [Number(p.roleId), ids],
    );
    return rows.map((r) => r.id);
  });

  reg.handle(rolesEvents['POST /robot/authRole/relUser'], async (c, p) => {
    const role = await visibleRole(c, p.roleId);
    if (Number(role.kind) < c.session.roleId) throw fail.noPermission();
    const ids = await visibleCompanyIds(svc.db, c.session);
    const answer = await svc.db.transaction(async (tx) => {
      for (const userId of p.userIds) {
        const user = (await tx.query<{ roleId: number; companyId: number }>('SELECT "roleId", "companyId" FROM users WHERE id = $1', [userId]))[0];
        if (!user || (ids !== null && !ids.includes(user.companyId))) throw fail.notFound();
        if (userId === c.session.userId || (await roleKindOf(tx, user.roleId)) < c.session.roleId) throw fail.noPermission();
        await tx.query('UPDATE users SET "roleId" = $1, "updatedAt" = now() WHERE id = $2', [p.roleId, userId]);
      }
      bumpTable('users');
      return { roleId: p.roleId, userIds: p.userIds };
    });
    // New rights take effect at the next login: the users' sessions end on every replica.
    for (const userId of p.userIds) await svc.sessions.revokeUser(userId);
    return answer;
  });
}
