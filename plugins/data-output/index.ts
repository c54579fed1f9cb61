/** Reports (dataOutput): statistics, charts (ECharts, loaded with the page), Excel export and mail. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  // Spec §2: dataOutput needs a selected robot.
  routes: [{ path: '/home/dataOutput', page: () => import('./data-output-page'), requiresRobot: true }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
