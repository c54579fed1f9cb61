/**
 * Detections beyond their schema-driven lists: meter statements (event and workbook route) and
 * the heat events. Robots' detection reports are stored by detection-store.ts (the MQTT gateway's
 * callback in server/app.ts); recognise.ts and thresholds.ts judge them.
 */
import { defineFeature } from '../feature';
import { registerHeatEvents, registerMeterStatementEvents, registerMeterStatementsRoute } from './meter-statements';

export default defineFeature({
  id: 'detections',
  register: ({ events, svc }) => {
    registerMeterStatementEvents(events, svc);
    registerHeatEvents(events, svc);
  },
  routes: (app, { svc }) => registerMeterStatementsRoute(app, svc),
});
