/** Test ids of the track-robot plugin. */
export const TRACK_TEST_IDS = {
  layout: 'track-layout',
  /** `track-nav-<child>` per child page. */
  nav: 'track-nav',
  robotSelect: 'track-robot-select',
  tip: 'track-robot-tip',
  tipSelect: 'track-robot-tip-select',
  tipOk: 'track-robot-tip-ok',
  back: 'track-back-home',
  // control
  trackStatus: 'track-status',
  position: 'track-position',
  rail: 'track-rail',
  /** `track-remote-<command>` per button. */
  remote: 'track-remote',
  pitch: 'track-pitch',
  rotate: 'track-rotate',
  lift: 'track-lift',
  applyPose: 'track-apply-pose',
  currentTask: 'track-current-task',
  readings: 'track-readings',
  camera: 'track-camera',
  /** The live player of the track camera. */
  player: 'track-camera-player',
  // lists and forms
  addPoint: 'track-add-point',
  pointTable: 'track-point-table',
  addTask: 'track-add-task',
  taskTable: 'track-task-table',
  /** `track-task-<op>-<id>` per row action. */
  taskOp: 'track-task',
  formOk: 'track-form-ok',
  reportTable: 'track-report-table',
  reportDetail: 'track-report-detail',
  exportReport: 'track-export-report',
  addRule: 'track-add-rule',
  ruleTable: 'track-rule-table',
  warningTable: 'track-warning-table',
  warningDetail: 'track-warning-detail',
  dealInput: 'track-deal-input',
  addMap: 'track-add-map',
  mapTable: 'track-map-table',
} as const;
