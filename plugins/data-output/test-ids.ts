/** Test ids of the report page (dataOutput). */
export const DATA_OUTPUT_TEST_IDS = {
  page: 'data-output',
  robot: 'data-output-robot',
  period: 'data-output-period',
  range: 'data-output-range',
  /** `data-output-stat-<name>` (total, alarms, faults, environment, unprocessed, processed, outdated; detections, faces, plates, persons, infrared, navigations, sos). */
  stat: 'data-output-stat',
  charts: 'data-output-charts',
  robots: 'data-output-robots',
  export: 'data-output-export',
  mail: 'data-output-mail',
  mailDialog: 'data-output-mail-dialog',
  mailGroups: 'data-output-mail-groups',
  mailAddresses: 'data-output-mail-addresses',
  mailSend: 'data-output-mail-send',
  error: 'data-output-error',
} as const;
