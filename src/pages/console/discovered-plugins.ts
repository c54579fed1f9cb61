/**
 * Plugin discovery by folder: every `plugins/<id>/index.ts`. The glob lives here, in the
 * composition root, rather than in src/runtime, so the runtime never imports a plugin
 * (and plugins, which import @runtime, form no cycle with it).
 */
import { addPluginLocales, createPluginRegistry, type PluginRegistry } from '@runtime';

const modules = import.meta.glob('/plugins/*/index.ts', { eager: true });

/** The accepted plugins and their contributions. */
export const pluginRegistry: PluginRegistry = createPluginRegistry(modules);

for (const plugin of pluginRegistry.plugins) if (plugin.locales) addPluginLocales(plugin.id, plugin.locales);
