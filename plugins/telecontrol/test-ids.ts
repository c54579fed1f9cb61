/** Test ids of the telecontrol plugin. */
export const TELECONTROL_TEST_IDS = {
  robotTree: 'robot-tree',
  /** Folds the robot tree's column away and back (`data-folded` 1 when folded). */
  treeToggle: 'robot-tree-toggle',
  statusLabel: 'robot-status-label',
  battery: 'robot-battery',
  online: 'robot-online',
  position: 'robot-position',
  /** The cards around the position and the environment readings (kept clear of the alarm pop-ups). */
  positionCard: 'robot-position-card',
  envCard: 'robot-env-card',
  updatedAt: 'robot-updated-at',
  panel: 'robot-status-panel',
  cameraSwitch: 'camera-switch',
  player: 'video-player',
  controlPanel: 'control-panel',
  emergency: 'emergency-button',
  /** `control-<name>` per control (telecontrol, goCharge, stop …). */
  action: 'control',
  answer: 'control-answer',
  callState: 'call-state',
  /** The SOS call notice of a robot (`data-state` ringing | taken | ended, `data-robot`). */
  sosRing: 'sos-call-ring',
  sosAccept: 'sos-call-accept',
  sosDismiss: 'sos-call-dismiss',
  sosTaken: 'sos-call-taken',
  broadcastText: 'broadcast-text',
  lifter: 'lifter-control',
  fire: 'fire-control',
  /** `ptz-<up|down|left|right|zoomIn|…>` per button. */
  ptz: 'ptz',
  presetInput: 'preset-input',
  presetHint: 'preset-hint',
  lensState: 'lens-state',
  snapshot: 'snapshot',
  cameraSettings: 'camera-settings',
  viewOnly: 'telecontrol-view-only',
  cameraDialog: 'camera-settings-dialog',
  /** `camera-param-<name>` per parameter input. */
  cameraParam: 'camera-param',
  cameraSave: 'camera-settings-save',
  cameraError: 'camera-settings-error',
  moreSettings: 'camera-more-settings',
  /** Definition Select of the shown camera (videoParamNew). */
  definition: 'camera-definition',
  /** Push-video switch of the shown camera (pushVideo); `data-on` is the robot's flag. */
  pushSwitch: 'camera-push-switch',
  /** The stream's codec tag (`data-codec` h264 | h265). */
  codec: 'camera-codec',
  /** Environment readings of the robot (status `env`); `data-field` per reading. */
  env: 'robot-env',
  /** The camera reported a video status above 1: the player was destroyed (spec §4). */
  streamStopped: 'camera-stream-stopped',
} as const;
