/** Lazy entry points of the generated pages (RJSF and the table load only when used). */
import { lazyPage } from '../../app/lazy-page';

/** The generated list page of an entity (`schemaId` prop). */
export const EntityListPage = /* @__PURE__ */ lazyPage(() => import('./entity-list-page'));
