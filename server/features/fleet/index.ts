/**
 * Fleet: the menu tree, maps and robots of the caller's companies, a robot's live status; binding
 * a robot to a company and its function configuration; robot data export and import
 * (robot-data.ts); the realtime topics `fleet` and `robot/<id>`.
 */
import { FLEET_TOPIC } from '../../../common/protocol';
import { visibleCompanyIds } from '../../entities/scope';
import { defineFeature } from '../feature';
import { registerFleetEvents } from './fleet-events';
import { registerRobotEvents } from './robot-events';
import { registerRobotDataEvents } from './robot-data';

export default defineFeature({
  id: 'fleet',
  register: ({ events, svc }) => {
    // fleet: every robot of the caller's company tree; robot/<id>: one robot of it (common/events/topics.ts).
    svc.hub.addTopicKind(FLEET_TOPIC, {
      snapshot: async (session, topic) => {
        if (topic !== FLEET_TOPIC) return null;
        const ids = await visibleCompanyIds(svc.db, session);
        return svc.fleet.all().filter((r) => ids === null || ids.includes(r.companyId));
      },
    });
    svc.hub.addTopicKind('robot', {
      snapshot: async (session, topic) => {
        const robot = svc.fleet.get(topic.slice('robot/'.length));
        if (!robot) return null;
        const ids = await visibleCompanyIds(svc.db, session);
        return ids === null || ids.includes(robot.companyId) ? robot : null;
      },
    });
    registerFleetEvents(events, svc);
    registerRobotEvents(events, svc);
    registerRobotDataEvents(events, svc);
  },
});
