/** Robot health (issue 19): systemState, historyOnline, sensor, chassisMonitoring, chargeMonitoring, operate. */
import { defineFeature } from '../feature';
import { HealthStore, registerHealthEvents } from './health';

let store: HealthStore | null = null;
const storeOf = (svc: Parameters<typeof registerHealthEvents>[1]) => (store ??= new HealthStore(svc));

export default defineFeature({
  id: 'maintenance-health',
  register: ({ events, svc }) => registerHealthEvents(events, svc, storeOf(svc)),
  connect: async ({ svc }) => {
    const s = storeOf(svc);
    await s.start();
    return async () => {
      s.stop();
      store = null;
    };
  },
});
