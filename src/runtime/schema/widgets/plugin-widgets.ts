/**
 * The plugins' form widgets (definePlugin `widgets`), kept apart from the built-in ones: the plugin
 * registry runs when the console starts and must not pull the form stack (antd inputs, RJSF) into
 * the shell; default-widgets.ts's formWidgets consults this registry when a form asks for a widget.
 */
import { createWidgetRegistry, type WidgetRegistry } from './widget-registry';

export const pluginWidgets: WidgetRegistry = /* @__PURE__ */ createWidgetRegistry();
