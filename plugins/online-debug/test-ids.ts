/** Test ids of the online debug page. */
export const ONLINE_DEBUG_TEST_IDS = {
  page: 'online-debug',
  robot: 'online-debug-robot',
  /** `online-debug-tab-<kind>` (debug, walk, static). */
  tab: 'online-debug-tab',
  /** `online-debug-form-<kind>`. */
  form: 'online-debug-form',
  /** `online-debug-save-<kind>`, `online-debug-reload-<kind>`. */
  save: 'online-debug-save',
  reload: 'online-debug-reload',
  error: 'online-debug-error',
  diagnostic: 'online-debug-diagnostic',
  runDiagnostic: 'online-debug-run',
  report: 'online-debug-report',
  restore: 'online-debug-restore',
  powerOff: 'online-debug-poweroff',
  reboot: 'online-debug-reboot',
} as const;
