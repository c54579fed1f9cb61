/** antd and dayjs locales that follow the console language; loaded on demand to keep chunks small. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@common/protocol';

const antdLoaders: Record<Lang, () => Promise<Locale>> = {
  en: () => import('antd/es/locale/en_US').then((m) => m.default),
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  ja: () => import('antd/es/locale/ja_JP').then((m) => m.default),
};

const dayjsLoaders: Record<Lang, () => Promise<string>> = {
  en: async () => 'en',
  zh: () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  ja: () => import('dayjs/locale/ja').then(() => 'ja'),
};

/** The antd locale of the current language (undefined until loaded: antd then speaks English). */
export function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const lang = (i18n.language as Lang) in antdLoaders ? (i18n.language as Lang) : 'zh';
  const [locale, setLocale] = useState<{ lang: Lang; locale: Locale }>();
  useEffect(() => {
    let live = true;
    void Promise.all([antdLoaders[lang](), dayjsLoaders[lang]()]).then(([antd, dayjsName]) => {
      dayjs.locale(dayjsName);
      if (live) setLocale({ lang, locale: antd });
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return locale?.locale;
}
