import { StatusCode } from '../../../common/protocol';
import { CameraAction, MAX_PRESET, presetProblem } from '../../../common/robot-control';
import { controlEvents } from '../../../common/events/control';
import { AppError } from '../../errors';
import type { AuthedContext, EventRegistry } from '../../events/registry';
import type { RobotCommands } from './robot-commands';

/** Manual charging, lifter, fire-fighting and camera lens / preset commands (spec §7 control events). */
export function registerTeleopEvents(reg: EventRegistry, { control }: RobotCommands): void {
  // Stopping manual charging is never blocked; starting follows the rules (and needs a charger).
  reg.handle(controlEvents.manualCharging, (ctx, p) => control(ctx, p.robotId, p.status ? 'manualCharging' : 'stop', 'manualCharging', { status: p.status }));

  const lifter = (ctx: AuthedContext, p: { robotId: string; direction: string; distance?: number }) =>
    control(ctx, p.robotId, p.direction === 'stop' ? 'stop' : 'lifter', 'lifter', { direction: p.direction, distance: p.distance ?? 100 });
  reg.handle(controlEvents.lifterControl, (ctx, p) => lifter(ctx, p));
  // Spec §7 REST: POST /robot/common/lifter/{direction}?distance={n} (robotId in the query or body).
  reg.handle(controlEvents['POST /robot/common/lifter/{direction}'], (ctx, p) => lifter(ctx, p));

  reg.handle(controlEvents.fireControl, (ctx, p) => control(ctx, p.robotId, 'fireControl', 'fireControl', { operation: p.operation }));

  // cameraZoom / cameraFocus {robotId, cameraId, Action, preset?} (spec §7; codes in common/robot-control).
  const lens = async (ctx: AuthedContext, p: { robotId: string; cameraId: number; Action: number; preset?: string | number }) => {
    const params: Record<string, unknown> = { cameraId: p.cameraId, code: p.Action };
    if (p.Action === CameraAction.setPreset || p.Action === CameraAction.goPreset) {
      const entry = p.preset === undefined ? '' : String(p.preset);
      const problem = presetProblem(entry);
      if (problem) throw new AppError(StatusCode.badRequest, problem, { limit: MAX_PRESET });
      params.preset = Number(entry);
    }
    return control(ctx, p.robotId, 'cameraPtz', 'cameraLens', params);
  };
  reg.handle(controlEvents.cameraZoom, lens);
  reg.handle(controlEvents.cameraFocus, lens);
}
