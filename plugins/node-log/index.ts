/** nodeLog: robots' node logs — ask for them with live progress, list, view (search, levels), download, delete. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/nodeLog', page: () => import('./node-log-page') }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
