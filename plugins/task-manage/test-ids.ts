/** Test ids of the taskManage page. */
export const TASK_MANAGE_IDS = {
  page: 'task-manage',
  kind: 'task-manage-kind',
  state: 'task-manage-state',
  robot: 'task-manage-robot',
  name: 'task-manage-name',
  reload: 'task-manage-reload',
  table: 'task-manage-table',
  error: 'task-manage-error',
  /** `task-manage-row-<key>` (carries data-state), `task-manage-start-<key>`, `task-manage-stop-<key>`. */
  row: 'task-manage-row',
  start: 'task-manage-start',
  stop: 'task-manage-stop',
} as const;
