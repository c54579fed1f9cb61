/** The form designer's registration: route, menu entry and permission; the page (dnd-kit, Monaco) loads on demand. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/formDesigner', page: () => import('./form-designer-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
