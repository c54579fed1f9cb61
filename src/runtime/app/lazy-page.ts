/**
 * Lazy pages with the spec's chunk-load timeout (§9: 120 s); a failed load reaches the error
 * boundary. Unlike React.lazy, a page whose chunk was loaded ahead (`preload()`, e.g. the page
 * the address bar names, fetched alongside the schema set) renders at once without suspending:
 * a Suspense fallback that is shown and then replaced costs React 19's reveal throttle
 * (~300 ms) per level, which was most of the video wall's time to first frame.
 */
import { createElement, use, type ComponentType } from 'react';
import { Timeouts } from '@common/constants';

/** A promise carrying its outcome in the fields React's `use` reads, so a settled one never suspends. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A lazily loaded page component that can be fetched before it renders. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts loading the chunk (once); resolves when the page can render without suspending. */
  preload(): Promise<unknown>;
};

/** Wraps a page loader, rejecting when the chunk takes longer than the timeout. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, timeoutMs: number = Timeouts.chunkLoadMs): LazyPage<P> {
  let loading: Tracked<{ default: ComponentType<P> }> | undefined;
  const start = (): Tracked<{ default: ComponentType<P> }> => {
    if (loading && loading.status !== 'rejected') return loading;
    const p: Tracked<{ default: ComponentType<P> }> = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Page chunk did not load within ${timeoutMs / 1000} s`)), timeoutMs);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
    p.status = 'pending';
    p.then(
      (m) => {
        p.status = 'fulfilled';
        p.value = m;
      },
      (e: unknown) => {
        p.status = 'rejected';
        p.reason = e;
      },
    );
    return (loading = p);
  };
  function Page(props: P) {
    return createElement(use(start() as Promise<{ default: ComponentType<P> }>).default, props);
  }
  Page.preload = () => start().catch(() => undefined);
  return Page;
}

/**
 * A lazy page of a module's named export: `lazyNamed(() => import('./map-canvas'), 'MapCanvas')`,
 * its props typed from the module (no type-only import of the component, no `{ default: … }` adapter).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K, timeoutMs?: number): M[K] extends ComponentType<infer P> ? LazyPage<P & object> : never {
  return lazyPage<object>(() => load().then((m) => ({ default: m[name] as unknown as ComponentType<object> })), timeoutMs) as never;
}
