/** Administration: robot groups' linked robots, battery SOC tables, company parameters, application keys. */
import { defineFeature } from '../feature';
import { registerAdminEvents } from './admin-events';

export default defineFeature({
  id: 'admin',
  register: ({ events, svc }) => registerAdminEvents(events, svc),
});
