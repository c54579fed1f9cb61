/** Map editor: draws and edits the elements of a processed map (Konva), with the robots on it live. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapEditor', page: () => import('./map-editor-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
