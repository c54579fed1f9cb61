/**
 * Plugin discovery by folder: every `plugins/<id>/index.ts`. The glob lives here, in the
 * composition root, rather than in src/runtime, so the runtime never imports a plugin
 * (and plugins, which import @runtime, form no cycle with it).
 */
import { addPluginLocales, addTextLoader, createPluginRegistry, type PluginRegistry } from '@runtime';

import formDesigner from '../../form-designer';

// The form designer (src/form-designer, ARCHITECTURE.md) registers like a plugin folder would.
const modules: Record<string, unknown> = { ...import.meta.glob('/plugins/*/index.ts', { eager: true }), '/src/form-designer/index.ts': { default: formDesigner } };

/** The accepted plugins and their contributions. */
export const pluginRegistry: PluginRegistry = createPluginRegistry(modules);

for (const plugin of pluginRegistry.plugins) if (plugin.locales) addPluginLocales(plugin.id, plugin.locales);

/**
 * Plugin texts by folder too: `<plugin>/locales/<lang>.json`, under the folder's name (the plugin
 * id) as i18next namespace. Only the user's language loads (one chunk per language, vite.config.ts),
 * and a language switch loads the next one's first (issue 23: all three used to ride in the shell).
 */
const PLUGIN_TEXTS = import.meta.glob<Record<string, unknown>>(['/plugins/*/locales/*.json', '/src/form-designer/locales/*.json'], { import: 'default' });

/** Resolves when the plugins' texts of the first language are in. */
export const pluginTextsReady: Promise<void> = addTextLoader(async (lang) => {
  const files = Object.entries(PLUGIN_TEXTS).filter(([file]) => file.endsWith(`/locales/${lang}.json`));
  const bundles = await Promise.all(files.map(async ([file, load]) => [file.split('/').at(-3)!, await load()] as const));
  for (const [namespace, bundle] of bundles) addPluginLocales(namespace, { [lang]: bundle });
});
