/**
 * roleManage's REST calls of spec §7 beyond list/create/update/delete (which the role schema
 * binds in `x-api`): the permission tree, a role's permissions and a role's users.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { Json } from './schema';

/** A permission of the tree (`resource:action`), or a menu entry without permissions of its own. */
const PermissionLeafSchema = Type.Object({
  id: Type.String(),
  labels: Type.Record(Type.String(), Type.String()),
  group: Type.Optional(Type.String()),
});

/** One node of the role permission tree: a menu entry (`menu:<route>`) with the permissions of its screen. */
export const PermissionNodeSchema = Type.Composite([
  PermissionLeafSchema,
  Type.Object({
    children: Type.Optional(Type.Array(PermissionLeafSchema)),
    needs: Type.Optional(Type.Array(Type.String(), { description: 'What the page needs to show its data: granted with the page (a ticked page is a page that works).' })),
  }),
]);
export type PermissionNode = Static<typeof PermissionNodeSchema>;

/** A role id, as a number or (from a query string) digits. */
const ByRole = Json<{ roleId: number | string }>({ type: 'object', required: ['roleId'], properties: { roleId: { type: ['integer', 'string'], pattern: '^\\d+$' } } });

export const rolesEvents = defineEvents('roles', {
  'GET /robot/permission/tree': {
    summary: 'The permission tree: every schema screen and plugin menu entry, each with its permissions; with `kind`, only what a role of that tier may hold and the caller may grant.',
    access: can('role:read'),
    mutating: false,
    param: Type.Object({ kind: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 5 }), Type.String({ pattern: '^[1-5]$' })])) }, { additionalProperties: false }),
    answer: Type.Array(PermissionNodeSchema),
  },
  'GET /robot/permission/getAssociatedItemIds': {
    summary: 'The permission ids granted to a role.',
    access: can('role:read'),
    mutating: false,
    param: ByRole,
    answer: Type.Array(Type.String()),
  },
  'POST /robot/permission/relRole': {
    summary: 'Sets the permissions of a custom role (only ones the caller may grant).',
    access: can('role:update'),
    mutating: true,
    param: Type.Object(
      { roleId: Type.Integer(), permissionIds: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    answer: Type.Object({ roleId: Type.Integer(), permissions: Type.Array(Type.String()) }),
  },
  'GET /robot/authRole/getAssociatedUserId': {
    summary: 'The ids of the users of a role in the caller’s company tree.',
    access: can('role:read'),
    mutating: false,
    param: ByRole,
    answer: Type.Array(Type.Integer()),
  },
  'POST /robot/authRole/relUser': {
    summary: 'Gives users a role; their sessions end so the new rights apply at their next login.',
    access: can('role:update'),
    mutating: true,
    param: Type.Object({ roleId: Type.Integer(), userIds: Type.Array(Type.Integer(), { maxItems: 1000 }) }, { additionalProperties: false }),
    answer: Type.Object({ roleId: Type.Integer(), userIds: Type.Array(Type.Integer()) }),
  },
});
