/** Live alarm pop-ups on the operator screens: an overlay of the /home shell, loaded lazily. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [],
  overlays: [{ key: 'alarm-popup', component: () => import('./alarm-popup') }],
});
