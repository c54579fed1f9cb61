/**
 * The part of the message catalogue (messages.ts) that the login page shows, with the catalogue's
 * helpers: the login route loads this, not the whole catalogue of every server answer (issue 23:
 * the login route's JavaScript budget). messages.ts spreads these into MESSAGES.
 */
import type { Lang } from './protocol';

/** A catalogue: key → text per language. */
export type Catalog = Record<string, Record<Lang, string>>;

/** What the login form and the expired-session notice say. */
export const LOGIN_MESSAGES = {
  tokenInvalid: { en: 'Login expired, please log in again', zh: '登录已过期，请重新登录', ja: 'ログインの有効期限が切れました。再度ログインしてください' },
  usernameEmpty: { en: 'Please enter the username', zh: '请输入用户名', ja: 'ユーザー名を入力してください' },
  passwordEmpty: { en: 'Please enter the password', zh: '请输入密码', ja: 'パスワードを入力してください' },
  codeEmpty: { en: 'Please enter the verification code', zh: '请输入验证码', ja: '認証コードを入力してください' },
  'format.username': { en: 'Username: 5-16 letters and digits', zh: '用户名格式错误：5-16位字母或数字', ja: 'ユーザー名は英数字5〜16文字です' },
  'format.password': { en: 'Password: 6-16 letters and digits, with at least one letter and one digit', zh: '密码格式错误：6-16位字母和数字，须同时包含字母和数字', ja: 'パスワードは英字と数字を両方含む英数字6〜16文字です' },
} satisfies Catalog;

/** A key of the login part. */
export type LoginMessageKey = keyof typeof LOGIN_MESSAGES;

/** Fills `{name}` placeholders of a message of `catalog` in the given language (English, else the key, when missing). */
export function fillMessage(catalog: Catalog, key: string, lang: Lang, vars: Record<string, string | number> = {}): string {
  const template = catalog[key]?.[lang] ?? catalog[key]?.en ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** Picks a supported language from an Accept-Language header or a language tag. */
export function pickLang(input: string | undefined | null, fallback: Lang = 'en'): Lang {
  if (!input) return fallback;
  for (const part of input.split(',')) {
    const tag = part.trim().toLowerCase().slice(0, 2);
    if (tag === 'zh' || tag === 'ja' || tag === 'en') return tag;
  }
  return fallback;
}
