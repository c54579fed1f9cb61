import { StatusCode } from '../../common/protocol';
import { REFUSALS } from '../../common/robot-actions';
import { visibleCompanyIds } from '../entities/scope';
import { AppError } from '../errors';
import { createAjv } from '../schemas/loader';
import type { Services } from '../services';
import type { AuthedContext, EventRegistry } from './registry';

const ajv = createAjv();
const actionSchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'action'],
  properties: {
    robotId: { type: 'string', maxLength: 32 },
    action: { type: 'integer', minimum: 0, maximum: 10 },
    params: { type: 'object' },
    userId: { type: 'integer' },
  },
  additionalProperties: false,
});
const emergencySchema = ajv.compile({
  type: 'object',
  required: ['robotId', 'status'],
  properties: { robotId: { type: 'string', maxLength: 32 }, status: { enum: [0, 1] }, userId: { type: 'integer' } },
  additionalProperties: false,
});

/**
 * Robot control events: the command goes to the robot over MQTT and the robot's answer decides
 * (accepted, or refused with the reason of spec §4/§8). Offline robots are answered at once.
 * Operators may drive robots (issue 4), so these are audited commands, not data changes.
 */
export function registerControlEvents(reg: EventRegistry, svc: Services): void {
  const send = async (ctx: AuthedContext, robotId: string, action: number | 'emergencyButton', params?: Record<string, unknown>) => {
    const robot = svc.fleet.get(robotId);
    const ids = await visibleCompanyIds(svc.db, ctx.session);
    if (!robot || (ids !== null && !ids.includes(robot.companyId))) throw new AppError(StatusCode.notFound, 'robotNotFound');
    if (!robot.online || !svc.gateway) throw new AppError(StatusCode.badRequest, 'robotOffline');
    const reply = await svc.gateway.request(robotId, action, params);
    if (!reply) throw new AppError(StatusCode.badRequest, 'robotNoAnswer');
    if (reply.result !== 'accepted') throw new AppError(StatusCode.badRequest, REFUSALS[reply.reason ?? 'state'] ?? 'refusedState');
    return { robotId, action, result: reply.result };
  };

  reg.register<{ robotId: string; action: number; params?: Record<string, unknown> }>({
    name: 'robotAction',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: actionSchema,
    handler: (ctx, p) => send(ctx as AuthedContext, p.robotId, p.action, p.params),
  });

  reg.register<{ robotId: string; status: 0 | 1 }>({
    name: 'emergencyButton',
    access: { kind: 'permission', permission: 'robot:teleop' },
    mutating: false,
    audit: true,
    validate: emergencySchema,
    handler: (ctx, p) => send(ctx as AuthedContext, p.robotId, 'emergencyButton', { status: p.status }),
  });
}
