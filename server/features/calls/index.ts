/** Audio and video calls with robots over WebRTC (issue 21): signalling relay, SOS calls from robots and the webrtcLog rows. */
import { MQTT_TOPICS } from '../../../common/events/mqtt';
import { defineFeature } from '../feature';
import { endCallsOfOfflineRobots, endUnansweredSosCalls, registerCallEvents, startSosCall } from './calls';

export default defineFeature({
  id: 'calls',
  register: ({ events, svc }) => registerCallEvents(events, svc),
  // A robot's SOS button in SOS mode 2 (remote call): one replica takes each message and rings the consoles.
  connect: async ({ svc, gateway }) => {
    await gateway.onWork(MQTT_TOPICS.sosCall.pattern.replace('{robotId}', '+'), (robotId, message) => {
      startSosCall(svc, robotId, message).catch((err: unknown) => console.warn(`SOS call intake: ${(err as Error).message}`));
    });
  },
  start: async ({ svc }) => {
    // A robot that goes offline ends its call (checked every 5 s; idempotent on every replica).
    const offline = setInterval(() => void endCallsOfOfflineRobots(svc).catch(() => undefined), 5_000);
    offline.unref();
    // SOS calls nobody accepted in time end "no answer": the leader checks (a conditional UPDATE ends each once).
    const timeout = svc.config.callRingTimeoutMs;
    const ring = setInterval(() => {
      if (svc.cluster.isLeader()) void endUnansweredSosCalls(svc, timeout).catch((err: unknown) => console.warn(`SOS ring time-out: ${(err as Error).message}`));
    }, Math.min(1_000, Math.max(100, timeout / 4)));
    ring.unref();
    return async () => {
      clearInterval(offline);
      clearInterval(ring);
    };
  },
});
