/** Map management (mapManage): maps, buildings, processing progress and sync to robots. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapManage', page: () => import('./map-manage-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
