/** Test ids of the live alarm pop-ups. */
export const ALARM_TEST_IDS = {
  /** One pop-up per alarm: `alarm-popup-<alarm id>`. */
  popup: 'alarm-popup',
  process: 'alarm-popup-process',
  details: 'alarm-popup-details',
  dismiss: 'alarm-popup-dismiss',
  /** The bell before a pop-up's title, in its level's colour (as its edge). */
  marker: 'alarm-popup-marker',
  /** Shown in a pop-up whose sound the browser held back (no interaction with the page yet). */
  soundBlocked: 'alarm-popup-sound-blocked',
  /** The stack of pop-ups (bottom right), its "n more" line and its collapsed counter. */
  stack: 'alarm-stack',
  more: 'alarm-stack-more',
  counter: 'alarm-stack-counter',
  collapse: 'alarm-stack-collapse',
  dialog: 'alarm-process-dialog',
  status: 'alarm-process-status',
  result: 'alarm-process-result',
  submit: 'alarm-process-submit',
  /** The confirmation step: what will be saved, and its button. */
  confirmText: 'alarm-process-confirm-text',
  confirm: 'alarm-process-confirm',
  back: 'alarm-process-back',
  /** The server's answer: saved. */
  done: 'alarm-process-done',
} as const;
