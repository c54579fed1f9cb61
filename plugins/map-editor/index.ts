/** Map editor: draws and edits the elements of a processed map (Konva), with the robots on it live. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

// The page's texts load with the page (register-locales.ts), not with the console: they would weigh on the login route.

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapEditor', page: () => import('./map-editor-page'), requiresRobot: false, permission: 'map:edit' }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
