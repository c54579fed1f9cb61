/** History video: recorded clips by day (needs a selected robot), export with progress and cancel, playback of exports. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/home/historyVideo', page: () => import('./history-video-page'), requiresRobot: true },
    { path: '/home/videoPlayback', page: () => import('./video-playback-page'), requiresRobot: false },
  ],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
