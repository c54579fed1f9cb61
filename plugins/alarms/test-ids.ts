/** Test ids of the live alarm pop-up. */
export const ALARM_TEST_IDS = {
  /** One notification per alarm: `alarm-popup-<alarm id>`. */
  popup: 'alarm-popup',
  process: 'alarm-popup-process',
  details: 'alarm-popup-details',
  /** Shown in a pop-up whose sound the browser held back (no interaction with the page yet). */
  soundBlocked: 'alarm-popup-sound-blocked',
  dialog: 'alarm-process-dialog',
  status: 'alarm-process-status',
  result: 'alarm-process-result',
  submit: 'alarm-process-submit',
} as const;
