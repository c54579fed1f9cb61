/** Energy consumption: battery curve, consumption and charging per day of the selected robot. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/energyConsumption', page: () => import('./energy-page'), requiresRobot: true }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  // Spec §2: static robots (type 4) lack energy.
  robotTypes: [1, 2, 3, 5, 6, 7],
});
