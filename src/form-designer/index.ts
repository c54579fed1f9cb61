/** The form designer's registration: route, menu entry and permission; the page (dnd-kit, Monaco) loads on demand. */
import { definePlugin, loadTexts } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  // The designer shows its own locale (cn or en, whatever the console's language): both languages' texts load with it.
  routes: [{ path: '/home/formDesigner', page: () => Promise.all([import('./form-designer-page'), loadTexts('zh'), loadTexts('en')]).then(([page]) => page), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
