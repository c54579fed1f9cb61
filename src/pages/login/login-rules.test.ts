import { describe, expect, it } from 'vitest';
import { FORMATS } from '@common/formats';
import { LOGIN_MESSAGES } from '@common/messages-login';
import { MESSAGES } from '@common/messages';
import { FORMAT_MESSAGES, loginFieldProblem } from './login-rules';

describe('login rules (spec §5)', () => {
  it('requires username, password and code', () => {
    expect(loginFieldProblem('username', '  ')).toBe('usernameEmpty');
    expect(loginFieldProblem('password', '')).toBe('passwordEmpty');
    expect(loginFieldProblem('code', '')).toBe('codeEmpty');
  });
  it('checks the username and password formats', () => {
    expect(loginFieldProblem('username', 'ab')).toBe('format.username');
    expect(loginFieldProblem('username', 'admin')).toBeUndefined();
    expect(loginFieldProblem('password', 'onlyletters')).toBe('format.password');
    expect(loginFieldProblem('password', 'demo1234')).toBeUndefined();
    expect(loginFieldProblem('code', 'x7k2')).toBeUndefined();
  });
  it('names the same format messages as FORMATS, all of them in the login part of the catalogue', () => {
    for (const [format, key] of Object.entries(FORMAT_MESSAGES)) expect(FORMATS[format]!.message).toBe(key);
    for (const key of Object.keys(LOGIN_MESSAGES)) expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(LOGIN_MESSAGES[key as keyof typeof LOGIN_MESSAGES]);
  });
});
