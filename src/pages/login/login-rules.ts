/** Client rules of the login form (spec §5), as catalogue message keys. */
import { FORMATS } from '@common/formats';
import type { MessageKey } from '@common/messages';

/** The login fields. */
export type LoginField = 'username' | 'password' | 'code';

/** Spec §5 rules: required, then the named format (username, password). */
const RULES: Record<LoginField, { empty: MessageKey; format?: keyof typeof FORMATS }> = {
  username: { empty: 'usernameEmpty', format: 'username' },
  password: { empty: 'passwordEmpty', format: 'password' },
  code: { empty: 'codeEmpty' },
};

/** The catalogue key of the first rule a value breaks, if any. */
export function loginFieldProblem(field: LoginField, value: string): MessageKey | undefined {
  const rule = RULES[field];
  const v = field === 'password' ? value : value.trim();
  if (!v) return rule.empty;
  if (rule.format && !FORMATS[rule.format]!.validate(v)) return FORMATS[rule.format]!.message;
  return undefined;
}
