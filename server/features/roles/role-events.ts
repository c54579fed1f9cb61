import { StatusCode } from '../../common/protocol';
import { buildPermissionTree, readPluginManifests } from '../auth/permission-tree';
import { bumpTable, listEntity } from '../entities/crud';
import { roleKindOf } from '../entities/core-hooks';
import { checkGrantable, isBuiltInRole } from '../entities/role-hooks';
import { visibleCompanyIds } from '../entities/scope';
import { AppError, fail } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Services } from '../services';
import type { AuthedContext, EventRegistry } from './registry';

const ajv = createAjv();
const byRole = ajv.compile({ type: 'object', required: ['roleId'], properties: { roleId: { type: ['integer', 'string'], pattern: '^\\d+$' } } });
const relUser = ajv.compile({
  type: 'object',
  required: ['roleId', 'userIds'],
  properties: { roleId: { type: 'integer' }, userIds: { type: 'array', maxItems: 1000, items: { type: 'integer' } } },
  additionalProperties: false,
});
const relRole = ajv.compile({
  type: 'object',
  required: ['roleId', 'permissionIds'],
  properties: { roleId: { type: 'integer' }, permissionIds: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', maxLength: 64 } } },
  additionalProperties: false,
});

/** roleManage's REST calls of spec §7 beyond list/create/update/delete (which the role schema binds). */
export function registerRoleEvents(reg: EventRegistry, svc: Services, pluginsDir: string): void {
  const tree = () => buildPermissionTree(svc.schemas, readPluginManifests(pluginsDir));
  /** The role if the caller may see it (built-in or in their company tree). */
  const visibleRole = async (ctx: AuthedContext, roleId: number) => {
    const role = (await listEntity(ctx, svc.schemas.entities.get('role')!, { id: roleId, pageSize: 1 })).list[0];
    if (!role) throw fail.notFound();
    return role;
  };

  reg.register({
    name: 'GET /robot/permission/tree',
    access: { kind: 'permission', permission: 'role:read' },
    mutating: false,
    handler: async () => tree(),
  });

  reg.register<{ roleId: string | number }>({
    name: 'GET /robot/permission/getAssociatedItemIds',
    access: { kind: 'permission', permission: 'role:read' },
    mutating: false,
    validate: byRole,
    handler: async (ctx, p) => (await visibleRole(ctx as AuthedContext, Number(p.roleId))).permissions ?? [],
  });

  reg.register<{ roleId: number; permissionIds: string[] }>({
    name: 'POST /robot/permission/relRole',
    access: { kind: 'permission', permission: 'role:update' },
    mutating: true,
    validate: relRole,
    handler: async (ctx, p) => {
      const c = ctx as AuthedContext;
      const role = await visibleRole(c, p.roleId);
      if (isBuiltInRole(role.id)) throw new AppError(StatusCode.badRequest, 'builtInRole');
      if (Number(role.kind) < c.session.roleId) throw fail.noPermission();
      c.before = { permissions: role.permissions };
      const permissions = checkGrantable(c, tree(), p.permissionIds);
      await svc.db.query('UPDATE roles SET "permissions" = $1, "updatedAt" = now() WHERE id = $2', [JSON.stringify(permissions), p.roleId]);
      bumpTable('roles');
      return { roleId: p.roleId, permissions };
    },
  });

  reg.register<{ roleId: string | number }>({
    name: 'GET /robot/authRole/getAssociatedUserId',
    access: { kind: 'permission', permission: 'role:read' },
    mutating: false,
    validate: byRole,
    handler: async (ctx, p) => {
      const c = ctx as AuthedContext;
      await visibleRole(c, Number(p.roleId));
      const ids = await visibleCompanyIds(svc.db, c.session);
      const rows = await svc.db.query<{ id: number }>(
        `SELECT id FROM users WHERE "roleId" = $1 ${ids === null ? '' : 'AND "companyId" = ANY($2::bigint[])'} ORDER BY id`,
        ids === null ? [Number(p.roleId)] : [Number(p.roleId), ids],
      );
      return rows.map((r) => r.id);
    },
  });

  reg.register<{ roleId: number; userIds: number[] }>({
    name: 'POST /robot/authRole/relUser',
    access: { kind: 'permission', permission: 'role:update' },
    mutating: true,
    validate: relUser,
    handler: async (ctx, p) => {
      const c = ctx as AuthedContext;
      const role = await visibleRole(c, p.roleId);
      if (Number(role.kind) < c.session.roleId) throw fail.noPermission();
      const ids = await visibleCompanyIds(svc.db, c.session);
      return svc.db.transaction(async (tx) => {
        for (const userId of p.userIds) {
          const user = (await tx.query<{ roleId: number; companyId: number }>('SELECT "roleId", "companyId" FROM users WHERE id = $1', [userId]))[0];
          if (!user || (ids !== null && !ids.includes(user.companyId))) throw fail.notFound();
          if (userId === c.session.userId || (await roleKindOf(tx, user.roleId)) < c.session.roleId) throw fail.noPermission();
          await tx.query('UPDATE users SET "roleId" = $1, "updatedAt" = now() WHERE id = $2', [p.roleId, userId]);
          await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]); // new rights take effect at next login
        }
        bumpTable('users');
        return { roleId: p.roleId, userIds: p.userIds };
      });
    },
  });
}
