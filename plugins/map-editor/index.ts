/** Map editor: draws and edits the elements of a processed map (Konva), with the robots on it live. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';


export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/mapEditor', page: () => import('./map-editor-page'), requiresRobot: false, permission: 'map:edit' }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
