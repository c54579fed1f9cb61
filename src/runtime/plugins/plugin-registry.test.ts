import { describe, expect, it, vi } from 'vitest';
import { createPluginRegistry } from './plugin-registry';
import { definePlugin, type PluginDefinition } from './define-plugin';
import { createWidgetRegistry, type FormWidget } from '../schema/widgets/widget-registry';

const labels = { en: 'Telecontrol', zh: '远程控制', ja: '遠隔操作' };
const page = () => Promise.resolve({ default: () => null });

function good(id: string, path = `/home/${id}`): PluginDefinition {
  return definePlugin({
    id,
    routes: [{ path, page }],
    menu: [{ key: id, path, labels }],
    permissions: [{ key: `${id}:use`, labels }],
  });
}

function registry(modules: Record<string, unknown>) {
  const log = { error: vi.fn() };
  return { registry: createPluginRegistry(modules, log), log };
}

describe('plugin registry', () => {
  it('accepts valid plugins and collects routes, menu entries and permission nodes', () => {
    const { registry: r, log } = registry({
      '/plugins/alpha/index.ts': { default: good('alpha') },
      '/plugins/beta/index.ts': { default: good('beta') },
    });
    expect(r.plugins.map((p) => p.id)).toEqual(['alpha', 'beta']);
    expect(r.routes.map((x) => [x.pluginId, x.path])).toEqual([
      ['alpha', '/home/alpha'],
      ['beta', '/home/beta'],
    ]);
    expect(r.menu).toHaveLength(2);
    expect(r.permissions.map((p) => p.key)).toEqual(['alpha:use', 'beta:use']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('attaches to each route what opening it needs: its permission and the needs of the menu entries leading to it', () => {
    const gamma = definePlugin({
      id: 'gamma',
      routes: [
        { path: '/home/gamma', page, permission: 'gamma:use' },
        { path: '/home/gammaLog', page },
        { path: '/home/gammaFree', page },
      ],
      menu: [
        { key: 'gamma', path: '/home/gamma', labels, needs: ['gamma:use', 'robotLog:read'] },
        { key: 'gammaLog', path: '/home/gammaLog', labels, needs: ['robotLog:read'] },
      ],
    });
    // Another plugin's menu entry leading to gamma's free page adds its needs there too.
    const delta = definePlugin({ id: 'delta', routes: [{ path: '/home/delta', page }], menu: [{ key: 'deltaToGamma', path: '/home/gammaFree', labels, needs: ['delta:use'] }] });
    const { registry: r } = registry({ '/plugins/gamma/index.ts': { default: gamma }, '/plugins/delta/index.ts': { default: delta } });
    expect(Object.fromEntries(r.routes.map((x) => [x.path, x.needs]))).toEqual({
      '/home/delta': [],
      '/home/gamma': ['gamma:use', 'robotLog:read'],
      '/home/gammaLog': ['robotLog:read'],
      '/home/gammaFree': ['delta:use'],
    });
  });

  const cases: [string, unknown, RegExp][] = [
    ['no default export', {}, /no default export/],
    ['a bad id', { default: { ...good('x'), id: 'Bad Id' } }, /invalid id/],
    ['an id that is not its folder', { default: good('other') }, /does not match its folder/],
    ['routes that are not a list', { default: { ...good('x'), routes: 'nope' } }, /routes must be an array/],
    ['a relative route path', { default: { ...good('x'), routes: [{ path: 'home/x', page }] } }, /absolute path/],
    ['a route without a page loader', { default: { ...good('x'), routes: [{ path: '/home/x' }] } }, /needs page/],
    ['a menu entry missing a language', { default: { ...good('x'), menu: [{ key: 'x', path: '/home/x', labels: { en: 'X', zh: 'X' } }] } }, /lacks a "ja" label/],
    ['a permission not named resource:action', { default: { ...good('x'), permissions: [{ key: 'teleop', labels }] } }, /resource:action/],
    ['robot types that are not numbers', { default: { ...good('x'), robotTypes: ['Anbot'] } }, /robotTypes/],
    ['a widget name that is not kebab-case', { default: { ...good('x'), widgets: { FuelGauge: () => null } } }, /widget name "FuelGauge" must be kebab-case/],
    ['a widget named as a built-in one', { default: { ...good('x'), widgets: { textarea: () => null } } }, /widget "textarea" is a built-in widget/],
    ['a widget that is not a component', { default: { ...good('x'), widgets: { 'fuel-gauge': 'FuelGauge' } } }, /widget "fuel-gauge" must be a React component/],
  ];

  for (const [what, mod, reason] of cases) {
    it(`logs and skips a plugin with ${what}`, () => {
      const { registry: r, log } = registry({ '/plugins/x/index.ts': mod, '/plugins/ok/index.ts': { default: good('ok') } });
      expect(r.plugins.map((p) => p.id)).toEqual(['ok']);
      expect(r.rejected).toHaveLength(1);
      expect(r.rejected[0]!.reason).toMatch(reason);
      expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/Plugin \/plugins\/x\/index\.ts skipped/));
    });
  }

  it('refuses a second plugin claiming a route already taken', () => {
    const { registry: r } = registry({
      '/plugins/a/index.ts': { default: good('a', '/home/shared') },
      '/plugins/b/index.ts': { default: good('b', '/home/shared') },
    });
    expect(r.plugins.map((p) => p.id)).toEqual(['a']);
    expect(r.rejected[0]).toMatchObject({ source: '/plugins/b/index.ts', reason: expect.stringMatching(/already taken/) });
  });

  it('registers the widgets of accepted plugins, and refuses a plugin reusing another plugin\'s widget name', () => {
    const Gauge: FormWidget = () => null;
    const widgets = createWidgetRegistry();
    const log = { error: vi.fn() };
    const r = createPluginRegistry(
      { '/plugins/a/index.ts': { default: { ...good('a'), widgets: { 'fuel-gauge': Gauge } } }, '/plugins/b/index.ts': { default: { ...good('b'), widgets: { 'fuel-gauge': () => null } } } },
      log,
      widgets,
    );
    expect(r.widgets).toEqual([{ name: 'fuel-gauge', pluginId: 'a' }]);
    expect(widgets.resolve('fuel-gauge', 'thing')).toBe(Gauge);
    expect(r.rejected[0]).toMatchObject({ source: '/plugins/b/index.ts', reason: 'widget "fuel-gauge" is already registered by another plugin' });
  });

  it('survives a definition whose getters throw', () => {
    const hostile = Object.defineProperty({}, 'id', {
      get() {
        throw new Error('boom');
      },
    });
    const { registry: r } = registry({ '/plugins/h/index.ts': { default: hostile }, '/plugins/ok/index.ts': { default: good('ok') } });
    expect(r.plugins.map((p) => p.id)).toEqual(['ok']);
    expect(r.rejected[0]!.reason).toMatch(/boom/);
  });
});
