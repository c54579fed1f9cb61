/**
 * The public face of the console runtime (alias `@runtime`). Plugins and pages import
 * from here only; every other file under src/runtime is private.
 */

// ── api ────────────────────────────────────────────────────────────────────────────
/** Calls one event of `POST /api/interface` with the session token; resolves with `param`. */
export { callEvent, callNamedEvent, restCall, requestStreamAddress, liveVideoBase, liveVideoUrl } from './api/clients';
export type { StreamAnswer } from './api/stream-addresses';
/** Builds an event client from injected fetch, token, language and 403 handler (tests, other hosts). */
export { createEventClient } from './api/event-client';
/** Types of the event client. */
export type { CallEvent, CallNamedEvent, CallOptions, EventClientDeps, TransportFailure } from './api/event-client';
/** Builds a REST client for `/robot/…` from injected dependencies. */
export { createRestClient } from './api/rest-client';
/** Types of the REST client. */
export type { RestCall, RestRequest, RestClientDeps, DownloadedFile } from './api/rest-client';
/** Errors of the clients; `isAbortedError` tells UI code which to ignore. */
export { AbortedError, EventError, RestError, isAbortedError } from './api/errors';
/** Builds the refine DataProvider from schema `x-api` bindings. */
export { createSchemaDataProvider } from './api/data-provider';
/** Type of the DataProvider's dependencies. */
export type { SchemaDataProviderDeps } from './api/data-provider';
/** Reads one event's answer through refine's data layer. */
export { useEventQuery } from './api/use-event-query';
/** Exports an entity's filtered, sorted list to Excel through `POST /api/export` (body built from the list's params). */
export { exportBody, requestExport } from './api/export-list';
/** Types of the export client. */
export type { ExportBody, ExportDeps, ExportResult } from './api/export-list';
/** Start-up configuration `/config.json`: load, read, https redirect, socket address. */
export { loadConfig, getConfig, redirectToHttpsIfRequired, realtimeUrl } from './api/config';
/** Type of `/config.json`. */
export type { ConsoleConfig } from './api/config';

// ── realtime ───────────────────────────────────────────────────────────────────────
/** The realtime link class (heartbeat, refresh, reconnect, topic reference counts). */
export { RealtimeLink, CLOSE_UNAUTHORIZED } from './realtime/realtime-link';
/** Types of the realtime link. */
export type { LinkState, LinkStatus, SocketFactory, SocketLike, SocketHandlers, Timers, TopicListener, TopicMessage, RealtimeLinkOptions } from './realtime/realtime-link';
/** The console's realtime link and a hook reporting connected / reconnecting / failed. */
export { realtimeLink, useLinkState } from './realtime/default-link';
/** Builds the refine LiveProvider over a realtime link (channel = topic such as `robot/<id>`). */
export { createLiveProvider } from './realtime/live-provider';
/** What a live player does on a robot's video push (restart, destroy). */
export { videoPushAction, VIDEO_ERROR_CODES } from './realtime/video-pushes';
export type { VideoPushAction } from './realtime/video-pushes';
export { useVideoPushes } from './realtime/use-video-pushes';
/** The live fleet of the caller's company tree (the `fleet` topic's snapshot, then the robots' pushes), rendered at most every 500 ms. */
export { useFleet, fleetFromSnapshot, applyPush } from './realtime/fleet';
export type { Fleet, FleetRobot, UseFleetOptions } from './realtime/fleet';
/** Notification shown when the link gives up; hook starting the link while mounted. */
export { LinkFailureNotice, useRealtimeLinkWhileMounted } from './realtime/link-failure-notice';
export { FailureNotice } from './api/failure-notice';
export { reportFailure } from './api/failure-reports';
export { takeLoginExpired } from './session/expire';

