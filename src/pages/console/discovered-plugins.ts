/**
 * Plugin discovery by folder: every `plugins/<id>/index.ts`. The glob lives here, in the
 * composition root, rather than in src/runtime, so the runtime never imports a plugin
 * (and plugins, which import @runtime, form no cycle with it).
 */
import { addPluginLocales, createPluginRegistry, type PluginRegistry } from '@runtime';

import formDesigner from '../../form-designer';

// The form designer (src/form-designer, ARCHITECTURE.md) registers like a plugin folder would.
const modules: Record<string, unknown> = { ...import.meta.glob('/plugins/*/index.ts', { eager: true }), '/src/form-designer/index.ts': { default: formDesigner } };

/** The accepted plugins and their contributions. */
export const pluginRegistry: PluginRegistry = createPluginRegistry(modules);

for (const plugin of pluginRegistry.plugins) if (plugin.locales) addPluginLocales(plugin.id, plugin.locales);
