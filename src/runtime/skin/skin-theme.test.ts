import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { skinTheme } from './skin-theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** A translucent rgba() token laid on a solid background, as the browser paints it. */
function over(rgba: string, bg: string): string {
  const m = /rgba?\(([^)]+)\)/.exec(rgba);
  if (!m) return rgba;
  const [r, g, b, a = 1] = m[1]!.split(',').map(Number);
  return `#${[r!, g!, b!].map((c, i) => Math.round(c * a + parseInt(bg.slice(1 + 2 * i, 3 + 2 * i), 16) * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
}

describe('skin themes keep text at WCAG 2 AA (4.5:1, issue 22)', () => {
  for (const skin of ['light', 'dark'] as const) {
    it(`${skin} skin`, () => {
      const t = theme.getDesignToken(skinTheme(skin));
      const bg = t.colorBgContainer;
      const rowHover = over(t.colorFillAlter, bg);
      const pairs: [string, string, string][] = [
        ['link on a row', t.colorLink, bg],
        ['link on a hovered row', t.colorLink, rowHover],
        ['link on a selected row', t.colorLink, t.controlItemBgActive],
        ['hovered link', t.colorLinkHover, bg],
        ['error text on a hovered row', t.colorError, rowHover],
        ['white on a primary button', '#ffffff', t.colorPrimary],
        ['white on a hovered primary button', '#ffffff', t.colorPrimaryHover],
        ['secondary text', over(t.colorTextSecondary, bg), bg],
        ['table "no data" text', over(t.colorTextDisabled, bg), bg],
        ...(['Success', 'Warning', 'Error', 'Info'] as const).map((s): [string, string, string] => [`${s} tag`, t[`color${s}`], t[`color${s}Bg`]]),
        ...(['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'volcano', 'geekblue', 'lime', 'gold'] as const).map((c): [string, string, string] => [`${c} tag`, t[`${c}7`], t[`${c}1`]]),
      ];
      const low = pairs.map(([what, fg, back]) => ({ what, fg, back, ratio: Math.round(contrast(fg, back) * 100) / 100 })).filter((p) => p.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }
});
