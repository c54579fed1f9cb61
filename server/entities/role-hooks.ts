import { StatusCode } from '../../common/protocol';
import { buildPermissionTree, holdsNode, treeIds, withNeeds, type PermissionNode } from '../auth/permission-tree';
import { AppError, fail } from '../errors';
import type { AuthedContext } from '../events/registry';
import type { SchemaSet } from '../schemas/loader';
import type { Queryable, Row } from '../store/db';
import { defineEntityHooks } from './hooks';

/** Built-in roles (ids 1-5) are reference data: nobody edits or deletes them. */
export const isBuiltInRole = (id: unknown) => Number(id) >= 1 && Number(id) <= 5;

/**
 * Checks a permission list (with the needs of its pages added): every id is in the tree, the caller may grant it (holds it themselves),
 * and the role's own tier (`kind`) can hold it — a general-user role never steers robots (spec §6),
 * so `robot:control` is refused for it rather than stored to no effect.
 */
export function checkGrantable(ctx: AuthedContext, tree: PermissionNode[], permissions: unknown, kind?: number): string[] {
  // A ticked page comes with what it needs to show its data (the tree's `needs`).
  const list = withNeeds(tree, Array.isArray(permissions) ? permissions.map(String) : []);
  const ids = treeIds(tree);
  for (const p of list) {
    const ok = ids.has(p) && (kind === undefined || holdsNode({ roleId: kind }, p)) && holdsNode(ctx.session, p);
    if (!ok) throw new AppError(StatusCode.badRequest, 'unknownPermission', { permission: p.slice(0, 64) });
  }
  return list;
}

/** Role rules of roleManage: tiers, built-in roles, grantable permissions, linked users. */
export function registerRoleHooks(opts: { schemas: () => SchemaSet; plugins: () => Parameters<typeof buildPermissionTree>[1] }): void {
  const tree = () => buildPermissionTree(opts.schemas(), opts.plugins());
  defineEntityHooks('role', {
    async beforeCreate(ctx, _tx, values) {
      // A role is never more powerful than its creator's tier.
      if (Number(values.kind) < ctx.session.roleId) throw fail.noPermission();
      if (values.permissions !== undefined) values.permissions = checkGrantable(ctx, tree(), values.permissions, Number(values.kind));
    },
    async beforeUpdate(ctx, _tx: Queryable, values: Row, existing: Row) {
      if (isBuiltInRole(existing.id)) throw new AppError(StatusCode.badRequest, 'builtInRole');
      if (Number(existing.kind) < ctx.session.roleId) throw fail.noPermission();
      if (values.kind !== undefined && Number(values.kind) < ctx.session.roleId) throw fail.noPermission();
      const kind = Number(values.kind ?? existing.kind);
      if (values.permissions !== undefined) values.permissions = checkGrantable(ctx, tree(), values.permissions, kind);
      else if (values.kind !== undefined) checkGrantable(ctx, tree(), existing.permissions, kind);
    },
    async beforeDelete(ctx, tx, existing) {
      if (isBuiltInRole(existing.id)) throw new AppError(StatusCode.badRequest, 'builtInRole');
      if (Number(existing.kind) < ctx.session.roleId) throw fail.noPermission();
      const users = await tx.query('SELECT 1 FROM users WHERE "roleId" = $1 LIMIT 1', [existing.id]);
      if (users.length) throw new AppError(StatusCode.conflict, 'roleHasUsers');
    },
  });
}
