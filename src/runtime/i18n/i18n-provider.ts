/** refine I18nProvider over i18next; forwards refine's default text so no raw key is ever shown. */
import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import { LANGS, type Lang } from '@common/protocol';
import { changeLang } from './i18n';

/** Builds the refine I18nProvider. */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate(key, options, defaultMessage) {
      // refine calls translate(key, defaultMessage) when it has no interpolation options.
      if (typeof options === 'string') return i18n.t(key, { defaultValue: options });
      return i18n.t(key, { ...(options ?? {}), defaultValue: defaultMessage ?? options?.defaultValue ?? key }) as string;
    },
    changeLocale: (locale) => ((LANGS as readonly string[]).includes(locale) ? changeLang(locale as Lang) : undefined),
    getLocale: () => i18n.language,
  };
}