// ── session ────────────────────────────────────────────────────────────────────────
/** The stored session (login answer): read, React hook, write, forget. */
export { getSession, getToken, useSession, setSession, clearSession } from './session/session-store';
/** Type of the session info. */
export type { SessionInfo } from './session/session-store';
/** Login, logout, verification code and session loading from a URL token. */
export { login, logout, requestVerificationCode, loadSessionFromToken, refreshSession } from './session/session-actions';
/** A logout in one tab ends the same session in the other tabs (watchLogoutElsewhere runs once per page). */
export { watchLogoutElsewhere } from './session/logout-elsewhere';
/** Type of the verification code answer. */
export type { VerificationCode } from './session/session-actions';
/** Builds the refine AuthProvider. */
export { createAuthProvider } from './session/auth-provider';
/** The persisted robot / map selection and its hook. */
export { useRobotSelection, getRobotSelection, selectRobot, selectMap, clearRobotSelection } from './session/robot-selection';
/** Types of the robot selection. */
export type { RobotSelection, MapSelection } from './session/robot-selection';

// ── access ─────────────────────────────────────────────────────────────────────────
/** Builds the refine AccessControlProvider; `decideCan` answers one question synchronously. */
export { createAccessControlProvider, decideCan } from './access/access-control-provider';
/** refine's useCan answered in the same render (the console's decisions need no server). */
export { CanNowProvider, useCanNow } from './access/use-can-now';
/** Types of the access control provider. */
export type { AccessControlDeps, ResourceAccessInfo, ResourcePermissions } from './access/access-control-provider';
/** Spec §6 route decision (allow, adopt URL token, redirect to / or /404). */
export { decideRoute } from './access/route-guard';
/** Type of a route decision. */
export type { RouteDecision } from './access/route-guard';
/** Router guard component applying `decideRoute`. */
export { RouteGuard } from './access/route-guard-view';
/** Props of the router guard. */
export type { RouteGuardProps } from './access/route-guard-view';

// ── i18n and skin ──────────────────────────────────────────────────────────────────
/** i18next instance, current language, language change, plugin translations. */
export { i18n, getLang, changeLang, addPluginLocales, addTextLoader, loadTexts, type TextLoader } from './i18n/i18n';
export { preloadAntdLocale } from './i18n/antd-locale';
/** Builds the refine I18nProvider (forwards default texts). */
export { createI18nProvider } from './i18n/i18n-provider';
/** Language switcher of the shell (a dropdown). */
export { LangSwitch } from './i18n/lang-switch';
/** Light inline language switcher (login) and the language names. */
export { LangLinks } from './i18n/lang-links';
/** Each language named in itself. */
export { LANG_NAMES } from './i18n/lang-names';
/** One date / time format per language, booleans as words, severity of a value (issue 22): every screen formats through these. */
export { formatDateTime, formatDate, formatTime, formatShort, formatMonthDay, formatDuration, formatBoolean, datePattern, severityOf, useFormat, LEVEL_COLOURS } from './i18n/format';
export type { SeverityRule, SeveritySpec } from './i18n/format';
/** An alarm level as the one tag every screen uses (alarm-level enumeration's label and colour). */
export { LevelTag } from './ui/level-tag';
/** A value judged abnormal (over a threshold, a failure, a fault) as the one severity tag of every screen. */
export { SeverityTag, levelColour, levelSolidColour, useLevelColour } from './ui/severity-tag';
export type { SeverityTagProps } from './ui/severity-tag';
/** The shared message catalogue in the current language (validation texts). */
export { catalogueMessage, useCatalogue } from './i18n/catalogue';
/** Skin (light / dark) state and its header switch. */
export { useSkin, setSkin, getSkin, skinStylesReady } from './skin/skin';
/** Type of a skin. */
export type { Skin } from './skin/skin';
/** Header switch between the light and the dark skin. */
export { SkinSwitch } from './skin/skin-switch';

