/** Test ids of the video wall. */
export const VIDEO_WALL_TEST_IDS = {
  page: 'video-wall',
  layout: 'video-wall-layout',
  fill: 'video-wall-fill',
  clear: 'video-wall-clear',
  summary: 'video-wall-summary',
  /** `video-wall-tile-<index>`; the player inside is `video-wall-player-<index>`. */
  tile: 'video-wall-tile',
  player: 'video-wall-player',
  tileCamera: 'video-wall-tile-camera',
  tileStats: 'video-wall-tile-stats',
  /** The frame statistics switch (off by default). */
  statsToggle: 'video-wall-stats-toggle',
  grid: 'video-wall-grid',
} as const;
