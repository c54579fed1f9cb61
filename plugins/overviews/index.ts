/** Overviews: the dashboard, the monitor overview and the navigation overview, full-page and in the shell. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

const dashboard = () => import('./dashboard-page');
const monitor = () => import('./monitor-overview-page');
const nav = () => import('./nav-pandect-page');

export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/home/dashboard', page: dashboard, requiresRobot: false },
    { path: '/home/monitorOverview', page: monitor, requiresRobot: false },
    { path: '/home/navPandect', page: nav, requiresRobot: false },
    // Spec §2: full-page overviews.
    { path: '/dashboard', page: dashboard, requiresRobot: false },
    { path: '/monitorOverview', page: monitor, requiresRobot: false },
    { path: '/navPandect', page: nav, requiresRobot: false },
  ],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
