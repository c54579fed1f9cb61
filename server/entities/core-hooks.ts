import { COMPANY_CREATOR_ROLES, RoleId } from '../../common/access';
import { robotKindFromSerial } from '../../common/robot';
import { StatusCode } from '../../common/protocol';
import { hashPassword } from '../auth/passwords';
import type { SessionStore } from '../auth/sessions';
import { AppError, fail } from '../errors';
import { defineEntityHooks } from './hooks';
import { companyVisible, inCompanyTree } from './scope';
import type { Queryable, Row } from '../store/db';
import type { AuthedContext } from '../events/registry';

/** Spec §5: the mail password is typed twice and both must match; the confirmation is never stored. */
function checkMailPasswords(values: Row): void {
  if ((values.mailPassword ?? '') !== (values.mailPasswordConfirm ?? '')) throw fail.message(StatusCode.badRequest, 'passwordsDiffer');
  delete values.mailPasswordConfirm;
}

/** The tier (kind) of a role id; an unknown role counts as the highest tier, so it is refused. */
export async function roleKindOf(tx: Queryable, roleId: unknown): Promise<number> {
  const row = (await tx.query<{ kind: number }>('SELECT "kind" FROM roles WHERE id = $1', [Number(roleId)]))[0];
  return row?.kind ?? 0;
}

/**
 * Whether the caller may give a user this role: it exists, is not above the caller's tier, and is
 * built-in or a custom role of the caller's company tree.
 */
async function assignableRole(tx: Queryable, session: AuthedContext['session'], roleId: unknown): Promise<boolean> {
  const row = (await tx.query<{ kind: number; companyId: number | null }>('SELECT "kind", "companyId" FROM roles WHERE id = $1', [Number(roleId)]))[0];
  if (!row || row.kind < session.roleId) return false;
  return row.companyId === null || (await companyVisible(tx, session, Number(row.companyId)));
}

