/** Roles: the permission tree, a role's permissions and a role's users (roleManage's REST calls beyond the role schema's CRUD). */
import path from 'node:path';
import { defineFeature } from '../feature';
import { registerRoleEvents } from './role-events';

export default defineFeature({
  id: 'roles',
  // The plugins folder beside the schemas folder (as server/app.ts finds it): its manifests join the permission tree.
  register: ({ events, svc }) => registerRoleEvents(events, svc, path.join(path.dirname(svc.config.schemasDir), 'plugins')),
});
