/** Maps: map management, buildings and the map editor's document; binding a robot to a map and the draft list (map-bind-events.ts); uploads, downloads and tiles; the start-up processing of unrendered maps. */
import { visibleCompanyIds } from '../../entities/scope';
import { defineFeature } from '../feature';
import { registerMapEvents } from './map-events';
import { registerMapBindEvents } from './map-bind-events';
import { registerBuildingEvents } from './building-events';
import { registerMapElementEvents } from './map-element-events';
import { registerMapRoutes } from './map-routes';
import { adoptAbandonedMaps, processUnrenderedMaps, stopMapProcessing } from './map-store';

export default defineFeature({
  id: 'maps',
  register: ({ events, svc }) => {
    // maps/<companyId>: map processing and sync pushes of a company in the caller's tree.
    svc.hub.addTopicKind('maps', {
      snapshot: async (session, topic) => {
        const id = topic.slice('maps/'.length);
        if (!/^\d+$/.test(id)) return null;
        const ids = await visibleCompanyIds(svc.db, session);
        return ids === null || ids.includes(Number(id)) ? { companyId: Number(id) } : null;
      },
    });
    registerMapEvents(events, svc);
    registerBuildingEvents(events, svc);
    registerMapElementEvents(events, svc);
    registerMapBindEvents(events, svc);
  },
  routes: (app, { svc, langOf }) => registerMapRoutes(app, svc, langOf),
  // Maps stored before map processing existed (the demo plans) get their image and tiles, by the
  // leader (once in a cluster); maps a dead replica left half-processed are processed again.
  start: async ({ svc }) => {
    let stopping = false;
    svc.cluster.onLeader(() => void processUnrenderedMaps(svc, () => stopping).catch((err) => stopping || console.error(err)));
    const stopAdopt = adoptAbandonedMaps(svc, () => stopping);
    return async () => {
      stopping = true;
      stopAdopt();
      await stopMapProcessing(svc);
    };
  },
});
