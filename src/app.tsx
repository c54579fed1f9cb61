/** Routes of the console: login, error pages and the (lazy) console behind the login. */
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { AppProviders, installBackGuard, lazyPage, setNavigator, watchLogoutElsewhere } from '@runtime';

const LoginPage = lazyPage(() => import('./pages/login/login-page'));
const NotFoundPage = lazyPage(() => import('./pages/errors/not-found-page'));
const ServerErrorPage = lazyPage(() => import('./pages/errors/server-error-page'));
// The console renders once its plugins' texts of the user's language are in too.
const ConsoleRoot = lazyPage(async () => {
  const m = await import('./pages/console/console-root');
  await m.consoleTextsReady;
  return { default: m.default };
});

/**
 * Loads the chunk of the page the address names. The entry renders once it is there: a
 * Suspense fallback shown and replaced would hold the page back by React's reveal throttle.
 */
export function firstPageReady(path: string): Promise<unknown> {
  return ({ '/': LoginPage, '/404': NotFoundPage, '/500': ServerErrorPage }[path] ?? ConsoleRoot).preload();
}

/** Lets non-React code (API clients on an expired token) navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path, options) => void navigate(path, options)), [navigate]);
  return null;
}

/** index.html's CSS spinner (the login route carries no antd Spin). */
function Loading() {
  return <div className="boot" role="progressbar" aria-label="Loading" />;
}

function Root() {
  return (
    <AppProviders>
      <NavigatorBridge />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/" element={<LoginPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/500" element={<ServerErrorPage />} />
          <Route path="/*" element={<ConsoleRoot />} />
        </Routes>
      </Suspense>
    </AppProviders>
  );
}

/**
 * The application, on the plain BrowserRouter (react-router's data router weighed ~16 KB on the
 * login route; issue 23). A page that must hold the browser's Back button while it is busy (a
 * running call asks "End the call with X?", spec §4) uses the runtime's useNavigationGuard.
 */
export function App() {
  // Before BrowserRouter subscribes to popstate: a guard's listener must run first.
  installBackGuard();
  // A logout in another tab of this session brings this one to the login page too.
  useEffect(() => watchLogoutElsewhere(), []);
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  );
}
