/** Monitoring: the dashboard's and the navigation overview's configuration, their pickers, and the maps the overviews draw. */
import { defineFeature } from '../feature';
import { registerMonitoringEvents } from './monitoring-events';

export default defineFeature({
  id: 'monitoring',
  register: ({ events, svc }) => registerMonitoringEvents(events, svc),
});
