/**
 * Everything behind the login: route guard, schema loading, refine, the shell and every
 * generated or plugin page. Loaded lazily so the login route stays small.
 */
import { startTransition, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { subjectCan } from '@common/access';
import {
  askFirstList,
  ConsoleRefine,
  createSchemaRegistry,
  EntityListPage,
  fetchSchemas,
  getToken,
  lazyPage,
  FailureNotice,
  LinkFailureNotice,
  loadConfig,
  pickLabel,
  RobotRequired,
  RouteGuard,
  setPagePreloader,
  SCHEMAS_CHANGED_EVENT,
  SettingsPage,
  useRealtimeLinkWhileMounted,
  useSession,
  type ExtraResource,
  type Lang,
  type LazyPage,
  type RegisteredRoute,
  type SchemaRegistry,
} from '@runtime';
import { HomeShell } from '../home/home-shell';
import { lazyOverlays } from '../home/shell-overlays';
import { collectMenuEntries } from '../home/menu-model';
import { HomeIndex, LastRouteRecorder } from '../home/landing';
import { PageErrorBoundary } from '../errors/page-error-boundary';
import { pluginRegistry, pluginTextsReady } from './discovered-plugins';

/** Resolves when the plugins' texts of the user's language are in (the app waits for it before rendering the console). */
export const consoleTextsReady = pluginTextsReady;

const HOME = '/home';
/** How long the console's first render waits for the list asked for ahead (a slower list shows its loading state). */
const FIRST_LIST_WAIT_MS = 1000;
const DEFAULT_HOME_PAGE = '/home/telecontrol';

// One lazy component per plugin route, created once.
const pluginPages = new Map<string, LazyPage>(pluginRegistry.routes.map((r) => [r.path, lazyPage(r.page)]));

// Plugin overlays (the alarm pop-up…), lazy, created once.
const shellOverlays = lazyOverlays(pluginRegistry.overlays);

/**
 * The code of the page the address names, fetched alongside the schema set; the console renders
 * when both are there, so the page does not suspend on its first render
 * (React's reveal throttle would hold it back ~300 ms — bench/video-wall.ts, first frame).
 */
function firstPageCode(): Promise<unknown> {
  const here = window.location.pathname;
  return preloadPluginPage(here) ?? (here.startsWith(`${HOME}/`) ? EntityListPage.preload() : Promise.resolve());
}

/**
 * Starts loading the plugin page at a path (query ignored), with the robot switcher when the page
 * needs a robot (RobotRequired loads it lazily); undefined when no plugin route matches.
 */
function preloadPluginPage(path: string): Promise<unknown> | undefined {
  const route = pluginRegistry.routes.find((r) => matchPath(r.path, path.split('?')[0]!));
  if (!route) return undefined;
  const page = pluginPages.get(route.path)?.preload();
  return route.requiresRobot ? Promise.all([page, RobotRequired.preload()]) : page;
}

/** The schema set's failure (antd Result and its pictures, ~10 KB gzip: loaded only when it shows). */
const SchemasFailed = lazyPage(() => import('./schemas-failed'));

/**
 * What the console's first render needs: the start-up configuration, the schema set and, once the set
 * is in, the list the address opens (asked for at once and waited for at most FIRST_LIST_WAIT_MS: the
 * list's first render then has its rows; issue 23), and `code`, the page's code.
 */
function loadConsole(code: Promise<unknown>): Promise<SchemaRegistry> {
  const registry = fetchSchemas(getToken()).then((set) => {
    const made = createSchemaRegistry(set);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => void (timer = setTimeout(resolve, FIRST_LIST_WAIT_MS)));
    return Promise.race([askFirstList(made), waited]).then(() => {
      clearTimeout(timer);
      return made;
    });
  });
  return Promise.all([loadConfig(), registry, code]).then(([, made]) => made);
}

// Started as this module loads, not when the console first mounts (after the plugins' texts).
let firstLoad: Promise<SchemaRegistry> | null = typeof window === 'undefined' ? null : loadConsole(firstPageCode());
firstLoad?.catch(() => undefined);

// Pages ask for another page's code ahead (runtime preloadPage); only plugin pages are separate chunks here.
setPagePreloader((path) => void preloadPluginPage(path));

