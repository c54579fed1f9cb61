/** Video: history video (the robot's recordings, exports and the robot's upload route) and live camera video over WebSocket (`/live/…`, `/live-mux`). */
import { defineFeature } from '../feature';
import { registerHistoryVideoEvents, registerVideoRecordRoute } from './history-video';
import { registerLiveVideo } from './live-video';

export default defineFeature({
  id: 'video',
  register: ({ events, svc }) => registerHistoryVideoEvents(events, svc),
  routes: (app, { svc, langOf }) => {
    registerVideoRecordRoute(app, svc, langOf);
    // The WebSocket plugin is registered by server/http/ws.ts before the features' routes.
    registerLiveVideo(app, svc);
  },
});
