/** Test ids of the navigation records page. */
export const NAVI_RECORDS_TEST_IDS = {
  page: 'navi-records',
  back: 'navi-records-back',
  range: 'navi-records-range',
  chart: 'navi-records-chart',
  /** The per-day figures as a compact table under the chart (`navi-records-day-<YYYY-MM-DD>` per cell). */
  days: 'navi-records-days',
  day: 'navi-records-day',
  table: 'navi-records-table',
  /** `navi-records-status-<recordId>` per row. */
  status: 'navi-records-status',
  /** `navi-records-rerecog-<recordId>` per row. */
  reRecog: 'navi-records-rerecog',
  error: 'navi-records-error',
} as const;
