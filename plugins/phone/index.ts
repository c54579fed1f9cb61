/** phone (issue 19): the phone client's app packages and logs. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/phone', page: () => import('./phone-page').then((m) => ({ default: m.PhonePage })) }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
