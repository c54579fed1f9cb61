import { StatusCode } from '../../../common/protocol';
import { RobotAction } from '../../../common/robot-actions';
import { actionName } from '../../../common/robot-control';
import { controlEvents } from '../../../common/events/control';
import { visibleCompanyIds } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { RobotCommands } from './robot-commands';

/**
 * Robot control events: robot actions (common/robot-actions), the emergency stop and the initial
 * position. The command goes to the robot over MQTT and the robot's answer decides (accepted, or
 * refused with the reason of spec §4/§8). Offline robots are answered at once. Operators may
 * drive robots (issue 4), so these are audited commands, not data changes.
 */
export function registerControlEvents(reg: EventRegistry, svc: Services, { visibleRobot, control }: RobotCommands): void {
  const send = async (ctx: AuthedContext, robotId: string, action: number, params?: Record<string, unknown>) => {
    const name = actionName(action)!;
    if (action === RobotAction.mediaPlay) {
      const id = params?.mediaId;
      if (typeof id !== 'number') throw new AppError(StatusCode.badRequest, 'required', { field: 'mediaId' });
      const robot = await visibleRobot(ctx, robotId);
      const rows = await svc.db.query<{ name: string; type: string; companyId: number | null }>('SELECT "name", "type", "companyId" FROM media_entries WHERE id = $1', [id]);
      const ids = await visibleCompanyIds(svc.db, ctx.session);
      const media = rows[0];
      if (!media || (media.companyId !== null && media.companyId !== robot.companyId && ids !== null && !ids.includes(media.companyId))) throw new AppError(StatusCode.notFound, 'mediaNotFound');
      params = { mediaId: id, name: media.name, type: media.type };
    }
    if (action === RobotAction.broadcast && typeof params?.text !== 'string') throw new AppError(StatusCode.badRequest, 'required', { field: 'text' });
    if (action === RobotAction.ptz && typeof params?.direction !== 'string') throw new AppError(StatusCode.badRequest, 'required', { field: 'direction' });
    const answer = await control(ctx, robotId, name, action, params);
    return { ...answer, action };
  };


  reg.handle(controlEvents.robotAction, (ctx, p) => send(ctx, p.robotId, p.action, p.params));

  reg.handle(controlEvents.emergencyButton, async (ctx, p) => ({
    ...(await control(ctx, p.robotId, 'emergencyButton', 'emergencyButton', { status: p.status })),
    action: 'emergencyButton' as const,
  }));

  // The map editor's "Set robot's initial position": the robot takes the pose of the map's initial
  // position (kind 104). It relocalises like resetPosition, so it follows that control's rules.
  reg.handle(controlEvents.setInitPosition, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    if (robot.mapId !== p.mapId) throw new AppError(StatusCode.badRequest, 'mapRobotNotOnMap');
    const pose = { mapId: p.mapId, x: p.x, y: p.y, theta: (p.theta * Math.PI) / 180 };
    return { ...(await control(ctx, p.robotId, 'resetPosition', 'setInitPosition', pose)), action: 'setInitPosition' as const };
  });
}
