/**
 * Unit tests see the runtime's texts in every language, as the console does once it has loaded
 * them (src/runtime/i18n/i18n.ts loads one language at a time, on demand).
 */
import { LANGS } from '../../common/protocol';
import { loadTexts } from '../../src/runtime/i18n/i18n';

await Promise.all(LANGS.map((lang) => loadTexts(lang)));
