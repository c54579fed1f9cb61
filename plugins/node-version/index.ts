/** nodeVersion (issue 19): robots' node services and firmware, upgrades with live stages, service packs and programs. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/nodeVersion', page: () => import('./node-version-page').then((m) => ({ default: m.NodeVersionPage })) }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
