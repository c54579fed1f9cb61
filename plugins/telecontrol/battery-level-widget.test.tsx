// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { buildEntityForm, createPluginRegistry, createSchemaRegistry, createWidgetRegistry, formWidgets, SchemaProvider, type EntitySchema } from '@runtime';
import plugin from './index';
import manifest from './plugin.json';
import { BatteryLevelWidget, batteryLevel } from './battery-level-widget';

beforeAll(() => {
  // antd reads matchMedia; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(cleanup);

const entity = { $id: 'thing', type: 'object', properties: { battery: { type: 'integer', minimum: 0, maximum: 100, 'x-widget': 'battery-level' } } } as unknown as EntitySchema;

describe('telecontrol widget battery-level', () => {
  it('is declared in plugin.json (for the server) and in definePlugin (for the console) under the same name', () => {
    expect(manifest.widgets.map((w) => w.name)).toEqual(Object.keys(plugin.widgets ?? {}));
    expect(Object.keys(manifest.widgets[0]!.labels).sort()).toEqual(['en', 'ja', 'zh']);
  });

  it('is registered by the plugin registry and resolved by a schema naming it', () => {
    const widgets = createWidgetRegistry({ textarea: () => null });
    const log = { error: vi.fn() };
    const registry = createPluginRegistry({ '/plugins/telecontrol/index.ts': { default: plugin } }, log, widgets);
    expect(log.error).not.toHaveBeenCalled();
    expect(registry.widgets).toEqual([{ name: 'battery-level', pluginId: 'telecontrol' }]);
    expect(widgets.resolve('battery-level', 'thing', 'battery')).toBe(plugin.widgets!['battery-level']);
    const form = buildEntityForm(entity, { mode: 'edit', lang: 'en', schemas: createSchemaRegistry({}), widgets });
    expect(form.uiSchema.battery?.['ui:widget']).toBe(plugin.widgets!['battery-level']);
  });

  it('joins the console registry (formWidgets) by default', () => {
    createPluginRegistry({ '/plugins/telecontrol/index.ts': { default: plugin } }, { error: vi.fn() });
    expect(formWidgets.resolve('battery-level', 'thing', 'battery')).toBe(plugin.widgets!['battery-level']);
  });

  it('shows the level as a bar, clamped, red when low by the alarm settings’ threshold, a dash without a value', () => {
    expect([batteryLevel(42.4), batteryLevel(130), batteryLevel(-3), batteryLevel(null), batteryLevel('80')]).toEqual([42, 100, 0, undefined, undefined]);
    // The runtime's one battery-low rule: below the alarm-setting schema's batteryLowPercent default.
    const alarmSetting = (low: number) =>
      createSchemaRegistry({ entities: [{ $id: 'alarm-setting', type: 'object', properties: { batteryLowPercent: { type: 'integer', default: low } } } as unknown as EntitySchema] });
    const props = { id: 'root_battery', value: 15 } as WidgetProps;
    const low = () => screen.getByTestId('battery-level').querySelector('.ant-progress-status-exception');
    const at = (threshold: number, value: unknown) => (
      <SchemaProvider registry={alarmSetting(threshold)}>
        <BatteryLevelWidget {...props} value={value} />
      </SchemaProvider>
    );
    const { rerender } = render(at(20, 15));
    expect(screen.getByTestId('battery-level').getAttribute('data-value')).toBe('15');
    expect(screen.getByText('15%')).toBeTruthy();
    expect(low()).not.toBeNull();
    rerender(at(20, 20));
    expect(low()).toBeNull();
    rerender(at(20, 80));
    expect(low()).toBeNull();
    rerender(at(25, 22));
    expect(low()).not.toBeNull();
    rerender(at(20, undefined));
    expect(screen.getByText('—')).toBeTruthy();
    expect(low()).toBeNull();
  });

  it('the widget the plugin registers loads the bar on first use (its code is not in the shell)', async () => {
    const Registered = plugin.widgets!['battery-level']!;
    render(<Registered {...({ id: 'root_battery', value: 64 } as WidgetProps)} />);
    expect((await screen.findByTestId('battery-level')).getAttribute('data-value')).toBe('64');
  });
});
