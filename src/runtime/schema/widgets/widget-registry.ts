/**
 * Registry of form widgets keyed by the names schemas use in `x-widget`
 * (common/widgets WIDGET_NAMES, and the plugins' own, registered by the plugin registry).
 * An unknown name fails with a message naming the schema.
 */
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** A form widget component (RJSF widget props). */
export type FormWidget = ComponentType<WidgetProps>;

/** Widgets by name. */
export interface WidgetRegistry {
  register(name: string, widget: FormWidget): void;
  has(name: string): boolean;
  names(): string[];
  /** The widget a schema asks for; throws naming the schema and the widget when unknown. */
  resolve(name: string, schemaId: string, property?: string): FormWidget;
}

/** Creates a widget registry with initial entries. */
export function createWidgetRegistry(initial: Record<string, FormWidget> = {}): WidgetRegistry {
  const widgets = new Map<string, FormWidget>(Object.entries(initial));
  return {
    register(name, widget) {
      if (widgets.has(name)) console.warn(`Widget "${name}" registered twice; the later one wins`);
      widgets.set(name, widget);
    },
    has: (name) => widgets.has(name),
    names: () => [...widgets.keys()],
    resolve(name, schemaId, property) {
      const widget = widgets.get(name);
      if (!widget) {
        const where = property ? `property "${property}" of schema "${schemaId}"` : `schema "${schemaId}"`;
        throw new Error(`Unknown widget "${name}" in ${where}; known widgets: ${[...widgets.keys()].join(', ') || 'none'}`);
      }
      return widget;
    },
  };
}
