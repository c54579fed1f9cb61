/** Online debugging, debug settings (queryThresh) and the remote terminal (issue 19). */
import { defineFeature } from '../feature';
import { registerDebugEvents } from './debug-events';

export default defineFeature({
  id: 'maintenance-debug',
  register: ({ events, svc }) => registerDebugEvents(events, svc),
});
