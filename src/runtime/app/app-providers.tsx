/**
 * Theme, locale and language around every page (login included). antd's App context
 * (message / notification / modal hooks) is added by ConsoleRefine, outside the login chunk.
 */
import { useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { useAntdLocale } from '../i18n/antd-locale';
import { useSkin, type Skin } from '../skin/skin';
import { ANTD_BUTTON_CONFIG, BRAND_COLOUR, skinCssVariables, skinTheme } from '../skin/skin-theme';
import '../skin/skin.css';

/** The console's brand colour. */
export { BRAND_COLOUR };

/** The skin's CSS variables on the application's root (inside ConfigProvider, to read its tokens). */
function SkinRoot({ skin, children }: { skin: Skin; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className={`fc-app fc-skin-${skin}`} style={{ minHeight: '100vh', ...skinCssVariables(token) }}>
      {children}
    </div>
  );
}

function Themed({ children }: { children: ReactNode }) {
  const skin = useSkin();
  const locale = useAntdLocale();
  const themeConfig = useMemo(() => skinTheme(skin), [skin]);
  return (
    // No space pushed between two CJK characters of a button ("处 理", "処 理"): the console's own words as written.
    <ConfigProvider locale={locale} theme={themeConfig} button={ANTD_BUTTON_CONFIG}>
      <SkinRoot skin={skin}>{children}</SkinRoot>
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
