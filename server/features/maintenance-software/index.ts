/** nodeVersion and nodeLog (issue 19): software versions, upgrades, service packs, programs, log uploads. */
import { defineFeature } from '../feature';
import { registerMoveProgramRoute } from './move-programs';
import { registerSoftwareEvents, storeJobReport } from './software-events';

export default defineFeature({
  id: 'maintenance-software',
  register: ({ events, svc }) => registerSoftwareEvents(events, svc),
  routes: (app, { svc, langOf }) => registerMoveProgramRoute(app, svc, langOf),
  connect: async ({ svc, gateway }) => {
    // Reports of one robot in order (a stage's end before the next stage).
    await gateway.onWork('fleet/robots/+/job', (robotId, message) => {
      storeJobReport(svc, robotId, message).catch((err: unknown) => console.warn(`job intake: ${(err as Error).message}`));
    }, { ordered: true });
  },
});
