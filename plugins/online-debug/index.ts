/** Online debugging (spec §2 onlineDebug): parameters, diagnostics, restore, power off / reboot of the selected robot. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/onlineDebug', page: () => import('./online-debug-page'), requiresRobot: true }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
