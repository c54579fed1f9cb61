import { RoleId } from '../../common/access';
import type { Queryable } from '../store/db';
import type { Session } from '../auth/sessions';
import { StatusCode } from '../../common/protocol';
import { AppError } from '../errors';

/** Company ids a caller may see: null means all (super and platform admins), else own company and descendants. */
export async function visibleCompanyIds(db: Queryable, session: Session): Promise<number[] | null> {
  if (session.roleId === RoleId.superAdmin || session.roleId === RoleId.platformAdmin) return null;
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE tree(id) AS (SELECT id FROM companies WHERE id = $1
       UNION ALL SELECT c.id FROM companies c JOIN tree t ON c."parentId" = t.id)
     SELECT id FROM tree`,
    [session.companyId],
  );
  return rows.map((r) => r.id);
}

/** Whether `companyId` is `rootId` or one of its subsidiaries (references never cross company trees, issue 22). */
export async function inCompanyTree(db: Queryable, rootId: number, companyId: number): Promise<boolean> {
  if (Number(rootId) === Number(companyId)) return true;
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE up(id, "parentId") AS (SELECT id, "parentId" FROM companies WHERE id = $1
       UNION ALL SELECT c.id, c."parentId" FROM companies c JOIN up u ON c.id = u."parentId")
     SELECT id FROM up WHERE id = $2`,
    [companyId, rootId],
  );
  return rows.length > 0;
}

/** Whether a company id is in the caller's scope. */
export async function companyVisible(db: Queryable, session: Session, companyId: number): Promise<boolean> {
  const ids = await visibleCompanyIds(db, session);
  return ids === null || ids.includes(companyId);
}

/**
 * The fleet's live robot of that id when the caller's company tree holds it; otherwise "Robot not found" (404).
 * `scope`: the caller's visibleCompanyIds already asked for (a call about many robots asks once).
 */
export async function visibleRobot<R extends { companyId: number }>(db: Queryable, session: Session, robot: R | undefined, scope?: Promise<number[] | null>): Promise<R> {
  const ids = await (scope ?? visibleCompanyIds(db, session));
  if (!robot || (ids !== null && !ids.includes(robot.companyId))) throw new AppError(StatusCode.notFound, 'robotNotFound');
  return robot;
}

/** An SQL condition that keeps `col` to the companies `ids` (null: every company), its argument numbered `$from`. */
export function companyCondition(ids: number[] | null, col: string, from = 1): { sql: string; args: unknown[] } {
  return ids === null ? { sql: 'TRUE', args: [] } : { sql: `${col} = ANY($${from})`, args: [ids] };
}

/** A positive whole number from a query value, else `fallback` (REST paging arguments). */
export const positiveInt = (v: unknown, fallback: number): number => (Number.isFinite(Number(v)) && Number(v) > 0 ? Math.floor(Number(v)) : fallback);
