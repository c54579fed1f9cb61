/**
 * Every text of the runtime and of each plugin exists in Chinese, Japanese and English (spec §1: the
 * console speaks the three), with the same placeholders, and the Chinese and Japanese texts are not
 * English left over. Plural forms count as one key: English has `_one` and `_other`, Chinese and
 * Japanese have the bare key or `_other` (i18next's plural rules).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
type Lang = 'zh' | 'ja' | 'en';
/** Names that stay as they are in every language (formats, protocols, product names). */
const SAME_IN_EVERY_LANGUAGE = new Set(['JSON', 'Schema', 'uiSchema', 'React', 'SOS', 'CPU']);

type Texts = Record<string, string>;

function flatten(value: unknown, prefix = ''): Texts {
  const out: Texts = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v && typeof v === 'object') Object.assign(out, flatten(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

/** A key without its plural suffix. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/** The folders with zh/ja/en.json: the runtime's, the form designer's and each plugin's. */
function localeFolders(): string[] {
  const folders = ['src/runtime/i18n/locales', 'src/form-designer/locales'];
  for (const plugin of fs.readdirSync(path.join(ROOT, 'plugins'))) {
    const dir = `plugins/${plugin}/locales`;
    if (fs.existsSync(path.join(ROOT, dir))) folders.push(dir);
  }
  return folders;
}

function load(folder: string): Record<Lang, Texts> {
  const read = (lang: string) => flatten(JSON.parse(fs.readFileSync(path.join(ROOT, folder, `${lang}.json`), 'utf8')));
  return { zh: read('zh'), ja: read('ja'), en: read('en') };
}

describe('texts in every language', () => {
  const folders = localeFolders();

  it('finds the runtime and the plugins texts', () => {
    expect(folders).toContain('src/runtime/i18n/locales');
    expect(folders).toContain('plugins/alarms/locales');
    expect(folders).toContain('plugins/telecontrol/locales');
    expect(folders.length).toBeGreaterThan(10);
  });

  it.each(folders)('%s: the same keys in zh, ja and en', (folder) => {
    const texts = load(folder);
    const keys = (lang: Lang) => [...new Set(Object.keys(texts[lang]).map(base))].sort();
    expect(keys('zh'), `${folder}: zh against en`).toEqual(keys('en'));
    expect(keys('ja'), `${folder}: ja against en`).toEqual(keys('en'));
  });

  it.each(folders)('%s: the same placeholders, and no English left in zh or ja', (folder) => {
    const texts = load(folder);
    const english = new Map<string, string>();
    for (const [k, v] of Object.entries(texts.en)) if (!english.has(base(k)) || k.endsWith('_other')) english.set(base(k), v);
    const problems: string[] = [];
    for (const lang of ['zh', 'ja'] as const) {
      for (const [key, text] of Object.entries(texts[lang])) {
        const en = english.get(base(key));
        if (en === undefined) continue;
        if (placeholders(text).join() !== placeholders(en).join()) problems.push(`${lang} ${key}: placeholders ${placeholders(text).join()} ≠ en ${placeholders(en).join()}`);
        const words = text.replace(/\{\{[^}]*\}\}/g, '').trim();
        const cjk = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(words);
        if (!cjk && /[A-Za-z]{4,}/.test(words) && !SAME_IN_EVERY_LANGUAGE.has(words)) problems.push(`${lang} ${key}: "${text}" is not ${lang === 'zh' ? 'Chinese' : 'Japanese'}`);
      }
    }
    expect(problems, folder).toEqual([]);
  });
});
