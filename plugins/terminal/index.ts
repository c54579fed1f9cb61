/** Remote terminal (spec §2 terminal): the selected robot's restricted shell; xterm.js loads with the page only. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  // Super admins only: a tier denied terminal:use is sent to /404 as it is refused by the server.
  routes: [{ path: '/home/terminal', page: () => import('./terminal-page'), requiresRobot: true, permission: 'terminal:use' }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  // Spec §2: static robots (type 4) have no terminal.
  robotTypes: [1, 2, 3, 5, 6, 7],
});
