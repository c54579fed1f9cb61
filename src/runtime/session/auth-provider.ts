/** refine AuthProvider over the session actions. */
import type { AuthProvider } from '@refinedev/core';
import { StatusCode } from '@common/protocol';
import { getSession } from './session-store';
import { login, logout } from './session-actions';

/** Parameters of refine's `useLogin` for this console. */
export interface LoginParams {
  username: string;
  password: string;
  codeId: string;
  code: string;
}

/** Builds the console's AuthProvider. */
export function createAuthProvider(): AuthProvider {
  return {
    async login({ username, password, codeId, code }: LoginParams) {
      try {
        await login(username, password, codeId, code);
        return { success: true, redirectTo: '/home' };
      } catch (error) {
        return { success: false, error: error as Error };
      }
    },
    async logout() {
      await logout();
      return { success: true, redirectTo: '/' };
    },
    async check() {
      return getSession() ? { authenticated: true } : { authenticated: false, redirectTo: '/', logout: true };
    },
    async onError(error: { statusCode?: number }) {
      // The event client already cleared the session and went to "/" on 403; nothing more to do.
      if (error?.statusCode === StatusCode.tokenInvalid) return {};
      return {};
    },
    async getIdentity() {
      const s = getSession();
      return s ? { id: s.userId, name: s.name, roleId: s.roleId, companyId: s.companyId, companyName: s.companyName } : null;
    },
    async getPermissions() {
      return getSession()?.roleId ?? null;
    },
  };
}
