/** The protocol reference for administrators: the generated OpenAPI document in Swagger UI, and the AsyncAPI document. */
import { definePlugin } from '@runtime';
import manifest from './plugin.json';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

export default definePlugin({
  id: manifest.id,
  routes: [{ path: '/home/apiReference', page: () => import('./api-reference-page'), requiresRobot: false }],
  menu: manifest.menu,
  permissions: manifest.permissions,
  locales: { en, zh, ja },
});
