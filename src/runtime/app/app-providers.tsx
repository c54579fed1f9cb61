/**
 * Theme, locale and language around every page (login included). antd's App context
 * (message / notification / modal hooks) is added by ConsoleRefine, outside the login chunk.
 */
import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Layout as LayoutConstants } from '@common/constants';
import { i18n } from '../i18n/i18n';
import { useAntdLocale } from '../i18n/antd-locale';
import { useSkin } from '../skin/skin';

/** The console's brand colour. */
export const BRAND_COLOUR = '#1668dc';

/**
 * Skin tokens for WCAG 2 AA contrast (issue 22, 4.5:1 for text): secondary, tertiary and placeholder
 * text darker than antd's 45 % black (3.4:1 on white); in the light skin the status colours (white on
 * a danger button, success / warning / error tag text on their pale backgrounds) and the preset tag
 * colours' text shade are deeper. Disabled text keeps antd's colours (WCAG exempts it).
 */
const SKIN_TOKENS = {
  light: {
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // The value of a disabled select (e.g. camera definition for a monitoring user) stays readable: 4.7:1 on #f5f5f5.
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    // antd takes links' colour (link buttons: row actions) from colorInfo, not the brand colour: #1677ff is 3.9:1
    // on a hovered row (#fafafa); the brand colour is 5:1 (axe color-contrast on navigation's row actions).
    colorLink: BRAND_COLOUR,
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
    colorError: '#cf1322',
    // antd derives a status's pale background from its colour: from the deeper ones above it came out
    // grey-green (2.7:1 under a success tag's text); antd's own pale shades keep ≥ 4.5:1.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    green7: '#237804',
    orange7: '#ad4e00',
    gold7: '#ad6800',
    cyan7: '#006d75',
    volcano7: '#ad2102',
    lime7: '#3f6600',
  },
  dark: { colorTextSecondary: 'rgba(255, 255, 255, 0.72)', colorTextTertiary: 'rgba(255, 255, 255, 0.65)', colorTextDescription: 'rgba(255, 255, 255, 0.65)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)' },
} as const;

function Themed({ children }: { children: ReactNode }) {
  const skin = useSkin();
  const locale = useAntdLocale();
  const themeConfig = useMemo(
    () => ({
      algorithm: skin === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: BRAND_COLOUR, borderRadius: 6, zIndexPopupBase: LayoutConstants.dialogZIndex, ...SKIN_TOKENS[skin] },
    }),
    [skin],
  );
  return (
    <ConfigProvider locale={locale} theme={themeConfig}>
      <div className={`fc-app fc-skin-${skin}`} style={{ minHeight: '100vh' }}>
        {children}
      </div>
    </ConfigProvider>
  );
}

/** Wraps the application in its providers. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>{children}</Themed>
    </I18nextProvider>
  );
}
