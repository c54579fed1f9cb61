import { StatusCode } from '../../../common/protocol';
import { RobotAction } from '../../../common/robot-actions';
import { actionName, controlBlock, EMERGENCY_STOP_STATUS, robotOffers } from '../../../common/robot-control';
import { RobotType } from '../../../common/robot';
import { MapElementKind } from '../../../common/map';
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
export function registerControlEvents(reg: EventRegistry, svc: Services, { visibleRobot, control, command }: RobotCommands): void {
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
    if (action === RobotAction.goCharge) await needsChargingPile(ctx, robotId);
    const answer = await control(ctx, robotId, name, action, params);
    return { ...answer, action };
  };

  /**
   * Spec §8 "no charger set": go-charge is refused for a robot whose map has no charging pile
   * (map element kind 102) — checked here from the map's data, not left to the robot. The checks
   * the robot's state decides first (online, kind, emergency stop, charging) keep their messages.
   */
  const needsChargingPile = async (ctx: AuthedContext, robotId: string) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online || !robotOffers(robot.robotType, 'goCharge') || controlBlock('goCharge', robot)) return;
    const piles = await svc.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM map_elements e JOIN robots r ON r."mapId" = e."mapId" WHERE r."robotId" = $1 AND e."kind" = $2',
      [robotId, MapElementKind.chargePosition],
    );
    if ((piles[0]?.n ?? 0) === 0) throw new AppError(StatusCode.badRequest, 'refusedNoCharger');
  };


  reg.handle(controlEvents.robotAction, (ctx, p) => send(ctx, p.robotId, p.action, p.params));

  // Spec §8: BMS calibration is refused unless the robot is in emergency stop (status 6 or its
  // button pressed); static robots have no energy system. The robot gets the command after that.
  reg.handle(controlEvents.bmsCalibration, async (ctx, p) => {
    const robot = await visibleRobot(ctx, p.robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    if (robot.robotType === RobotType.staticRobot) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    if (!(robot.emergencyButtonStatus === 1 || robot.status === EMERGENCY_STOP_STATUS)) throw new AppError(StatusCode.badRequest, 'refusedBmsCalibration');
    const reply = await command(ctx, p.robotId, 'bmsCalibration');
    return { robotId: p.robotId, result: reply.result, action: 'bmsCalibration' as const };
  });

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
