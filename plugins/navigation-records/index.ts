/** Navigation records: the runs of one patrol task (opened from the navigation list), runs per day, re-recognition. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';


export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/naviRecord', page: () => import('./navigation-records-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
