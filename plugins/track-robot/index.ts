/** Track-mounted inspection robots: the /trackrobot area (control, tasks, reports, warning rules, warnings, maps). */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

// Every child needs a selected track robot; the area's layout shows the tip dialog itself (it needs a robot of type 5).
// The pages keep their spec paths (/trackrobot/...) but live in the console's shell (`shell: true`), and each
// is an entry of the main menu under its own group. plugin.json's single entry stays the permission tree's
// node (every /trackrobot path is the route `trackrobot`, one menu permission).
// The area's children (spec §2), in menu order.
const CHILDREN = ['control', 'task', 'task-report', 'warning-rule', 'warning', 'map'] as const;
const ICONS: Record<(typeof CHILDREN)[number], string> = {
  control: 'ControlOutlined',
  task: 'FieldTimeOutlined',
  'task-report': 'FileSearchOutlined',
  'warning-rule': 'SafetyOutlined',
  warning: 'AlertOutlined',
  map: 'EnvironmentOutlined',
};
const menu = CHILDREN.map((c, i) => ({
  key: c === 'control' ? manifest.menu[0]!.key : `trackrobot-${c}`,
  path: `/trackrobot/${c}`,
  icon: ICONS[c],
  group: 'track',
  order: i + 1,
  labels: manifest.areaLabels[c],
}));

export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/trackrobot', page: () => import('./track-redirect'), requiresRobot: false, shell: true },
    { path: '/trackrobot/control', page: () => import('./control-page'), requiresRobot: false, shell: true },
    { path: '/trackrobot/task', page: () => import('./task-page'), requiresRobot: false, shell: true },
    { path: '/trackrobot/task-report', page: () => import('./task-report-page'), requiresRobot: false, shell: true },
    { path: '/trackrobot/warning-rule', page: () => import('./warning-rule-page'), requiresRobot: false, shell: true },
    { path: '/trackrobot/warning', page: () => import('./warning-page'), requiresRobot: false, shell: true },
    { path: '/trackrobot/map', page: () => import('./map-page'), requiresRobot: false, shell: true },
  ],
  menu,
  permissions: manifest.permissions,
  robotTypes: [5],
});
