/** The protocol reference for administrators: the generated OpenAPI document in Swagger UI, and the AsyncAPI document. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/apiReference', page: () => import('./api-reference-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
});
