import { StatusCode } from '../../../common/protocol';
import { RobotType } from '../../../common/robot';
import { debugEvents } from '../../../common/events/maintenance-debug';
import { DEBUG_PARAM_SCHEMAS, type DebugParams } from '../../../common/debug-params';
import type { RobotCommand } from '../../../common/robot-actions';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import { robotCommands } from '../control/robot-commands';
import { robotDebugSettings } from './debug-settings';


/** Keeps the answer to the schema's fields (a robot may answer more than it is asked). */
function known(kind: keyof typeof DEBUG_PARAM_SCHEMAS, data: unknown): DebugParams {
  const props = DEBUG_PARAM_SCHEMAS[kind].properties as Record<string, unknown>;
  const out: DebugParams = {};
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (k in props && (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string')) out[k] = v;
    }
  }
  return out;
}

/**
 * onlineDebug, queryThresh and terminalSharing: each reaches the robot as a command on its command
 * topic (common/events/maintenance-debug DEBUG_COMMANDS) and answers with the robot's reply; the
 * robot must be in the caller's companies and online. Parameters are checked against the same
 * schemas the console renders (the events' param schemas) before they are sent. Audited events
 * are written to the operation log by the registry.
 */
export function registerDebugEvents(reg: EventRegistry, svc: Services): void {
  const { visibleRobot, command } = robotCommands(svc);

  /** The robot, visible to the caller; static robots refused with `staticKey` when given. */
  const robotFor = async (ctx: AuthedContext, robotId: string, staticKey?: 'walkParamStaticRobot' | 'terminalStaticRobot') => {
    const robot = await visibleRobot(ctx, robotId);
    if (staticKey && robot.robotType === RobotType.staticRobot) throw new AppError(StatusCode.badRequest, staticKey);
    return robot;
  };
  const params = async (ctx: AuthedContext, robotId: string, kind: keyof typeof DEBUG_PARAM_SCHEMAS, action: RobotCommand['action'], values?: DebugParams) => {
    await robotFor(ctx, robotId, kind === 'walk' ? 'walkParamStaticRobot' : undefined);
    const reply = await command(ctx, robotId, action, values ? { values } : {});
    return { robotId, params: known(kind, reply.data) };
  };

  reg.handle(debugEvents.getDebugParam, (ctx, p) => params(ctx, p.robotId, 'debug', 'debugParamGet'));
  reg.handle(debugEvents.debugParam, (ctx, p) => params(ctx, p.robotId, 'debug', 'debugParamSet', p.params));
  reg.handle(debugEvents.getWalkParam, (ctx, p) => params(ctx, p.robotId, 'walk', 'walkParamGet'));
  reg.handle(debugEvents.walkParam, (ctx, p) => params(ctx, p.robotId, 'walk', 'walkParamSet', p.params));
  reg.handle(debugEvents.getStaticParam, (ctx, p) => params(ctx, p.robotId, 'static', 'staticParamGet'));
  reg.handle(debugEvents.setStaticParam, (ctx, p) => params(ctx, p.robotId, 'static', 'staticParamSet', p.params));

  reg.handle(debugEvents.fDebug, async (ctx, p) => {
    const robot = await robotFor(ctx, p.robotId);
    if (p.action === 'restartNavigation' && robot.robotType === RobotType.staticRobot) throw new AppError(StatusCode.badRequest, 'refusedUnsupported');
    const reply = await command(ctx, p.robotId, 'diagnose', { action: p.action });
    const r = (reply.data ?? {}) as { ok?: unknown; items?: unknown };
    const items = Array.isArray(r.items)
      ? r.items.map((i: Record<string, unknown>) => ({ item: String(i.item ?? ''), ok: i.ok === true, detail: String(i.detail ?? '') }))
      : [];
    return { robotId: p.robotId, report: { action: p.action, ok: r.ok === true, items } };
  });

  reg.handle(debugEvents.restoreAPP, async (ctx, p) => {
    const reply = await command(ctx, p.robotId, 'restoreApp');
    return { robotId: p.robotId, version: String((reply.data as { version?: unknown } | undefined)?.version ?? '') };
  });

  reg.handle(debugEvents.remotePoweroffReboot, async (ctx, p) => {
    await command(ctx, p.robotId, 'powerReboot', { type: p.type });
    return { robotId: p.robotId, type: p.type };
  });

  reg.handle(debugEvents.queryThresh, async (ctx, p) => {
    await visibleRobot(ctx, p.robotId);
    const settings = (await robotDebugSettings(svc, [p.robotId])).get(p.robotId)!;
    return { robotId: p.robotId, ...settings };
  });

  reg.handle(debugEvents.terminalSharing, async (ctx, p) => {
    await robotFor(ctx, p.robotId, 'terminalStaticRobot');
    if (p.op !== 'open' && (!p.sessionId || (p.op === 'exec' && p.line === undefined))) throw new AppError(StatusCode.badRequest, 'terminalSessionRequired');
    const action = p.op === 'open' ? 'terminalOpen' : p.op === 'exec' ? 'terminalExec' : 'terminalClose';
    const reply = await command(ctx, p.robotId, action, p.op === 'open' ? {} : p.op === 'exec' ? { sessionId: p.sessionId, line: p.line } : { sessionId: p.sessionId });
    const d = (reply.data ?? {}) as { sessionId?: unknown; output?: unknown; prompt?: unknown; closed?: unknown };
    return { sessionId: String(d.sessionId ?? p.sessionId ?? ''), output: String(d.output ?? ''), prompt: String(d.prompt ?? ''), ...(d.closed === true ? { closed: true } : {}) };
  });
}
