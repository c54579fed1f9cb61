// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RoleId } from '@common/access';
import { clearSession, getSession, setSession, type SessionInfo } from '../session/session-store';
import { decideCan, type AccessControlDeps } from './access-control-provider';
import { CanNowProvider, useCanNow } from './use-can-now';

afterEach(() => {
  cleanup();
  clearSession();
});

const company = { route: '/home/companyManage', permissions: { read: 'company:read', create: 'company:create', update: 'company:update', delete: 'company:delete' } };
const deps: AccessControlDeps = { getSubject: getSession, describeResource: (name) => (name === 'company' ? company : undefined) };
const session = (roleId: number) => ({ token: 't', roleId, companyId: 1, username: 'u', name: 'U', permissions: [] }) as unknown as SessionInfo;

function CreateButton() {
  const { data } = useCanNow({ resource: 'company', action: 'create' });
  return <span data-testid="can">{data === undefined ? 'unknown' : String(data.can)}</span>;
}

describe('useCanNow', () => {
  it('answers in the first render, as decideCan does, and again when the session changes', () => {
    setSession(session(RoleId.superAdmin));
    render(
      <CanNowProvider decide={(params) => decideCan(deps, params)}>
        <CreateButton />
      </CanNowProvider>,
    );
    expect(screen.getByTestId('can').textContent).toBe('true');
    // An enterprise admin may not create companies (company:create denied).
    act(() => setSession(session(RoleId.enterpriseAdmin)));
    expect(screen.getByTestId('can').textContent).toBe('false');
    act(() => clearSession());
    expect(screen.getByTestId('can').textContent).toBe('false');
  });

  it('knows nothing outside the console (no provider)', () => {
    setSession(session(RoleId.superAdmin));
    render(<CreateButton />);
    expect(screen.getByTestId('can').textContent).toBe('unknown');
  });
});
