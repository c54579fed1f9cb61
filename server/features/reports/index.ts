/** Reports (dataOutput): the statistics events, sendEmail, the report workbook `POST /api/report/export`, and the disinfection statements with their telemetry intake (disinfect-statements.ts). */
import { defineFeature } from '../feature';
import { connectDisinfection, registerDisinfectStatements } from './disinfect-statements';
import { registerReportEvents, registerReportExport } from './report-events';

export default defineFeature({
  id: 'reports',
  register: ({ events, svc }) => {
    registerReportEvents(events, svc);
    registerDisinfectStatements(events, svc);
  },
  connect: ({ svc, gateway }) => connectDisinfection(svc, gateway),
  routes: (app, { svc }) => registerReportExport(app, svc),
});
