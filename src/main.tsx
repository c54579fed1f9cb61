/** Entry: antd React 19 shim, mobile viewport, https redirect, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLang, installAntdReact19Shim, Layout, loadConfig, loadTexts, preloadAntdLocale, redirectToHttpsIfRequired, skinStylesReady } from '@runtime';
import { App, firstPageReady } from './app';

installAntdReact19Shim();

/** Spec §2: on phones and tablets the fixed 1366-wide layout is scaled to the screen. */
function applyMobileViewport(): void {
  const ua = navigator.userAgent;
  const iPadOs = /Macintosh/.test(ua) && navigator.maxTouchPoints > 1;
  if (!/Android|iPhone|iPad|iPod|Mobile|Tablet|HarmonyOS/i.test(ua) && !iPadOs) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'viewport';
    document.head.appendChild(meta);
  }
  meta.content = `width=${Layout.mobileViewportWidth}, user-scalable=yes`;
}

applyMobileViewport();
void loadConfig().then((config) => redirectToHttpsIfRequired(config));

// index.html's spinner stays until the first page's code, the language's texts and its antd locale
// are here (a locale arriving later would show English first; a failed one leaves antd in English),
// and antd's build-time styles (read once, on antd's first render; without them antd makes its own).
void Promise.all([
  firstPageReady(window.location.pathname),
  loadTexts(getLang()).catch(() => undefined),
  preloadAntdLocale(getLang()).catch(() => undefined),
  skinStylesReady(),
]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
