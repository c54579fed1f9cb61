/** nodeLog: robots' node logs — ask for them with live progress, list, view (search, levels), download, delete. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/nodeLog', page: () => import('./node-log-page') }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
