/**
 * The simulated robots' battery management system calibration (spec §8: refused unless the robot
 * is in emergency stop). The server checks the same rule first; the robot still has the last word.
 */
import type { SimExtension } from './extension';
import { EMERGENCY_STOP_STATUS } from '../../common/robot-control';

export const bmsSim: SimExtension = {
  id: 'bms',
  command(robot, cmd) {
    if (cmd.action !== 'bmsCalibration') return undefined;
    if (robot.emergency !== 1 && robot.status !== EMERGENCY_STOP_STATUS) return { refused: 'bmsNeedsEmergencyStop' };
    return { data: { calibrated: true } };
  },
};
