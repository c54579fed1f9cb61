/** Test ids of the telecontrol plugin. */
export const TELECONTROL_TEST_IDS = {
  robotTree: 'robot-tree',
  statusLabel: 'robot-status-label',
  battery: 'robot-battery',
  online: 'robot-online',
  position: 'robot-position',
  updatedAt: 'robot-updated-at',
  panel: 'robot-status-panel',
  cameraSwitch: 'camera-switch',
  player: 'video-player',
} as const;
