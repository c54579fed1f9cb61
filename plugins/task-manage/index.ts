/** taskManage: every task of every kind in one list, started and stopped through each kind's own events. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/taskManage', page: () => import('./task-manage-page') }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
