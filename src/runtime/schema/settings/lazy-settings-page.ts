/** Lazy entry point of the generated settings page (RJSF loads only when used). */
import { lazyPage } from '../../app/lazy-page';

/** The generated page of a settings schema (`schemaId` prop), for the selected robot. */
export const SettingsPage = /* @__PURE__ */ lazyPage(() => import('./settings-page'));
