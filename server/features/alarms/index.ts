/**
 * Alarms (issue 7): robots' alarms (MQTT) stored and pushed on the realtime topic `alarms`; the
 * alarm events (process, release, current alarms, settings, simulation) and the entity hooks of
 * the alarm screens.
 */
import type { Services } from '../../services';
import { defineFeature } from '../feature';
import { registerAlarmEvents } from './alarm-events';
import { AlarmService } from './alarm-service';

/** Each server's alarm intake (the feature is shared by every server the process starts). */
const services = new WeakMap<Services, AlarmService>();

export default defineFeature({
  id: 'alarms',
  register: ({ events, svc }) => {
    const alarms = new AlarmService(svc);
    services.set(svc, alarms);
    registerAlarmEvents(events, svc, alarms);
  },
  // The intake subscribes to the robots' alarm topic before the server listens.
  connect: async ({ svc, gateway }) => {
    const alarms = services.get(svc)!;
    await alarms.start(gateway);
    svc.alarms = alarms;
    return () => alarms.close();
  },
});
