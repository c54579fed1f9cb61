// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { installBackGuard, useNavigationGuard } from './navigation-guard';

afterEach(cleanup);

let answer: (ok: boolean) => void = () => undefined;
let asked = 0;
let blocking = true;

function Page() {
  const location = useLocation();
  const navigate = useNavigate();
  useNavigationGuard(
    () => blocking,
    () => {
      asked += 1;
      return new Promise<boolean>((resolve) => (answer = resolve));
    },
  );
  return (
    <>
      <p data-testid="path">{location.pathname}</p>
      <button onClick={() => void navigate('/b')}>go</button>
      <button onClick={() => void navigate('/a?x=1')}>same</button>
    </>
  );
}

describe('useNavigationGuard on BrowserRouter', () => {
  it('holds in-app navigation and Back until the question is answered yes; same-path steps pass', async () => {
    window.history.replaceState(null, '', '/a');
    installBackGuard();
    render(
      <BrowserRouter>
        <Page />
      </BrowserRouter>,
    );
    const path = () => screen.getByTestId('path').textContent;
    expect(path()).toBe('/a');

    // A navigation to another path asks; "no" stays.
    act(() => screen.getByText('go').click());
    expect(asked).toBe(1);
    await act(async () => answer(false));
    expect(path()).toBe('/a');
    expect(window.location.pathname).toBe('/a');

    // The same path (a query change) does not ask.
    act(() => screen.getByText('same').click());
    expect(asked).toBe(1);
    expect(window.location.search).toBe('?x=1');

    // "yes" goes on.
    act(() => screen.getByText('go').click());
    expect(asked).toBe(2);
    await act(async () => answer(true));
    expect(path()).toBe('/b');

    // Back asks, the step is undone unseen by the router (its popstate events never reach it); "yes" redoes it.
    act(() => window.history.back());
    await vi.waitFor(() => expect(asked).toBe(3));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/b'));
    expect(path()).toBe('/b');
    blocking = false;
    await act(async () => answer(true));
    await vi.waitFor(() => expect(path()).toBe('/a'));
    expect(window.location.pathname).toBe('/a');
  });
});
