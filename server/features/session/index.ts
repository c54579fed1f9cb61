/** Session: the verification code, login and logout, the current user and their password, enabling companies and users. */
import { defineFeature } from '../feature';
import { registerSessionEvents } from './session-events';

export default defineFeature({
  id: 'session',
  register: ({ events, svc }) => registerSessionEvents(events, svc),
});
