/**
 * Navigation: patrol tasks' start, stop and run-now beyond their schema-driven CRUD, the navigation
 * records (REST /robot/naviRecord/…), the once-a-minute schedule of armed tasks, the failing of runs
 * whose robot stays offline, and the MQTT intake of the robots' progress reports.
 */
import type { Services } from '../../services';
import { defineFeature } from '../feature';
import { registerNaviRecordEvents } from './navi-record-events';
import { registerNavigationEvents } from './navigation-events';
import { startNavigationIntake } from './navigation-intake';
import { closeInterruptedRuns, createNavigationRuns, type NavigationRuns } from './navigation-runs';
import { startNavigationSchedule } from './navigation-schedule';

/** Each server's run lifecycle, shared by its events, intake and schedule. */
const runsOf = new WeakMap<Services, NavigationRuns>();
const runs = (svc: Services): NavigationRuns => {
  const r = runsOf.get(svc);
  if (!r) throw new Error('The navigation feature has not registered.');
  return r;
};

export default defineFeature({
  id: 'navigation',
  register: async ({ events, svc }) => {
    // Runs left open by a server that stopped mid-run end failed ("server restarted") before anything can start one.
    await closeInterruptedRuns(svc.db, svc.cluster);
    const r = createNavigationRuns(svc);
    runsOf.set(svc, r);
    registerNavigationEvents(events, svc, r);
    registerNaviRecordEvents(events, svc, r);
  },
  // Issue 5: patrol progress robots report (MQTT) is stored on the task and its record, and pushed.
  connect: async ({ svc, gateway }) => startNavigationIntake(gateway, runs(svc).onProgress),
  // Armed tasks run when their minute comes; a robot offline mid-run beyond the grace period fails its run.
  start: async ({ svc }) => {
    const stopSchedule = startNavigationSchedule(svc, runs(svc));
    const stopWatch = runs(svc).watchOffline();
    const stopAdopt = await runs(svc).adoptOrphanedRuns();
    return async () => {
      stopSchedule();
      stopWatch();
      stopAdopt();
    };
  },
});
