/** Test ids of the nodeLog page. */
export const NODE_LOG_IDS = {
  page: 'node-log',
  robot: 'node-log-robot',
  noRobot: 'node-log-no-robot',
  ask: 'node-log-ask',
  cancel: 'node-log-cancel',
  progress: 'node-log-progress',
  jobState: 'node-log-job-state',
  timeout: 'node-log-timeout',
  error: 'node-log-error',
  table: 'node-log-table',
  /** `node-log-view-<id>`, `node-log-download-<id>`, `node-log-delete-<id>`. */
  view: 'node-log-view',
  download: 'node-log-download',
  delete: 'node-log-delete',
  viewer: 'node-log-viewer',
  search: 'node-log-search',
  levels: 'node-log-levels',
  lines: 'node-log-lines',
  matched: 'node-log-matched',
} as const;
