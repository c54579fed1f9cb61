/** Track-mounted inspection robots: the /trackrobot area (control, tasks, reports, warning rules, warnings, maps). */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

// Every child needs a selected track robot; the area's layout shows the tip dialog itself (it needs a robot of type 5).
export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/trackrobot', page: () => import('./track-redirect'), requiresRobot: false },
    { path: '/trackrobot/control', page: () => import('./control-page'), requiresRobot: false },
    { path: '/trackrobot/task', page: () => import('./task-page'), requiresRobot: false },
    { path: '/trackrobot/task-report', page: () => import('./task-report-page'), requiresRobot: false },
    { path: '/trackrobot/warning-rule', page: () => import('./warning-rule-page'), requiresRobot: false },
    { path: '/trackrobot/warning', page: () => import('./warning-page'), requiresRobot: false },
    { path: '/trackrobot/map', page: () => import('./map-page'), requiresRobot: false },
  ],
  menu: manifest.menu,
  permissions: manifest.permissions,
  robotTypes: [5],
  locales: { en, zh, ja },
});
