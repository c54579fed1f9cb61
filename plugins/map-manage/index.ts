/** Map management (mapManage): maps, buildings, processing progress and sync to robots. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';


export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapManage', page: () => import('./map-manage-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
