/** Map management (mapManage): maps, buildings, processing progress and sync to robots. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

// The page's texts load with the page (register-locales.ts), not with the console: they would weigh on the login route.

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapManage', page: () => import('./map-manage-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
