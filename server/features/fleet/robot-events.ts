import { StatusCode } from '../../../common/protocol';
import { ENVIRONMENT_MODULES } from '../../../common/constants';
import { fleetEvents } from '../../../common/events/fleet';
import { bumpTable, listEntity } from '../../entities/crud';
import { companyVisible } from '../../entities/scope';
import { AppError, fail } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';

/** robotManage events beyond CRUD (spec §7 Robot admin): company binding and function configuration. */
export function registerRobotEvents(reg: EventRegistry, svc: Services): void {
  const findRobot = async (ctx: AuthedContext, robotId: string) => {
    const robot = (await listEntity(ctx, svc.schemas.entities.get('robot')!, { robotId, pageSize: 2 })).list.find((r) => r.robotId === robotId);
    if (!robot) throw new AppError(StatusCode.notFound, 'robotNotFound');
    return robot;
  };

  reg.handle(fleetEvents.modifyRobotCompany, async (c, p) => {
    const robot = await findRobot(c, p.robotId);
    if (!(await companyVisible(svc.db, c.session, p.companyId))) throw fail.noPermission();
    c.before = { companyId: robot.companyId };
    // A robot bound to another company leaves its map (maps belong to companies).
    await svc.db.query('UPDATE robots SET "companyId" = $1, "mapId" = CASE WHEN "companyId" = $1 THEN "mapId" ELSE NULL END, "updatedAt" = now() WHERE "robotId" = $2', [
      p.companyId,
      p.robotId,
    ]);
    bumpTable('robots');
    await svc.robotsChanged();
    return { robotId: p.robotId, companyId: p.companyId };
  });

  reg.handle(fleetEvents.resetRobotCredentials, async (c, p) => {
    const robot = await findRobot(c, p.robotId);
    const issued = await svc.robotCredentials.issue(String(robot.robotId));
    return { robotId: issued.username, username: issued.username, password: issued.password };
  });

  reg.handle(fleetEvents.getRobotFuncConfig, async (ctx, p) => {
    const robot = await findRobot(ctx, p.robotId);
    const own = (robot.modules as string[] | null) ?? [];
    const template = robot.funcTemplateId
      ? (await svc.db.query<{ modules: string[] | null; name: string }>('SELECT "modules", "name" FROM ent_robot_func_template WHERE id = $1', [robot.funcTemplateId]))[0]
      : undefined;
    const modules = [...new Set([...own, ...(template?.modules ?? [])])];
    return {
      robotId: p.robotId,
      template: template?.name ?? null,
      modules,
      // Spec §3: the six gas and climate sensors together make the environment-detection flag.
      environmentDetection: ENVIRONMENT_MODULES.some((m) => modules.includes(m)),
      infraredType: (robot.infraredType as number | null | undefined) ?? 0,
    };
  });
}
