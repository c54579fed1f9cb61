/** nodeLog (issue 19): robots upload their node logs here; the files are listed and read on the server. */
import { defineFeature } from '../feature';
import { registerNodeLogEvents, registerNodeLogUploadRoute } from './node-log-service';

export default defineFeature({
  id: 'node-log',
  register: ({ events, svc }) => registerNodeLogEvents(events, svc),
  routes: (app, { svc, langOf }) => registerNodeLogUploadRoute(app, svc, langOf),
});
