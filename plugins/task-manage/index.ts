/** taskManage: every task of every kind in one list, started and stopped through each kind's own events. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/taskManage', page: () => import('./task-manage-page') }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
