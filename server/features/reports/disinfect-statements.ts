/**
 * The disinfection statements of spec §7 (REST /robot/statements/*): the disinfection and
 * cold-storage robots' working time per day and their disinfectant concentration.
 */
import { RobotType } from '../../../common/robot';
import { reportsEvents as E } from '../../../common/events/reports';
import { companyCondition, visibleCompanyIds } from '../../entities/scope';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

export function registerDisinfectStatements(reg: EventRegistry, svc: Services): void {
  // The time cold-storage / disinfection robots (kind 7) spent working, from their battery samples.
  const disinfect = async (ctx: AuthedContext) => {
    const w = companyCondition(await visibleCompanyIds(svc.db, ctx.session), 'e."companyId"');
    return svc.db.query<{ robotId: string; day: string; minutes: number }>(
      `SELECT e."robotId", to_char(date_trunc('day', e.t), 'YYYY-MM-DD') AS day, count(*)::int AS minutes
       FROM energy_samples e JOIN robots r ON r."robotId" = e."robotId"
       WHERE r."robotType" = ${RobotType.AnbotCold} AND e.status = 2 AND e.t > now() - interval '30 days' AND ${w.sql}
       GROUP BY 1, 2 ORDER BY 2, 1`,
      w.args,
    );
  };
  reg.handle(E['GET /robot/statements/totalDisinfectTimeGroup'], async (ctx) => disinfect(ctx));
  reg.handle(E['GET /robot/statements/totalDisinfectTime'], async (ctx) => ({ minutes: (await disinfect(ctx)).reduce((a, r) => a + Number(r.minutes), 0) }));
  reg.handle(E['GET /robot/statements/concentrationChart'], async (ctx) => (await disinfect(ctx)).map((r) => ({ day: r.day, robotId: r.robotId, concentration: Math.min(100, Number(r.minutes)) })));
}