/** Business rules of the foundation entities (spec §5/§6) that a schema cannot express. */
export function registerCoreHooks(opts: { companyMaxLayer: number; sessions: SessionStore; onRobotsChanged: () => void; onRobotDeleted?: (robotId: string) => Promise<void> }): void {
  defineEntityHooks('company', {
    async beforeCreate(ctx, tx, values) {
      // Spec §6: only a super admin whose layer is below the maximum layer creates companies.
      const own = (await tx.query<{ layer: number }>('SELECT "layer" FROM companies WHERE id = $1', [ctx.session.companyId]))[0];
      if (!COMPANY_CREATOR_ROLES.includes(ctx.session.roleId) || !own || own.layer >= opts.companyMaxLayer)
        throw fail.message(StatusCode.noPermission, 'companyLayerRule');
      const parentId = values.parentId === undefined || values.parentId === null ? ctx.session.companyId : Number(values.parentId);
      if (!(await companyVisible(tx, ctx.session, parentId))) throw fail.noPermission();
      const parent = (await tx.query<{ layer: number }>('SELECT "layer" FROM companies WHERE id = $1', [parentId]))[0];
      if (!parent) throw fail.notFound();
      if (parent.layer + 1 > opts.companyMaxLayer) throw fail.message(StatusCode.badRequest, 'companyMaxLayer', { limit: opts.companyMaxLayer });
      values.parentId = parentId;
      values.layer = parent.layer + 1;
      checkMailPasswords(values);
    },
    async beforeUpdate(ctx, tx, values, existing) {
      if (values.parentId !== undefined && values.parentId !== existing.parentId) {
        // Moving a company in the tree is not offered yet: it would re-layer the subtree.
        throw fail.badRequest('parentId');
      }
      checkMailPasswords(values);
      void ctx;
      void tx;
    },
    async beforeDelete(ctx, tx, existing) {
      if (Number(existing.id) === ctx.session.companyId) throw fail.noPermission();
      const children = await tx.query('SELECT 1 FROM companies WHERE "parentId" = $1 LIMIT 1', [existing.id]);
      if (children.length) throw fail.message(StatusCode.conflict, 'companyHasChildren');
      const used = await tx.query(
        'SELECT 1 FROM users WHERE "companyId" = $1 UNION ALL SELECT 1 FROM robots WHERE "companyId" = $1 LIMIT 1',
        [existing.id],
      );
      if (used.length) throw fail.message(StatusCode.conflict, 'companyHasUsers');
    },
  });

  defineEntityHooks('user', {
    async beforeCreate(ctx, tx, values) {
      // Nobody creates a user with more rights than their own.
      if (!(await assignableRole(tx, ctx.session, values.roleId))) throw fail.noPermission();
      values.passwordHash = await hashPassword(String(values.password));
      delete values.password;
    },
    async beforeUpdate(ctx, tx, values, existing) {
      const self = Number(existing.id) === ctx.session.userId;
      if (ctx.session.roleId === RoleId.generalUser && !self) throw fail.noPermission();
      if (self && ((values.roleId !== undefined && values.roleId !== existing.roleId) || (values.companyId !== undefined && values.companyId !== existing.companyId)))
        throw fail.noPermission();
      if (!self && (await roleKindOf(tx, existing.roleId)) < ctx.session.roleId) throw fail.noPermission();
      if (values.roleId !== undefined && values.roleId !== existing.roleId && !(await assignableRole(tx, ctx.session, values.roleId))) throw fail.noPermission();
      if (values.password !== undefined) {
        values.passwordHash = await hashPassword(String(values.password));
        delete values.password;
        // A new password ends the user's other sessions.
        await opts.sessions.revokeUser(Number(existing.id), { except: ctx.session.tokenHash, tx });
      }
    },
    async beforeDelete(ctx, tx, existing) {
      if (Number(existing.id) === ctx.session.userId) throw fail.noPermission();
      if ((await roleKindOf(tx, existing.roleId)) < ctx.session.roleId) throw fail.noPermission();
    },
    async afterWrite(_ctx, kind, row) {
      if (kind === 'delete') await opts.sessions.revokeUser(Number(row.id));
    },
  });

  /** A robot stands only on a map of its company tree; moving it to another company is the explicit transfer, and its map must follow (issue 22). */
  async function checkRobotMap(tx: Queryable, values: Row, existing?: Row): Promise<void> {
    const mapId = values.mapId !== undefined ? values.mapId : existing?.mapId;
    if (mapId === undefined || mapId === null) return;
    const company = Number(values.companyId ?? existing?.companyId);
    const m = (await tx.query<{ companyId: number }>('SELECT "companyId" FROM maps WHERE id = $1', [mapId]))[0];
    if (!m) throw new AppError(StatusCode.badRequest, 'mapNotFound');
    if (!(await inCompanyTree(tx, company, Number(m.companyId)))) throw new AppError(StatusCode.badRequest, 'mapOutsideRobotCompany');
  }

  /** Spec §3 (issue 20): a robot's building is one of its company tree's buildings, and its floor one of that building's floors. */
  async function checkRobotBuilding(tx: Queryable, values: Row, existing?: Row): Promise<void> {
    const buildingId = values.buildingId !== undefined ? values.buildingId : existing?.buildingId;
    if (buildingId === undefined || buildingId === null) return;
    const company = Number(values.companyId ?? existing?.companyId);
    const b = (await tx.query<{ companyId: number; floors: number }>('SELECT "companyId", "floors" FROM buildings WHERE id = $1', [buildingId]))[0];
    if (!b || !(await inCompanyTree(tx, company, Number(b.companyId)))) throw new AppError(StatusCode.badRequest, 'buildingNotFound');
    const floor = values.floor !== undefined ? values.floor : existing?.floor;
    if (floor !== undefined && floor !== null && Number(floor) > Number(b.floors)) throw new AppError(StatusCode.badRequest, 'robotFloorOutsideBuilding', { floors: Number(b.floors) });
  }

  defineEntityHooks('robot', {
    async beforeCreate(_ctx, tx, values) {
      values.robotId = String(values.robotId).toUpperCase();
      values.robotType = robotKindFromSerial(String(values.robotId));
      await checkRobotMap(tx, values);
      await checkRobotBuilding(tx, values);
    },
    async beforeUpdate(_ctx, tx, values, existing) {
      if (values.mapId !== undefined || values.companyId !== undefined) await checkRobotMap(tx, values, existing);
      if (values.buildingId !== undefined || values.floor !== undefined || values.companyId !== undefined) await checkRobotBuilding(tx, values, existing);
    },
    async afterWrite(_ctx, kind, row) {
      // Issue 18: a deleted robot's MQTT account goes with it.
      if (kind === 'delete' && opts.onRobotDeleted) await opts.onRobotDeleted(String(row.robotId));
      opts.onRobotsChanged();
    },
  });
}
