/** Administration: robot groups' linked robots, battery SOC tables, company parameters, application keys; the user and device-group REST lists (rest-lists.ts). */
import { defineFeature } from '../feature';
import { registerAdminEvents } from './admin-events';
import { registerAdminRestLists } from './rest-lists';

export default defineFeature({
  id: 'admin',
  register: ({ events, svc }) => {
    registerAdminEvents(events, svc);
    registerAdminRestLists(events, svc);
  },
});
