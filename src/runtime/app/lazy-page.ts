/** Lazy pages with the spec's chunk-load timeout (§9: 120 s); a failed load reaches the error boundary. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Timeouts } from '@common/constants';

/** Wraps a page loader in React.lazy, rejecting when the chunk takes longer than the timeout. */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = Timeouts.chunkLoadMs,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
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
      }),
  );
}
