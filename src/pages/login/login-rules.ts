/** Client rules of the login form (spec §5), as catalogue message keys. */
import { FORMATS } from '@common/formats';
import type { LoginMessageKey } from '@common/messages-login';

/** The login fields. */
export type LoginField = 'username' | 'password' | 'code';

/** The named formats of the login fields, with their messages (the same keys as FORMATS gives; a unit test holds them equal). */
type LoginFormat = 'username' | 'password';
export const FORMAT_MESSAGES = { username: 'format.username', password: 'format.password' } as const satisfies Record<LoginFormat, LoginMessageKey>;

/** Spec §5 rules: required, then the named format (username, password). */
const RULES: Record<LoginField, { empty: LoginMessageKey; format?: LoginFormat }> = {
  username: { empty: 'usernameEmpty', format: 'username' },
  password: { empty: 'passwordEmpty', format: 'password' },
  code: { empty: 'codeEmpty' },
};

/** The catalogue key of the first rule a value breaks, if any. */
export function loginFieldProblem(field: LoginField, value: string): LoginMessageKey | undefined {
  const rule = RULES[field];
  const v = field === 'password' ? value : value.trim();
  if (!v) return rule.empty;
  if (rule.format && !FORMATS[rule.format]!.validate(v)) return FORMAT_MESSAGES[rule.format];
  return undefined;
}
