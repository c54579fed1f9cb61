/** Fleet: the menu tree, maps and robots of the caller's companies, a robot's live status; binding a robot to a company and its function configuration. */
import { defineFeature } from '../feature';
import { registerFleetEvents } from './fleet-events';
import { registerRobotEvents } from './robot-events';

export default defineFeature({
  id: 'fleet',
  register: ({ events, svc }) => {
    registerFleetEvents(events, svc);
    registerRobotEvents(events, svc);
  },
});
