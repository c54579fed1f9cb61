/**
 * Spec §2: "feature availability follows the robot types a company provides: static robots lack
 * navigation, energy, map management, chassis, charge monitoring and terminal". A company tree
 * whose robot types (the types it declares and the types of its robots) are all static (4) is
 * refused the events of those features (common/access STATIC_LACKING_EVENTS); the console hides
 * and blocks the matching pages (session `staticOnly`). A mixed company keeps them: there each
 * robot command is judged by the selected robot's kind (docs/protocol.md "Static robots").
 */
import { staticOnlyTypes } from '../../common/access';
import type { Queryable } from '../store/db';

/** The robot types of a company tree: declared (companies.robotTypes) and of its robots. */
export async function companyTreeRobotTypes(db: Queryable, companyId: number): Promise<number[]> {
  const rows = await db.query<{ t: number }>(
    `WITH RECURSIVE tree(id) AS (SELECT $1::bigint UNION ALL SELECT c.id FROM companies c JOIN tree ON c."parentId" = tree.id)
     SELECT DISTINCT "robotType"::int AS t FROM robots WHERE "companyId" IN (SELECT id FROM tree)
     UNION
     SELECT DISTINCT (jsonb_array_elements_text(COALESCE(c."robotTypes", '[]'::jsonb)))::int AS t FROM companies c WHERE c.id IN (SELECT id FROM tree)`,
    [companyId],
  );
  return rows.map((r) => Number(r.t)).sort((a, b) => a - b);
}

/** Whether every robot type of a company tree is static (and it has at least one). */
export async function isStaticOnlyCompany(db: Queryable, companyId: number): Promise<boolean> {
  return staticOnlyTypes(await companyTreeRobotTypes(db, companyId));
}
