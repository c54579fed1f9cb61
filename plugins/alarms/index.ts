/** Live alarm pop-ups on the operator screens: an overlay of the /home shell, loaded lazily. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [],
  overlays: [{ key: 'alarm-popup', component: () => import('./alarm-popup') }],
  locales: { en, zh, ja },
});
