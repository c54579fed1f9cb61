/** Each language named in itself. */
import type { Lang } from '@common/protocol';

/** Language names shown by the switchers. */
export const LANG_NAMES: Record<Lang, string> = { zh: '中文', ja: '日本語', en: 'English' };
