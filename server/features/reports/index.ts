/** Reports (dataOutput): the statistics events, sendEmail, and the report workbook `POST /api/report/export`. */
import { defineFeature } from '../feature';
import { registerReportEvents, registerReportExport } from './report-events';

export default defineFeature({
  id: 'reports',
  register: ({ events, svc }) => registerReportEvents(events, svc),
  routes: (app, { svc }) => registerReportExport(app, svc),
});
