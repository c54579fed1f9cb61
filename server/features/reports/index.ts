/** Reports (dataOutput): the statistics events, sendEmail, the report workbook `POST /api/report/export`, and the disinfection statements (disinfect-statements.ts). */
import { defineFeature } from '../feature';
import { registerDisinfectStatements } from './disinfect-statements';
import { registerReportEvents, registerReportExport } from './report-events';

export default defineFeature({
  id: 'reports',
  register: ({ events, svc }) => {
    registerReportEvents(events, svc);
    registerDisinfectStatements(events, svc);
  },
  routes: (app, { svc }) => registerReportExport(app, svc),
});
