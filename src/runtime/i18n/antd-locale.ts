/**
 * antd and dayjs locales that follow the console language; loaded on demand to keep chunks small.
 * The entry loads the first language's before its first render (preloadAntdLocale), and antd is
 * always handed a locale (English, which antd carries anyway, until another one is here): antd's
 * ConfigProvider wraps the page in a LocaleProvider only when it has a locale, so a locale that
 * arrived after the first render remounted the whole console (every page fetched its data twice).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '@common/protocol';

const antdLoaders: Record<Lang, () => Promise<Locale>> = {
  en: async () => enUS,
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  ja: () => import('antd/es/locale/ja_JP').then((m) => m.default),
};

const dayjsLoaders: Record<Lang, () => Promise<string>> = {
  en: async () => 'en',
  zh: () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  ja: () => import('dayjs/locale/ja').then(() => 'ja'),
};

const loaded = new Map<Lang, { antd: Locale; dayjs: string }>([['en', { antd: enUS, dayjs: 'en' }]]);

function langOf(value: string): Lang {
  return value in antdLoaders ? (value as Lang) : 'zh';
}

/** Loads the antd and dayjs locales of a language (once) and makes it dayjs's current one. */
export async function preloadAntdLocale(language: string): Promise<void> {
  const lang = langOf(language);
  let hit = loaded.get(lang);
  if (!hit) {
    const [antd, dayjsName] = await Promise.all([antdLoaders[lang](), dayjsLoaders[lang]()]);
    hit = { antd, dayjs: dayjsName };
    loaded.set(lang, hit);
  }
  dayjs.locale(hit.dayjs);
}

/** The antd locale of the current language (English until that language's has loaded). */
export function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [, setVersion] = useState(0);
  useEffect(() => {
    const hit = loaded.get(lang);
    if (hit) {
      dayjs.locale(hit.dayjs);
      return;
    }
    let live = true;
    preloadAntdLocale(lang)
      .then(() => live && setVersion((n) => n + 1))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [lang]);
  return loaded.get(lang)?.antd ?? enUS;
}