function relative(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * A page whose work the caller's role may not do is not opened to fail (issue 18): a schema page
 * without its read permission (x-access.read), a plugin page without its declared permission, go to /404
 * like a page the role's route rules block.
 */
function Permitted({ permission, children }: { permission?: string | readonly string[]; children: ReactNode }) {
  const session = useSession();
  const needs = typeof permission === 'string' ? [permission] : (permission ?? []);
  if (session && needs.some((p) => !subjectCan(session, p))) return <Navigate to="/404" replace />;
  return <>{children}</>;
}

/** A plugin page opens for those who hold what it needs (its permission and its menu entries' needs, attached by the plugin registry). */
function PluginRoutePage({ route }: { route: RegisteredRoute }) {
  const Page = pluginPages.get(route.path)!;
  return (
    <Permitted permission={route.needs}>
      {route.requiresRobot ? (
        <RobotRequired>
          <Page />
        </RobotRequired>
      ) : (
        <Page />
      )}
    </Permitted>
  );
}

function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/** Loads config and schemas, then renders refine and the routes. */
function LoadedConsole() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const session = useSession();
  const [schemas, setSchemas] = useState<SchemaRegistry>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    setError(undefined);
    const loading = firstLoad ?? loadConsole(Promise.resolve());
    firstLoad = null;
    loading
      // The console's first render (shell, refine, the page: ~0.4 s of main thread) as a transition: React
      // renders it in slices and the browser stays responsive; only the commit is one task (issue 23).
      .then((made) => startTransition(() => setSchemas(made)))
      .catch((e: unknown) => setError((e as Error).message));
  }, []);
  useEffect(load, [load]);
  // A schema saved in the form designer: fetch the set again, keeping the current one on screen meanwhile.
  useEffect(() => {
    const refresh = () => {
      fetchSchemas(getToken())
        .then((set) => setSchemas(createSchemaRegistry(set)))
        .catch(() => undefined);
    };
    window.addEventListener(SCHEMAS_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(SCHEMAS_CHANGED_EVENT, refresh);
  }, []);
  useRealtimeLinkWhileMounted(Boolean(session) && Boolean(schemas));

  const menuEntries = useMemo(() => (schemas ? collectMenuEntries(pluginRegistry.menu, [...schemas.entities, ...schemas.settings]) : []), [schemas]);
  const extraResources = useMemo<ExtraResource[]>(
    () =>
      pluginRegistry.menu.map((m) => ({
        name: m.pluginId,
        route: m.path,
        label: pickLabel(m.labels, lang),
        permissions: Object.fromEntries(
          pluginRegistry.permissions.filter((p) => p.pluginId === m.pluginId).map((p) => [p.key.split(':')[1]!, p.key]),
        ),
      })),
    [lang],
  );

  if (error) {
    return (
      <Suspense fallback={<FullPageSpin />}>
        <SchemasFailed error={error} onRetry={load} />
      </Suspense>
    );
  }
  if (!schemas) return <FullPageSpin />;

  const entityRoutes = schemas.entities.filter((e) => e['x-route']);
  const settingsRoutes = schemas.settings.filter((s) => s['x-route']);
  const inShell = (path: string) => path.startsWith(`${HOME}/`);

  return (
    <ConsoleRefine schemas={schemas} extraResources={extraResources}>
      <LinkFailureNotice />
      <LastRouteRecorder />
      <FailureNotice />
      <PageErrorBoundary>
        <Routes>
          <Route path="home" element={<HomeShell menuEntries={menuEntries} overlays={shellOverlays} />}>
            <Route index element={<HomeIndex entries={menuEntries} fallback={DEFAULT_HOME_PAGE} />} />
            {entityRoutes
              .filter((e) => inShell(e['x-route']!))
              .map((e) => (
                <Route key={e.$id} path={relative(e['x-route']!).slice('home/'.length)} element={<Permitted permission={e['x-access']?.read}><EntityListPage schemaId={e.$id} /></Permitted>} />
              ))}
            {settingsRoutes
              .filter((s) => inShell(s['x-route']!))
              .map((s) => (
                <Route key={s.$id} path={relative(s['x-route']!).slice('home/'.length)} element={<Permitted permission={s['x-access']?.read}><SettingsPage schemaId={s.$id} /></Permitted>} />
              ))}
            {pluginRegistry.routes
              .filter((r) => inShell(r.path))
              .map((r) => (
                <Route key={r.path} path={relative(r.path).slice('home/'.length)} element={<PluginRoutePage route={r} />} />
              ))}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
          {/* Plugin pages at a spec-fixed path outside /home that still live in the shell (the track area). */}
          <Route element={<HomeShell menuEntries={menuEntries} overlays={shellOverlays} />}>
            {pluginRegistry.routes
              .filter((r) => !inShell(r.path) && r.shell)
              .map((r) => (
                <Route key={r.path} path={relative(r.path)} element={<PluginRoutePage route={r} />} />
              ))}
          </Route>
          {pluginRegistry.routes
            .filter((r) => !inShell(r.path) && !r.shell)
            .map((r) => (
              <Route key={r.path} path={relative(r.path)} element={<PluginRoutePage route={r} />} />
            ))}
          {entityRoutes
            .filter((e) => !inShell(e['x-route']!))
            .map((e) => (
              <Route key={e.$id} path={relative(e['x-route']!)} element={<Permitted permission={e['x-access']?.read}><EntityListPage schemaId={e.$id} /></Permitted>} />
            ))}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </PageErrorBoundary>
    </ConsoleRefine>
  );
}

const pluginPaths = new Set(pluginRegistry.routes.map((r) => r.path.replace(/\/+$/, '')));

/**
 * Paths that may name a page: the shell and its children (entity routes come from the live
 * schemas, so any /home child is a candidate until they are loaded) and plugin pages.
 * Anything else is unknown and goes to /404 before any login check.
 */
function isKnownPath(path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  return clean === HOME || clean.startsWith(`${HOME}/`) || pluginPaths.has(clean);
}

/** The console behind the login (lazy chunk). */
export default function ConsoleRoot() {
  return (
    <RouteGuard isKnownPath={isKnownPath}>
      <LoadedConsole />
    </RouteGuard>
  );
}