// ── schema ─────────────────────────────────────────────────────────────────────────
/** Schema set lookup and loading from `GET /api/schemas`. */
export { createSchemaRegistry, fetchSchemas } from './schema/schema-registry';
/** Type of the schema lookup. */
export type { SchemaRegistry } from './schema/schema-registry';
/** Schema format types and the label picker. */
export { pickLabel } from './schema/schema-types';
/** Types of the schema format. */
export type { EntitySchema, EnumSchema, EnumValue, PropertySchema, Labels, SchemaSet, EntityApi, ApiBinding, MenuInfo, ListInfo, SettingsSchema, SettingsProperty } from './schema/schema-types';
/** React access to the loaded schemas. */
export { SchemaProvider, useSchemas } from './schema/schema-context';
/** Generated list page of an entity (lazy; includes its create / edit dialog). */
export { EntityListPage } from './schema/pages/lazy-pages';
/** Generated page of a settings schema: the selected robot's document as one form (lazy). */
export { SettingsPage } from './schema/settings/lazy-settings-page';
/** Builds the RJSF schema + uiSchema of an entity form (create / edit). */
export { buildEntityForm, formFields, initialFormData, changedValues, createValues } from './schema/form-schema';
/** Types of the entity form builder. */
export type { EntityForm, FormMode, BuildFormOptions } from './schema/form-schema';
/** Creates a widget registry; unknown widget names throw naming the schema. */
export { createWidgetRegistry } from './schema/widgets/widget-registry';
/** Types of the widget registry. */
export type { FormWidget, WidgetRegistry } from './schema/widgets/widget-registry';
/** How `x-ref` values are shown by name (from the referenced entity's schema), and the hooks. */
export { refLookupOf, useRefOptions, useRefOptionsMap } from './schema/ref-lookups';
/** The company tree of `x-ref: company` options (parents above their subsidiaries), for a company picker outside a schema form. */
export { companyTree, CompanyTreeSelect } from './schema/widgets/company-tree-select';
export type { CompanyTreeSelectProps } from './schema/widgets/company-tree-select';
/** Uploads a file to `POST /api/upload` with progress; the limit of a kind and the early refusal (the server's own message). */
export { uploadFile, uploadLimit, earlyRefusal, acceptFor } from './schema/widgets/upload-request';
/** What the server answers for a stored file. */
export type { UploadedFile } from './schema/widgets/upload-request';
/** Picture preview: hover preview, `x-preview-type` badge, 99+ counter (spec §3), previous / next on click. */
export { ImagePreview, countLabel, pictureUrls } from './schema/widgets/image-preview-widget';

// ── plugins ────────────────────────────────────────────────────────────────────────
/** Declares a plugin (`plugins/<id>/index.ts` default export). */
export { definePlugin } from './plugins/define-plugin';
/** Types of the plugin contract. */
export type { PluginDefinition, PluginRoute, PluginMenuItem, PluginPermission, PluginLabels, PluginOverlay } from './plugins/define-plugin';
/** Validates discovered plugins and collects routes, menu entries and permission nodes. */
export { createPluginRegistry, validatePlugin } from './plugins/plugin-registry';
/** Types of the plugin registry. */
export type { PluginRegistry, RegisteredRoute, RegisteredMenuItem, RegisteredPermission, RegisteredOverlay, RegisteredWidget } from './plugins/plugin-registry';
/** Wrapper of pages that need a selected robot (tip dialog → robot management). */
export { RobotRequired, ROBOT_MANAGE_PATH } from './plugins/robot-required';

// ── ui ─────────────────────────────────────────────────────────────────────────────
/** Company › region › map › robot tree with search and persisted selection. */
export { RobotTree } from './ui/robot-tree';
export { RobotSwitcher, type RobotSwitcherProps } from './ui/robot-switcher';
export { ROBOT_STATE_COLOURS, ROBOT_STATE_GROUPS, robotStateColour, robotStateGroup, type RobotStateGroup } from './ui/robot-state';
export { companyHierarchy, robotPlaces, type CompanyNode, type RobotPlace } from './ui/robot-hierarchy';
/** Live camera player (FLV over WebSocket, flv.js loaded on demand) with the spec's poster states. */
export { LivePlayer, preloadLivePlayer, preopenLiveVideo, warmLiveVideo } from './ui/video-player';
export { whenIdle } from './ui/when-idle';
export type { LivePlayerProps, PlayerState } from './ui/video-player';
/** Types of the menu tree (`getMenuList`). */
export type { MenuTreeCompany, MenuTreeRegion, MenuTreeMap, MenuTreeRobot, RobotTreeProps } from './ui/robot-tree';

