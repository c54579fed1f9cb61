/**
 * i18next with the console's three languages (spec §1): the session's language, else a
 * stored choice, else the browser language, else Chinese.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@common/protocol';
import { pickLang } from '@common/messages-login';
import { getSession, setSession } from '../session/session-store';
import { persistedValue } from '../session/persisted-value';
import en from './locales/en.json';
import zh from './locales/zh.json';
import ja from './locales/ja.json';

const chosenLang = persistedValue<Lang>('fc.lang', 'local');

function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Language to start with (spec §1 order, with the user's last explicit choice before the browser's). */
export function resolveInitialLang(): Lang {
  const fromSession = getSession()?.lang;
  if (isLang(fromSession)) return fromSession;
  const chosen = chosenLang.get();
  if (isLang(chosen)) return chosen;
  if (typeof navigator !== 'undefined') {
    const tags = navigator.languages?.length ? navigator.languages.join(',') : navigator.language;
    return pickLang(tags, 'zh');
  }
  return 'zh';
}

/** Whether the user picked a language explicitly on this browser. */
export function hasChosenLang(): boolean {
  return isLang(chosenLang.get());
}

/** The console's i18next instance. */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh }, ja: { translation: ja } },
  lng: resolveInitialLang(),
  fallbackLng: 'en',
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The current language. */
export function getLang(): Lang {
  const l = i18n.language;
  return isLang(l) ? l : 'zh';
}

/** Switches the language, remembers the choice and writes it into the session. */
export async function changeLang(lang: Lang): Promise<void> {
  chosenLang.set(lang);
  const session = getSession();
  if (session && session.lang !== lang) setSession({ ...session, lang });
  await i18n.changeLanguage(lang);
}

/** Adds a plugin's translations under its own namespace (the plugin id). */
export function addPluginLocales(namespace: string, locales: Partial<Record<Lang, Record<string, unknown>>>): void {
  for (const lang of LANGS) {
    const bundle = locales[lang];
    if (bundle) i18n.addResourceBundle(lang, namespace, bundle, true, true);
  }
}

if (typeof document !== 'undefined') {
  document.documentElement.lang = getLang();
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}
