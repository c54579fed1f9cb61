/** Test ids of the history video pages. */
export const HISTORY_VIDEO_TEST_IDS = {
  page: 'history-video',
  camera: 'history-video-camera',
  calendar: 'history-video-calendar',
  clips: 'history-video-clips',
  /** `history-video-export-<index>` per clip row. */
  exportClip: 'history-video-export',
  exportDialog: 'history-video-export-dialog',
  exports: 'history-video-exports',
  cancel: 'history-video-cancel',
  play: 'history-video-play',
  player: 'history-video-player',
  playbackPage: 'video-playback',
  playbackTable: 'video-playback-table',
  prev: 'history-video-prev',
  next: 'history-video-next',
  /** The day's recordings over 00:00–24:00 (`-bar`, `-segment-<i>`, `-time`, `-play`, `-clock`). */
  timeline: 'history-video-timeline',
  replayPlayer: 'history-video-replay-player',
} as const;
