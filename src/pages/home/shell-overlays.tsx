/**
 * Plugin overlays (`definePlugin({overlays})`): components mounted once in the /home shell on
 * every page, loaded lazily (outside the shell's chunk). A failing overlay is logged and
 * dropped; the shell and the page keep working.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { lazyPage, useAfterFirstPaint, type LazyPage, type RegisteredOverlay } from '@runtime';

class OverlayBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`Overlay ${this.props.name} failed:`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The lazy components of the registered overlays (created once). */
export function lazyOverlays(overlays: RegisteredOverlay[]): { name: string; Component: LazyPage }[] {
  return overlays.map((o) => ({ name: `${o.pluginId}/${o.key}`, Component: lazyPage(o.component) }));
}

/**
 * Renders the overlays inside the shell, from the render after the shell's first commit: their code
 * is asked for once the page's frame is on screen, not before it.
 */
export function ShellOverlays({ overlays }: { overlays: { name: string; Component: LazyPage }[] }) {
  const shown = useAfterFirstPaint();
  if (!shown) return null;
  return (
    <>
      {overlays.map(({ name, Component: C }) => (
        <OverlayBoundary key={name} name={name}>
          <Suspense fallback={null}>
            <C />
          </Suspense>
        </OverlayBoundary>
      ))}
    </>
  );
}
