/**
 * The plugin contract: `plugins/<id>/index.ts` default-exports `definePlugin({...})`.
 * The definition imports no page; pages come through `import()` so each plugin is its own
 * chunk (only `widgets`, small form components, are imported eagerly).
 */
import type { ComponentType } from 'react';
import type { Lang } from '@common/protocol';
import type { FormWidget } from '../schema/widgets/widget-registry';

/** Text in the three languages (all three required for plugin labels). */
export type PluginLabels = Record<Lang, string>;

/** One page of a plugin. */
export interface PluginRoute {
  /** Absolute path, e.g. `/home/telecontrol`. Paths under `/home/` render inside the shell. */
  path: string;
  /** Loads the page module (default export: the page component). */
  page: () => Promise<{ default: ComponentType }>;
  /** Spec §2: the page needs a selected robot; without one a tip sends the user to robot management. */
  requiresRobot?: boolean;
  /** A `resource:action` the page needs (e.g. `map:edit`): without it the page is not opened (/404), as the server would refuse its work. */
  permission?: string;
  /** Renders inside the console shell (side menu, header, alarm pop-ups) though the path is outside `/home/` (a spec-fixed path such as `/trackrobot/control`). */
  shell?: boolean;
}

/** One side-menu entry. */
export interface PluginMenuItem {
  key: string;
  path: string;
  /** An @ant-design/icons name known to the shell's icon registry. */
  icon?: string;
  group?: string;
  order?: number;
  labels: PluginLabels;
  /** `resource:action`s the entry needs: the server offers it only to those who hold them, and the page opens only for them. */
  needs?: string[];
}

/** One permission node (`resource:action`) shown in the role permission tree. */
export interface PluginPermission {
  key: string;
  labels: PluginLabels;
}

/** A component mounted once inside the /home shell, whatever the page (e.g. the live alarm pop-up). */
export interface PluginOverlay {
  key: string;
  /** Loads the component module (default export), lazily: it is not in the shell's chunk. */
  component: () => Promise<{ default: ComponentType }>;
}

/** What a plugin declares. */
export interface PluginDefinition {
  id: string;
  routes: PluginRoute[];
  menu?: PluginMenuItem[];
  permissions?: PluginPermission[];
  /** Robot types the plugin serves (all when absent). */
  robotTypes?: number[];
  /** Components mounted in the /home shell on every page (pop-ups, background listeners). */
  overlays?: PluginOverlay[];
  /** Translations, registered under the plugin id as i18next namespace. */
  locales?: Partial<Record<Lang, Record<string, unknown>>>;
  /**
   * Form widgets by the name schemas use in `x-widget` (kebab-case, not one of common/widgets.ts).
   * Each name is also declared in the plugin's plugin.json `widgets`, which the server's schema
   * loader reads; the components join the console's widget registry (formWidgets).
   */
  widgets?: Record<string, FormWidget>;
}

/** Declares a plugin (identity function that keeps the definition typed and frozen). */
export function definePlugin<T extends PluginDefinition>(definition: T): Readonly<T> {
  return Object.freeze(definition);
}
