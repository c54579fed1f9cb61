import { StatusCode } from '../../../common/protocol';
import { REFUSALS, RobotAction, type RobotCommand, type RobotReply } from '../../../common/robot-actions';
import { controlBlock, hangsUpCall, robotOffers, type Control } from '../../../common/robot-control';
import type { CommandAnswer } from '../../../common/events/control';
import { visibleRobot as visibleRobotOf } from '../../entities/scope';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext } from '../../events/registry';

/**
 * How control events reach a robot: the command goes to the robot over MQTT and the robot's
 * answer decides (accepted, or refused with the reason of spec §4/§8). Offline robots are
 * answered at once. Shared by the robot command, teleop and camera events.
 */
export function robotCommands(svc: Services) {
  const visibleRobot = (ctx: AuthedContext, robotId: string, scope?: Promise<number[] | null>) => visibleRobotOf(svc.db, ctx.session, svc.fleet.get(robotId), scope);
  /** Whether the robot has a central control (its serial number set): only then is "original" offered (spec §4). */
  const hasCentralControl = async (robotId: string): Promise<boolean> =>
    !!(await svc.db.query<{ sn: string | null }>('SELECT "centralControlSn" AS sn FROM robots WHERE "robotId" = $1', [robotId]))[0]?.sn;
  const ask = async (robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>): Promise<RobotReply> => {
    if (!svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(robotId, action, params);
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    return reply;
  };
  const command = async (ctx: AuthedContext, robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    return ask(robotId, action, params);
  };
  /**
   * A control with the rules of common/robot-control: offered by the robot's kind, not blocked in
   * its state, a running call hung up first. The robot still has the last word (it may refuse).
   */
  const control = async (ctx: AuthedContext, robotId: string, name: Control, action: RobotCommand['action'], params?: Record<string, unknown>) => {
    const robot = await visibleRobot(ctx, robotId);
    if (!robot.online) throw new AppError(StatusCode.badRequest, 'robotOffline');
    if (!robotOffers(robot.robotType, name)) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    const block = controlBlock(name, robot);
    if (block) throw new AppError(StatusCode.badRequest, block);
    let hungUp = false;
    if (hangsUpCall(name, robot)) {
      await ask(robotId, RobotAction.remoteCall, { call: 0 });
      hungUp = true;
    }
    const reply = await ask(robotId, action, params);
    const answer: CommandAnswer = { robotId, result: reply.result, ...(hungUp ? { hungUp } : {}), ...(reply.data !== undefined ? { data: reply.data } : {}) };
    return answer;
  };
  return { visibleRobot, hasCentralControl, ask, command, control };
}

/** The robot commands of a server (robotCommands). */
export type RobotCommands = ReturnType<typeof robotCommands>;
