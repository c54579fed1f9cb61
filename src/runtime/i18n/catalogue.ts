/** The shared message catalogue (common/messages) in the current language, for validation text. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage, type MessageKey } from '@common/messages';
import type { Lang } from '@common/protocol';
import { getLang } from './i18n';

/** A catalogue message in the current language. */
export function catalogueMessage(key: MessageKey, vars?: Record<string, string | number>): string {
  return formatMessage(key, getLang(), vars);
}

/** Hook returning a catalogue formatter that follows language changes. */
export function useCatalogue(): (key: MessageKey, vars?: Record<string, string | number>) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return useCallback((key, vars) => formatMessage(key, lang, vars), [lang]);
}
