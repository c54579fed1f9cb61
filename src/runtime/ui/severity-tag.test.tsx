// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createSchemaRegistry } from '../schema/schema-registry';
import { SchemaProvider } from '../schema/schema-context';
import { renderCell } from '../schema/cell-renderers';
import type { PropertySchema } from '../schema/schema-types';
import { theme } from 'antd';
import { skinTheme } from '../skin/skin-theme';
import { LEVEL_COLOURS } from '../i18n/format';
import { levelSolidColour, SeverityTag } from './severity-tag';

beforeAll(() => {
  // antd reads matchMedia; jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(cleanup);

const levels = createSchemaRegistry({
  enums: [
    {
      $id: 'alarm-level',
      values: [
        { value: 1, key: 'level1', labels: { en: 'Level 1', zh: '一级', ja: 'レベル1' }, colour: 'blue' },
        { value: 2, key: 'level2', labels: { en: 'Level 2', zh: '二级', ja: 'レベル2' }, colour: 'orange' },
        { value: 3, key: 'level3', labels: { en: 'Level 3', zh: '三级', ja: 'レベル3' }, colour: 'magenta' },
      ],
    },
  ] as never,
});

describe('SeverityTag: an abnormal value marked the one way', () => {
  it('shows the value in the alarm level’s colour with a warning mark', () => {
    render(
      <SchemaProvider registry={levels}>
        <SeverityTag level={3} testId="v">
          38.2 °C
        </SeverityTag>
      </SchemaProvider>,
    );
    const tag = screen.getByTestId('v');
    expect(tag.textContent).toBe('38.2 °C');
    expect(tag.getAttribute('data-severity')).toBe('3');
    // The colour comes from the alarm-level enumeration (here magenta, not the built-in red).
    expect(tag.className).toContain('ant-tag-magenta');
    expect(tag.querySelector('.anticon-warning')).not.toBeNull();
  });

  it('leaves a normal value unmarked and counts levels above 3 as 3', () => {
    render(
      <>
        <SeverityTag level={0} testId="normal">
          36.5 °C
        </SeverityTag>
        <SeverityTag level={7} testId="high">
          x
        </SeverityTag>
      </>,
    );
    expect(screen.getByTestId('normal').textContent).toBe('36.5 °C');
    expect(screen.getByTestId('normal').getAttribute('data-severity')).toBeNull();
    expect(screen.getByTestId('normal').className).not.toContain('ant-tag');
    // Without an alarm-level enumeration the built-in colours apply.
    expect(screen.getByTestId('high').getAttribute('data-severity')).toBe('3');
    expect(screen.getByTestId('high').className).toContain('ant-tag-red');
  });

  it('is what a generated cell with x-severity renders', () => {
    const p = { type: 'number', 'x-severity': { level: 2, atLeast: 37.3 } } as unknown as PropertySchema;
    render(
      <SchemaProvider registry={levels}>
        <div data-testid="cell">{renderCell(37.5, p, { lang: 'en', schemas: levels, refs: {} })}</div>
      </SchemaProvider>,
    );
    const tag = screen.getByTestId('cell').querySelector('[data-severity]')!;
    expect(tag.getAttribute('data-severity')).toBe('2');
    expect(tag.className).toContain('ant-tag-orange');
    expect(tag.textContent).toBe('37.5');
  });

  it('gives each level a solid edge colour that stands ≥ 4:1 on the card and the page in both skins', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const hi = Math.max(luminance(a), luminance(b));
      const lo = Math.min(luminance(a), luminance(b));
      return (hi + 0.05) / (lo + 0.05);
    };
    const light = theme.getDesignToken(skinTheme('light'));
    const dark = theme.getDesignToken(skinTheme('dark'));
    // Light: deep shades (orange from the skin's own deeper orange-7); dark: the lighter shades of antd's dark palette.
    expect([1, 2, 3].map((l) => levelSolidColour(light, LEVEL_COLOURS[l as 1 | 2 | 3]))).toEqual(['#0958d9', '#ad4e00', '#cf1322']);
    expect([1, 2, 3].map((l) => levelSolidColour(dark, LEVEL_COLOURS[l as 1 | 2 | 3]))).toEqual(['#3c89e8', '#e89a3c', '#e84749']);
    for (const [token, backgrounds] of [
      [light, [light.colorBgContainer, light.colorBgLayout]],
      [dark, [dark.colorBgContainer, dark.colorBgElevated, dark.colorBgLayout]],
    ] as const)
      for (const l of [1, 2, 3] as const) for (const bg of backgrounds) expect(contrast(levelSolidColour(token, LEVEL_COLOURS[l]), bg)).toBeGreaterThanOrEqual(4);
    // An enumeration colour that is no preset name is used as it is.
    expect(levelSolidColour(light, '#123456')).toBe('#123456');
  });
});