// ── app ────────────────────────────────────────────────────────────────────────────
/** Theme, locale, language and antd App context for every page. */
export { AppProviders, BRAND_COLOUR } from './app/app-providers';
/** refine wired with all console providers. */
export { askFirstList, ConsoleRefine } from './app/console-refine';
/** Type of extra (plugin) resources declared to refine. */
export type { ExtraResource } from './app/console-refine';
/** Registers the router's navigate for non-React code; navigates from anywhere. */
export { setNavigator, navigateTo, preloadPage, setPagePreloader } from './app/navigation';
/** A page's "leave without saving?" question, asked by the shell's navigation before it leaves the page. */
export { setLeaveGuard, confirmLeave } from './app/navigation';
/** Holds in-app navigation and Back/Forward while a page is busy (a running call); installBackGuard runs before the router renders. */
export { useNavigationGuard, installBackGuard } from './app/navigation-guard';
/** antd 5 + React 19 render shim (call once at start-up). */
export { installAntdReact19Shim } from './app/antd-react19';
/** React.lazy with the spec's chunk-load timeout. */
export { lazyPage, lazyNamed, type LazyPage } from './app/lazy-page';
/** A page's frame first, its heavy parts (a table, a menu of many items) one render later, in a transition. */
export { useAfterFirstPaint } from './app/after-first-paint';

// ── shared rules re-exported for plugins (plugins import @runtime only) ─────────────
/** Topic name of one robot's realtime pushes, and the push names. */
export { robotTopic, PUSH_EVENTS, PROTOCOL_VERSION } from '@common/protocol';
/** Shared protocol types plugins use. */
export type { Lang, RobotTelemetry, RobotPose, PushEvent } from '@common/protocol';
/** Robot type numbers and the status label key rule of spec §4. */
export { RobotType, statusLabelKey } from '@common/robot';
/** Spec constants (timeouts, realtime timings, paging, layout). */
export { Timeouts, Realtime, Paging, Layout } from '@common/constants';
/** The robot status label (enum robot-status with offline / unknown). */
export { robotStatusLabel, ROBOT_STATUS_ENUM } from './schema/robot-status';
/** The one battery-low rule: below the alarm settings' batteryLowPercent (configured, else the schema default). */
export { batteryLowThreshold, isBatteryLow, useBatteryLow, ALARM_SETTING_ENTITY } from './schema/battery-low';

// Form designer (issue 6): the same form engine as the generated screens, and a schema refresh.
/** The RJSF validator of every generated form (named formats, x- keywords). */
export { formValidator } from './schema/validator';
/** The widget registry generated forms resolve `x-widget` names with. */
export { formWidgets } from './schema/widgets/default-widgets';
/** Asks the console to refetch the schemas (after a schema was saved), and the event it listens to. */
export { notifySchemasChanged, SCHEMAS_CHANGED_EVENT } from './schema/schema-refresh';

// Alarms and reports (issue 7).
/** Spec §8 alarm code texts, §4 process states, §9 report periods, and the alarm topic. */
export { alarmCodeText, alarmKind, ALARM_TOPIC, AlarmProcessStatus, AlarmReleaseStatus, REPORT_PERIODS, REPORT_MAX_DAYS } from '@common/alarm-codes';
/** A chart (ECharts, lazily loaded: render inside Suspense) and its props. */
export { EChart } from './ui/echart';
export type { EChartProps } from './ui/echart';
/** Types of alarm pushes and report periods. */
export type { ReportPeriod, AlarmKind } from '@common/alarm-codes';
export type { AlarmPush } from '@common/events/topics';

// ── calls (issue 21) ───────────────────────────────────────────────────────────────
/** The console's WebRTC call with a robot: one at a time, a store the panel, the SOS ring and the guards read. */
export { acceptCall, getCall, hangUp as hangUpCall, isCallActive, mmss, startCall, startRingTone, useCall } from './calls/call-client';
export type { CallEnd, CallPhase, CallView } from './calls/call-client';
/** The call panel of a robot (telecontrol, track control) and the "End the call with X?" question. */
export { CallPanel, CALL_TEST_IDS, useConfirmEndCall } from './calls/call-panel';
export type { CallPanelProps } from './calls/call-panel';
