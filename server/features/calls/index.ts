/** Audio and video calls with robots over WebRTC (issue 21): signalling relay and the webrtcLog rows. */
import { defineFeature } from '../feature';
import { endCallsOfOfflineRobots, registerCallEvents } from './calls';

export default defineFeature({
  id: 'calls',
  register: ({ events, svc }) => registerCallEvents(events, svc),
  // A robot that goes offline ends its call (checked every 5 s; idempotent on every replica).
  start: async ({ svc }) => {
    const timer = setInterval(() => void endCallsOfOfflineRobots(svc).catch(() => undefined), 5_000);
    timer.unref();
    return async () => clearInterval(timer);
  },
});
