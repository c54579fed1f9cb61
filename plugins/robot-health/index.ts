/** Robot health screens: systemState, historyOnline, sensor, chassisMonitoring, chargeMonitoring, operate. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

const pages = () => import('./health-pages');

export default definePlugin({
  id: manifest.id,
  routes: [
    { path: '/home/systemState', page: () => pages().then((m) => ({ default: m.SystemStatePage })) },
    // /home/debug is systemState's alias (schemas/access/route-guards.json aliases).
    { path: '/home/debug', page: () => pages().then((m) => ({ default: m.SystemStatePage })) },
    { path: '/home/historyOnline', page: () => pages().then((m) => ({ default: m.OnlineHistoryPage })), requiresRobot: true },
    { path: '/home/sensor', page: () => pages().then((m) => ({ default: m.SensorPage })), requiresRobot: true },
    { path: '/home/chassisMonitoring', page: () => pages().then((m) => ({ default: m.ChassisPage })), requiresRobot: true },
    { path: '/home/chargeMonitoring', page: () => pages().then((m) => ({ default: m.ChargePage })), requiresRobot: true },
    { path: '/home/operate', page: () => pages().then((m) => ({ default: m.OperatePage })) },
  ],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
