/** Robot health (issue 19): systemState, historyOnline, sensor, chassisMonitoring, chargeMonitoring, operate. */
import { defineFeature } from '../feature';
import { HealthStore, registerHealthEvents } from './health';
import { registerHealthExport } from './health-export';

let store: HealthStore | null = null;
const storeOf = (svc: Parameters<typeof registerHealthEvents>[1]) => (store ??= new HealthStore(svc));

export default defineFeature({
  id: 'maintenance-health',
  register: ({ events, svc }) => registerHealthEvents(events, svc, storeOf(svc)),
  // The online history and operation statistics pages export .xlsx (POST /api/health-export).
  routes: (app, { svc, events }) => registerHealthExport(app, svc, events),
  connect: async ({ svc }) => {
    const s = storeOf(svc);
    await s.start();
    return async () => {
      s.stop();
      store = null;
    };
  },
});
