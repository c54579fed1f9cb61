/** Maps: map management, buildings and the map editor's document; uploads, downloads and tiles; the start-up processing of unrendered maps. */
import { defineFeature } from '../feature';
import { registerMapEvents } from './map-events';
import { registerMapRoutes } from './map-routes';
import { processUnrenderedMaps, stopMapProcessing } from './map-store';

export default defineFeature({
  id: 'maps',
  register: ({ events, svc }) => registerMapEvents(events, svc),
  routes: (app, { svc, langOf }) => registerMapRoutes(app, svc, langOf),
  // Maps stored before map processing existed (the demo plans) get their image and tiles.
  start: async ({ svc }) => {
    let stopping = false;
    void processUnrenderedMaps(svc, () => stopping).catch((err) => stopping || console.error(err));
    return async () => {
      stopping = true;
      await stopMapProcessing(svc);
    };
  },
});
