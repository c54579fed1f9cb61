/**
 * A light language switcher for pages that must stay small (login): the three languages as
 * links, each with its test id (lang-en, lang-zh, lang-ja), inside `lang-switch`.
 */
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@common/protocol';
import { changeLang } from './i18n';
import { LANG_NAMES } from './lang-names';

/** The inline language switcher. */
export function LangLinks({ color, activeColor }: { color?: string; activeColor?: string }) {
  const { i18n } = useTranslation();
  return (
    <nav data-testid="lang-switch" aria-label="Language" style={{ display: 'flex', gap: 4 }}>
      {LANGS.map((lang: Lang) => {
        const active = i18n.language === lang;
        return (
          <button
            key={lang}
            type="button"
            data-testid={`lang-${lang}`}
            aria-pressed={active}
            onClick={() => void changeLang(lang)}
            style={{
              border: 0,
              background: 'transparent',
              cursor: 'pointer',
              padding: '4px 8px',
              borderRadius: 4,
              font: 'inherit',
              color: active ? activeColor : color,
              fontWeight: active ? 600 : 400,
            }}
          >
            {LANG_NAMES[lang]}
          </button>
        );
      })}
    </nav>
  );
}
