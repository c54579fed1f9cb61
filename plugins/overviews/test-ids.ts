/** Test ids of the overview pages (dashboard, monitorOverview, navPandect). */
export const OVERVIEW_TEST_IDS = {
  dashboard: 'dashboard',
  dashboardEmpty: 'dashboard-empty',
  /** The notice over the default dashboard (no configuration saved). */
  dashboardDefault: 'dashboard-default',
  configure: 'dashboard-configure',
  company: 'dashboard-company',
  configDrawer: 'dashboard-config',
  configCameras: 'dashboard-config-cameras',
  configMaps: 'dashboard-config-maps',
  configSave: 'dashboard-config-save',
  configDelete: 'dashboard-config-delete',
  configError: 'dashboard-config-error',
  /** `dashboard-camera-<index>`. */
  camera: 'dashboard-camera',
  /** `overview-map-<mapId>`; robots on it `overview-robot-<robotId>`. */
  map: 'overview-map',
  robot: 'overview-robot',
  /** `overview-label-<robotId>`: a robot's name on a map. */
  label: 'overview-label',
  legend: 'robot-state-legend',
  robotList: 'overview-robot-list',
  mainMap: 'overview-main-map',
  monitorArea: 'monitor-overview-area',
  monitor: 'monitor-overview',
  /** `kpi-<name>`. */
  kpi: 'kpi',
  distribution: 'status-distribution',
  alarms: 'live-alarms',
  dots: 'overview-dots',
  navPandect: 'nav-pandect',
  navConfigure: 'nav-configure',
  navConfig: 'nav-config',
  navConfigMaps: 'nav-config-maps',
  navConfigSave: 'nav-config-save',
} as const;
