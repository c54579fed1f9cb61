import { describe, expect, it } from 'vitest';
import { loginFieldProblem } from './login-rules';

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
});
