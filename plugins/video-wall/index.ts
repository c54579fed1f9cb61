/** Video wall (videoPandect): up to 16 live cameras, in the shell and as the spec's full-page overview. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/home/videoPandect', page: () => import('./video-wall-page'), requiresRobot: false },
    // Spec §2: /videoPandect is a full-page overview that starts its streams automatically.
    { path: '/videoPandect', page: () => import('./video-wall-page'), requiresRobot: false },
  ],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
