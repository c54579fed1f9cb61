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

function Themed({ children }: { children: ReactNode }) {
  const skin = useSkin();
  const locale = useAntdLocale();
  const themeConfig = useMemo(
    () => ({
      algorithm: skin === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: BRAND_COLOUR, borderRadius: 6, zIndexPopupBase: LayoutConstants.dialogZIndex },
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
