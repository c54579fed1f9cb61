// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, setSession, type SessionInfo } from './session-store';
import { announceLogout, watchLogoutElsewhere } from './logout-elsewhere';

const session = (token: string) => ({ token, roleId: 1, companyId: 1, username: 'u', name: 'U' }) as unknown as SessionInfo;
/** Lets a BroadcastChannel message arrive. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  clearSession();
});

describe('logout in another tab', () => {
  it('ends this tab’s session when another tab logs out of the same session, and only then', async () => {
    stop = watchLogoutElsewhere();
    setSession(session('tab-token'));
    // Another tab: its own channel.
    const other = new BroadcastChannel('fc.session');
    other.postMessage({ type: 'loggedOut', token: 'another-session' });
    await delivered();
    expect(getSession()?.token).toBe('tab-token');
    other.postMessage({ type: 'loggedOut', token: 'tab-token' });
    other.close();
    await delivered();
    expect(getSession()).toBeUndefined();
  });

  it('announces a logout to the other tabs, not to the tab that logs out (it ends its session itself, after telling the server)', async () => {
    stop = watchLogoutElsewhere();
    setSession(session('tab-token'));
    const other = new BroadcastChannel('fc.session');
    const heard: unknown[] = [];
    other.onmessage = (e: MessageEvent) => heard.push(e.data);
    announceLogout('tab-token');
    await delivered();
    other.close();
    expect(heard).toEqual([{ type: 'loggedOut', token: 'tab-token' }]);
    expect(getSession()?.token).toBe('tab-token');
  });

  it('ignores messages that are not a logout', async () => {
    stop = watchLogoutElsewhere();
    setSession(session('tab-token'));
    const c = new BroadcastChannel('fc.session');
    c.postMessage({ type: 'hello', token: 'tab-token' });
    c.postMessage('tab-token');
    c.close();
    await delivered();
    expect(getSession()?.token).toBe('tab-token');
  });
});
