/**
 * Detections beyond their schema-driven lists: meter statements (event and workbook route) and
 * the heat events; plates by map, maps by plate and custom detection alarms (detection-queries.ts). Robots' detection reports are stored by detection-store.ts (one replica takes
 * each message); recognise.ts and thresholds.ts judge them.
 */
import { MqttTopics } from '../../../common/protocol';
import type { DetectionMessage } from '../../../common/detections';
import { defineFeature } from '../feature';
import { storeDetection } from './detection-store';
import { registerDetectionQueries } from './detection-queries';
import { robotSettings } from './thresholds';
import { registerHeatEvents, registerMeterStatementEvents, registerMeterStatementsRoute } from './meter-statements';

export default defineFeature({
  id: 'detections',
  register: ({ events, svc }) => {
    registerMeterStatementEvents(events, svc);
    registerHeatEvents(events, svc);
    registerDetectionQueries(events, svc);
  },
  connect: async ({ svc, gateway }) => {
    await gateway.onWork(MqttTopics.detectionWildcard, (robotId, message) => {
      storeDetection(svc.db, svc.blobs, svc.fleet, robotId, message as unknown as DetectionMessage, (id) => robotSettings(svc.db, svc.schemas, id)).catch(
        (err: unknown) => console.warn(`detection intake: ${(err as Error).message}`),
      );
    });
  },
  routes: (app, { svc }) => registerMeterStatementsRoute(app, svc),
});
