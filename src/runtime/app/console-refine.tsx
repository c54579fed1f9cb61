/**
 * refine with the console's providers: DataProvider from the schemas' x-api, AuthProvider
 * over the session, AccessControlProvider over common/access, LiveProvider over the
 * realtime link, I18nProvider over i18next, antd notifications, react-router.
 */
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { App as AntdApp } from 'antd';
import { Refine, type CanParams, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@common/messages';
import type { Lang } from '@common/protocol';
import { callNamedEvent, restCall } from '../api/clients';
import { createSchemaDataProvider } from '../api/data-provider';
import { retryQuery } from '../api/errors';
import { createAccessControlProvider, decideCan, type AccessControlDeps } from '../access/access-control-provider';
import { CanNowProvider } from '../access/use-can-now';
import { createAuthProvider } from '../session/auth-provider';
import { getSession } from '../session/session-store';
import { createLiveProvider } from '../realtime/live-provider';
import { realtimeLink } from '../realtime/default-link';
import { createI18nProvider } from '../i18n/i18n-provider';
import { startTableA11y } from '../ui/table-a11y';
import { useAntdNotificationProvider } from './notification-provider';
import { consoleFirstList } from './first-list';
import { getLang, i18n } from '../i18n/i18n';
import { SchemaProvider } from '../schema/schema-context';
import type { SchemaRegistry } from '../schema/schema-registry';
import { pickLabel } from '../schema/schema-types';

/** Extra resources (plugin pages) to declare besides the entity schemas. */
export interface ExtraResource {
  name: string;
  route: string;
  label: string;
  /** Permission nodes by action (e.g. `{ teleop: 'robot:teleop' }`). */
  permissions?: Record<string, string>;
}

/** Props of ConsoleRefine. */
export interface ConsoleRefineProps {
  schemas: SchemaRegistry;
  extraResources?: ExtraResource[];
  children: ReactNode;
}

/** The console's data provider over the schemas' x-api bindings. */
function schemaDataProvider(schemas: SchemaRegistry) {
  return createSchemaDataProvider({
    callEvent: callNamedEvent,
    restCall,
    apiOf: (resource) => schemas.entity(resource)?.['x-api'],
    describeNotFound: () => formatMessage('notFound', getLang()),
  });
}

/**
 * Asks now for the first page of the list the address opens (once per page load; issue 23). Settles
 * when that answer has arrived or failed, or at once when there is nothing to ask: the console waits
 * for it (a little) before its first render, so that the list's first render has its rows.
 */
export function askFirstList(schemas: SchemaRegistry): Promise<void> {
  return consoleFirstList.start(schemaDataProvider(schemas), schemas, window.location.pathname) ?? Promise.resolve();
}

/** refine wired to the console runtime. */
/** Queries: a time-out is not tried again (it ends loading under its alert, spec §8/§9). */
const REACT_QUERY = { clientConfig: { defaultOptions: { queries: { retry: retryQuery } } } };

export function ConsoleRefine({ schemas, extraResources = [], children }: ConsoleRefineProps) {
  const { i18n: i18nInstance } = useTranslation();
  const lang = i18nInstance.language as Lang;
  // Every table's hidden measuring row stays out of the keyboard's and screen readers' way.
  useEffect(() => startTableA11y(), []);

  const providers = useMemo(() => {
    const extra = new Map(extraResources.map((r) => [r.name, r]));
    return {
      dataProvider: consoleFirstList(schemaDataProvider(schemas), schemas, window.location.pathname),
      authProvider: createAuthProvider(),
      accessControl: {
        getSubject: getSession,
        describeResource: (name) => {
          const e = schemas.entity(name);
          if (e) {
            const api = e['x-api'] ?? {};
            // One record per subject (x-single): read through get, update through set.
            const offered = (['read', 'create', 'update', 'delete'] as const).filter((slot) =>
              slot === 'read' ? api.list || api.get : slot === 'update' ? api.update || api.set : api[slot],
            );
            return { route: e['x-route'], permissions: e['x-access'], offered };
          }
          const s = schemas.setting(name);
          if (s) return { route: s['x-route'], permissions: s['x-access'], offered: ['read', 'update'] };
          const r = extra.get(name);
          return r ? { route: r.route, permissions: r.permissions } : undefined;
        },
      } satisfies AccessControlDeps,
      liveProvider: createLiveProvider(realtimeLink),
      i18nProvider: createI18nProvider(i18n),
    };
  }, [schemas, extraResources]);
  const { accessControl, ...refineProviders } = providers;
  const accessControlProvider = useMemo(() => createAccessControlProvider(accessControl), [accessControl]);
  const decide = useCallback((params: CanParams) => decideCan(accessControl, params), [accessControl]);

  const resources = useMemo<ResourceProps[]>(
    () => [
      ...schemas.entities
        .filter((e) => e['x-route'])
        .map((e) => ({ name: e.$id, list: e['x-route'], meta: { label: pickLabel(e['x-menu']?.labels ?? e['x-labels'], lang, e.$id), schemaId: e.$id } })),
      ...schemas.settings
        .filter((s) => s['x-route'])
        .map((s) => ({ name: s.$id, list: s['x-route'], meta: { label: pickLabel(s['x-menu']?.labels ?? s['x-labels'], lang, s.$id), schemaId: s.$id } })),
      ...extraResources.map((r) => ({ name: r.name, list: r.route, meta: { label: r.label } })),
    ],
    [schemas, extraResources, lang],
  );

  return (
    <AntdApp>
      <Refine
      routerProvider={routerProvider}
      notificationProvider={useAntdNotificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, mutationMode: 'pessimistic', liveMode: 'off', reactQuery: REACT_QUERY }}
      accessControlProvider={accessControlProvider}
      {...refineProviders}
    >
        <SchemaProvider registry={schemas}>
          <CanNowProvider decide={decide}>{children}</CanNowProvider>
        </SchemaProvider>
      </Refine>
    </AntdApp>
  );
}
