/**
 * i18next with the console's three languages (spec §1): the session's language, else a
 * stored choice, else the browser language, else Chinese.
 *
 * Texts load one language at a time (issue 23): the entry loads the first language's before its
 * first render, a language switch loads the new one's before switching. The runtime's own texts are
 * one chunk per language (vite.config.ts); the composition root adds the plugins' (addTextLoader).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@common/protocol';
import { pickLang } from '@common/messages-login';
import { getSession, setSession } from '../session/session-store';
import { persistedValue } from '../session/persisted-value';

/** The runtime's own texts, one loader per language file. */
const RUNTIME_TEXTS = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

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
  // Filled one language at a time by loadTexts.
  resources: {},
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

/** Loads one language's texts of one source (the runtime's, the plugins'…) into i18n. */
export type TextLoader = (lang: Lang) => Promise<void>;

const textLoaders: TextLoader[] = [
  async (lang) => {
    const load = RUNTIME_TEXTS[`./locales/${lang}.json`];
    if (load) i18n.addResourceBundle(lang, 'translation', await load(), true, true);
  },
];
const textsLoading = new Map<string, Promise<void>>();

/** Loads a language's texts from every source (each once; a failed load is tried again next time). */
export function loadTexts(lang: Lang): Promise<void> {
  return Promise.all(
    textLoaders.map((loader, i) => {
      const key = `${i} ${lang}`;
      let loading = textsLoading.get(key);
      if (!loading) {
        loading = loader(lang);
        textsLoading.set(key, loading);
        loading.catch(() => textsLoading.delete(key));
      }
      return loading;
    }),
  ).then(() => undefined);
}

/** Adds a source of texts (the plugins'); resolves when the current language's are in. */
export function addTextLoader(loader: TextLoader): Promise<void> {
  textLoaders.push(loader);
  return loadTexts(getLang());
}

/** Switches i18n to a language once its texts are in. */
export async function applyLang(lang: Lang): Promise<void> {
  await loadTexts(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language this tab is switching to by its own choice (its store's change is not another tab's). */
let switching: Lang | undefined;

/** Writes the language into this tab's session and switches i18n to it. */
async function adoptLang(lang: Lang): Promise<void> {
  const session = getSession();
  if (session && session.lang !== lang) setSession({ ...session, lang });
  await applyLang(lang);
}

/** Switches the language, remembers the choice and writes it into the session. */
export async function changeLang(lang: Lang): Promise<void> {
  switching = lang;
  try {
    chosenLang.set(lang);
    await adoptLang(lang);
  } finally {
    if (switching === lang) switching = undefined;
  }
}

/**
 * A language chosen in another tab of this browser (the stored choice changed under this tab)
 * applies here too, as the skin does: the texts switch without a reload, and this tab's session
 * takes the language so that a reload keeps it.
 */
export function followChosenLang(): () => void {
  return chosenLang.subscribe(() => {
    const lang = chosenLang.get();
    if (isLang(lang) && lang !== switching && lang !== getLang()) void adoptLang(lang);
  });
}

/** Adds a plugin's translations under its own namespace (the plugin id). */
export function addPluginLocales(namespace: string, locales: Partial<Record<Lang, Record<string, unknown>>>): void {
  for (const lang of LANGS) {
    const bundle = locales[lang];
    if (bundle) i18n.addResourceBundle(lang, namespace, bundle, true, true);
  }
}

if (typeof document !== 'undefined') {
  followChosenLang();
  document.documentElement.lang = getLang();
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}
