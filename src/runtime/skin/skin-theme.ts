/**
 * The antd theme of each skin, with the token choices that keep every screen at WCAG 2 AA contrast
 * (issue 22: 4.5:1 for text against its actual background, table row hover and fixed columns included).
 * Screens take colours from the theme (antd tokens, or the `--fc-*` CSS variables below), never their own.
 */
import { theme, type ThemeConfig } from 'antd';
import type { CSSProperties } from 'react';
import { Layout as LayoutConstants } from '@common/constants';
import type { Skin } from './skin';

/** The console's brand colour. */
export const BRAND_COLOUR = '#1668dc';

/** antd's button options, one object for every render: no space pushed between two CJK characters ("处 理", "処 理"). */
export const ANTD_BUTTON_CONFIG = { autoInsertSpace: false };

/**
 * Light skin: secondary, tertiary and placeholder text darker than antd's 45 % black (3.4:1 on white);
 * the status colours (white on a danger button, success / warning / error tag text on their pale
 * backgrounds) and the preset tag colours' text shade are deeper. Disabled text keeps antd's colours
 * (WCAG exempts it) but for a disabled select's value.
 *
 * Dark skin (antd's dark algorithm puts the brand blue and red at 2.9–4.4:1 on #141414): text-coloured
 * uses get the next lighter shade of antd's own dark palette (blue-8, red between 7 and 8, geekblue-8,
 * purple-8), so the look stays antd's; the solid uses (primary buttons, ink bars) keep the deeper colours
 * white text needs. Ratios against the darkest and the lightest background each meets (row #141414,
 * hovered row #1d1d1d, selected row #152d50, tinted error row #231415): links #6b9fdc 6.7 / 5.0:1,
 * error text #dc6966 5.5 / 5.0:1 (4.9:1 in an error tag), selected tab #65a9f3 7.5:1, preset tags ≥ 4.5:1 on their fill.
 */
const SKIN_TOKENS = {
  light: {
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // The value of a disabled select (e.g. camera definition for a monitoring user) stays readable: 4.7:1 on #f5f5f5.
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    // A hovered primary button: white on antd's lighter hover shade #3c8ae8 is 3.5:1; on blue-7 6.2:1 (darker on hover).
    colorPrimaryHover: '#0958d9',
    // antd takes links' colour (link buttons: row actions) from colorInfo, not the brand colour: #1677ff is 3.9:1
    // on a hovered row (#fafafa); the brand colour is 5:1 (axe color-contrast on navigation's row actions).
    colorLink: BRAND_COLOUR,
    // antd derived the hover shade from it as #67abf5 (2.4:1 on white): blue-7 / -8, deeper than the link.
    colorLinkHover: '#0958d9',
    colorLinkActive: '#003eb3',
    // The "processing" status tag's text (telecontrol's charging state) is colorInfo on colorInfoBg: antd's
    // #1677ff is 3.7:1 there, the brand colour 4.6:1.
    colorInfo: BRAND_COLOUR,
    colorSuccess: '#237804',
    // Warning text and tags: antd's gold-7 #ad6800 is 4.4:1 on white, 4.25:1 on its pale fill.
    colorWarning: '#a36200',
    colorError: '#cf1322',
    // antd derives a status's pale background from its colour: from the deeper ones above it came out
    // grey-green (2.7:1 under a success tag's text); antd's own pale shades keep ≥ 4.5:1.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    green7: '#237804',
    orange7: '#ad4e00',
    gold7: '#a36200',
    cyan7: '#006d75',
    volcano7: '#ad2102',
    lime7: '#3f6600',
  },
  dark: {
    colorTextSecondary: 'rgba(255, 255, 255, 0.72)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    // A table's "no data" text is in the disabled colour: antd's 25 % white is 2.2:1; 50 % is 5.3:1 on #141414.
    colorTextDisabled: 'rgba(255, 255, 255, 0.5)',
    // A hovered primary button: white on the derived #387ed3 is 4.5:1 rounded down; on this one 5.0:1.
    colorPrimaryHover: '#2a6fc9',
    // Links and link buttons (row actions), the "processing" tag and info text. colorLink and colorInfo are
    // seeds the dark algorithm deepens: this one comes out #6b9fdc (its hover of 1.8:1 is replaced).
    colorLink: '#7ab8ff',
    colorInfo: '#7ab8ff',
    colorLinkHover: '#8dc5f8',
    colorLinkActive: '#3c89e8',
    // Error text (danger link and outlined buttons, status tags, form messages): a seed that comes out
    // #dc6966. Solid danger buttons keep a deeper red under their white text (skin.css).
    colorError: '#ff7875',
    // Preset tag colours whose text shade (-7) is under 4.5:1 on their own fill (-1): the -8 shade.
    geekblue7: '#7f9ef3',
    purple7: '#ab7ae0',
  },
} as const;

/** Every skin (the build writes antd's styles of each: scripts/antd-styles.ts). */
export const SKINS = Object.keys(SKIN_TOKENS) as Skin[];

/** Component tokens per skin. */
const SKIN_COMPONENTS: Record<Skin, ThemeConfig['components']> = {
  light: {},
  dark: {
    // Where antd paints text in the primary colour (selected tab: 2.9:1).
    Tabs: { itemSelectedColor: '#65a9f3', itemHoverColor: '#8dc5f8', itemActiveColor: '#3c89e8' },
    // A hovered default button's text (colorPrimaryHover, kept deep for the primary button's background).
    Button: { defaultHoverColor: '#65a9f3', defaultHoverBorderColor: '#65a9f3' },
  },
};

/** The antd theme of a skin. */
export function skinTheme(skin: Skin): ThemeConfig {
  return {
    algorithm: skin === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: BRAND_COLOUR, borderRadius: 6, zIndexPopupBase: LayoutConstants.dialogZIndex, ...SKIN_TOKENS[skin] },
    components: SKIN_COMPONENTS[skin],
  };
}

/** The theme colours a console stylesheet may use (as `var(--fc-link)` …), set on the application's root element. */
export function skinCssVariables(token: ReturnType<typeof theme.useToken>['token']): CSSProperties {
  return {
    '--fc-link': token.colorLink,
    '--fc-text-secondary': token.colorTextSecondary,
    '--fc-bg-elevated': token.colorBgElevated,
  } as CSSProperties;
}
