/**
 * antd's component styles, written at build time once per skin (issue 23).
 *
 * antd 5 makes its CSS in the browser: each component's first render builds its style object,
 * serialises it, hashes it and injects a <style> element — about a quarter of a console page's
 * start-up CPU, inside the first commit. Here every antd component is rendered once on the server
 * with each skin's theme (the console's own ConfigProvider options), and the styles antd produced
 * are written as one plain CSS file per skin. The file ends with antd's cache-path map
 * (`.data-ant-cssinjs-cache-path{content:"…"}`): the browser's antd reads it on its first render and
 * skips building and injecting every style the file already holds. Anything not in the file (a
 * nested theme, a component not rendered here) is still made in the browser as before.
 *
 * Run by vite.config.ts (`antdStaticStyles`) in a child process with NODE_ENV=production, so the
 * class hashes are the production ones: `node --import tsx scripts/antd-styles.ts <out-dir>`.
 * Writes `antd-<skin>.css` per skin into <out-dir> and prints their names as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement as h, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { Skin } from '../src/runtime/skin/skin';
import { ANTD_BUTTON_CONFIG, SKINS, skinTheme } from '../src/runtime/skin/skin-theme';

type AnyComponent = ComponentType<Record<string, unknown>> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<Record<string, unknown>> };

/**
 * The components whose styles go in the file: those the console's start-up pages draw (the login,
 * the shell, a generated list with its filters, a detection list, telecontrol, the map editor, the
 * video wall; measured in Chromium from the styles antd injected there) and the dialog every form
 * opens in. The rest (about 700 KB more per skin) keep being made when first drawn.
 */
const COMPONENTS = [
  'App', 'Avatar', 'Badge', 'Button', 'Card', 'Checkbox', 'Col', 'DatePicker', 'Dropdown', 'Empty', 'Form', 'Input',
  'Layout', 'Menu', 'Modal', 'Pagination', 'Popconfirm', 'Popover', 'Result', 'Row', 'Select', 'Space', 'Spin',
  'Switch', 'Table', 'Tag', 'Tooltip', 'Tree', 'TreeSelect', 'Typography', 'Upload',
];

/** Components that render nothing (or only a portal) on the server: their pure panel is rendered instead. */
const PANEL_ONLY = new Set(['Modal', 'Popconfirm', 'Popover', 'Tooltip']);

/** Props a component needs to render its styled parts. */
const PROPS: Record<string, Record<string, unknown>> = {
  Dropdown: { menu: { items: [] }, children: h('div') },
  Menu: { items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }] },
  Tree: { treeData: [{ key: 'a', title: 'a', children: [{ key: 'b', title: 'b' }] }] },
  Table: { columns: [{ title: 'a', dataIndex: 'a', key: 'a' }], dataSource: [{ key: 1, a: 'a' }] },
  Avatar: { children: 'a' },
  // Parts with their own styles: a layout's side bar, a form's item, compact groups (a button in one), preset and status tags.
  Layout: { children: h(antd.Layout.Sider, null, 'a') },
  Form: { children: h(antd.Form.Item, { label: 'a', help: 'a' }, h(antd.Input)) },
  Space: { children: h(antd.Space.Compact, null, h(antd.Button, null, 'a'), h(antd.Input)) },
  Tag: { color: 'blue', children: [h(antd.Tag, { key: 's', color: 'success' }, 'a')] },
  Badge: { count: 1 },
  Result: { status: 'success' },
};

function nodes(): ReactNode {
  const lib = antd as unknown as Record<string, AnyComponent | undefined>;
  return COMPONENTS.map((name) => {
    const comp = lib[name];
    if (!comp) throw new Error(`antd has no ${name}`);
    // The pure panel of a popup (a select's list, a date picker's calendar) beside the component itself.
    const panel = comp._InternalPanelDoNotUseOrYouWillBeFired;
    const parts: ReactNode[] = [];
    if (!PANEL_ONLY.has(name)) parts.push(h(comp, { key: name, ...PROPS[name] }));
    if (panel) parts.push(h(panel, { key: `${name}-panel` }));
    return h(Fragment, { key: name }, ...parts);
  });
}

/** The plain CSS antd makes for every component under one skin, with its cache-path map. */
export function skinStyles(skin: Skin): string {
  const cache = createCache();
  renderToString(
    h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: skinTheme(skin), button: ANTD_BUTTON_CONFIG }, h(antd.App, null, nodes()))),
  );
  return extractStyle(cache, true);
}

function main(): void {
  const out = process.argv[2];
  if (!out) throw new Error('usage: antd-styles.ts <out-dir>');
  fs.mkdirSync(out, { recursive: true });
  const files: Record<string, string> = {};
  for (const skin of SKINS) {
    const file = path.join(out, `antd-${skin}.css`);
    fs.writeFileSync(file, skinStyles(skin));
    files[skin] = file;
  }
  process.stdout.write(JSON.stringify(files));
}

main();
