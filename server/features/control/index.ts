/** Control: robot commands (actions, emergency stop, initial position), teleop (charging, lifter, fire-fighting, camera lens) and the cameras (push flag, stream addresses, parameters, definition); issue 20's SOS, PTZ presets, snapshots, single-point navigation and the other tools (robot-tools-events.ts). */
import { defineFeature } from '../feature';
import { registerCameraEvents } from './camera-events';
import { registerControlEvents } from './control-events';
import { robotCommands } from './robot-commands';
import { registerRobotToolEvents } from './robot-tools-events';
import { registerTeleopEvents } from './teleop-events';

export default defineFeature({
  id: 'control',
  register: ({ events, svc }) => {
    const commands = robotCommands(svc);
    registerControlEvents(events, svc, commands);
    registerTeleopEvents(events, commands);
    registerCameraEvents(events, svc, commands);
    registerRobotToolEvents(events, svc, commands);
  },
});
