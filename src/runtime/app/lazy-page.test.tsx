// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyNamed, lazyPage } from './lazy-page';

afterEach(cleanup);

const page = (text: string) => ({ default: () => <p>{text}</p> });

describe('lazyPage', () => {
  it('renders a preloaded page in the first commit: the fallback is never shown', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return page('ready');
    });
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends a page not loaded yet and shows it when its chunk arrives', async () => {
    let release!: () => void;
    const Page = lazyPage(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (release = () => resolve(page('arrived')))));
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByText('loading')).toBeTruthy();
    // React reveals a boundary that showed its fallback no sooner than ~300 ms later.
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(screen.getByText('arrived')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a chunk that does not arrive within the timeout fails, and the next attempt loads it again', async () => {
    let calls = 0;
    const Page = lazyPage(() => {
      calls += 1;
      return calls === 1 ? new Promise<never>(() => undefined) : Promise.resolve(page('second try'));
    }, 20);
    await Page.preload();
    expect(calls).toBe(1);
    await Page.preload();
    expect(calls).toBe(2);
    render(<Page />);
    expect(screen.getByText('second try')).toBeTruthy();
  });

  it('lazyNamed renders a module’s named export with its props', async () => {
    const Greeting = lazyNamed(async () => ({ Greeting: ({ name }: { name: string }) => <p>hello {name}</p>, other: 1 }), 'Greeting');
    await Greeting.preload();
    render(<Greeting name="PatrolA1" />);
    expect(screen.getByText('hello PatrolA1')).toBeTruthy();
  });
});
