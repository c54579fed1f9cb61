/** Form design: saving designed entity schemas into the data folder's overlay, their revisions and restoring one. */
import { defineFeature } from '../feature';
import { registerFormDesignEvents } from './form-design-events';

export default defineFeature({
  id: 'form-design',
  register: ({ events, svc }) => registerFormDesignEvents(events, svc),
});
