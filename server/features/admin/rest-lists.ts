/** Issue 20 REST paths of spec §7 held by administration: the users of the caller's companies and the device groups with their robots. */
import { StatusCode } from '../../../common/protocol';
import { adminEvents as E } from '../../../common/events/admin';
import { companyCondition, positiveInt, visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

export function registerAdminRestLists(reg: EventRegistry, svc: Services): void {
  const companies = (ctx: AuthedContext) => visibleCompanyIds(svc.db, ctx.session);

  reg.handle(E['GET /robot/user/list'], async (ctx, p) => {
    const w = companyCondition(await companies(ctx), '"companyId"');
    const size = Math.min(positiveInt(p.pageSize, 10), 100);
    const list = await svc.db.query(
      `SELECT id, username, name, "roleId", "companyId", email, enabled FROM users WHERE ${w.sql} ORDER BY id LIMIT ${size} OFFSET ${(positiveInt(p.pageNum, 1) - 1) * size}`,
      w.args,
    );
    const total = (await svc.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${w.sql}`, w.args))[0]!.n;
    return { list, total };
  });
  reg.handle(E['GET /authority/deviceGroup/list'], async (ctx) => {
    const w = companyCondition(await companies(ctx), '"companyId"');
    return svc.db.query(`SELECT id, name, "companyId", "robotIds" FROM robot_groups WHERE ${w.sql} ORDER BY id`, w.args);
  });
  reg.handle(E['GET /authority/deviceGroup/devices'], async (ctx, p) => {
    const w = companyCondition(await companies(ctx), 'g."companyId"', 2);
    const g = (await svc.db.query<{ robotIds: string[] }>(`SELECT "robotIds" FROM robot_groups g WHERE id = $1 AND ${w.sql}`, [positiveInt(p.groupId, 0), ...w.args]))[0];
    if (!g) throw new AppError(StatusCode.notFound, 'notFound');
    return svc.db.query('SELECT "robotId", "robotName", "robotType", online FROM robots WHERE "robotId" = ANY($1) ORDER BY "robotId"', [g.robotIds]);
  });
}
