/** Telecontrol: the robot tree beside the live status of the selected robot. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import { BatteryLevel } from './battery-level-lazy';

export default definePlugin({
  id: manifest.id,
  // The page shows the robot tree itself, so it does not require a selected robot.
  routes: [{ path: '/home/telecontrol', page: () => import('./telecontrol-page'), requiresRobot: false }],
  // SOS calls of robots ring wherever the user is (issue 21).
  overlays: [{ key: 'call-ring', component: () => import('./call-ring') }],
  // Menu and permissions are data in plugin.json, so the server's permission tree lists them too.
  menu: manifest.menu,
  permissions: manifest.permissions,
  // Form widgets schemas may name in x-widget; each is declared in plugin.json "widgets" for the server.
  widgets: { 'battery-level': BatteryLevel },
});
