/** Reports (dataOutput): statistics, charts (ECharts, loaded with the page), Excel export and mail. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  // Spec §2: dataOutput needs a selected robot.
  routes: [{ path: '/home/dataOutput', page: () => import('./data-output-page'), requiresRobot: true }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
