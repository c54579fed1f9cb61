/**
 * History video (spec §7: reqEnabledDay, reqHistoryVideo, videoRecordUpload, videoRecordInfo,
 * cancelVideoRecordUpload, GET /robot/avstream/listVideoRecord, POST /robot/avstream/videoRecord;
 * §8 export errors). Robots keep their recordings; the console lists a day's clips, exports
 * (uploads) one to the server with progress and cancel, then plays it. The events and the
 * shapes of a clip and an export are declared in common/events/video.ts.
 */
import type { MessageKey } from './messages';

/** States of an export (a video_records row). */
export const VideoRecordStatus = { uploading: 'uploading', uploaded: 'uploaded', failed: 'failed', cancelled: 'cancelled' } as const;
/** A state of an export. */
export type VideoRecordStatus = (typeof VideoRecordStatus)[keyof typeof VideoRecordStatus];

/** Export errors of spec §8 by code (the robot reports the code; the server keeps it on the row). */
export const HISTORY_VIDEO_ERRORS = {
  1: 'historyVideoDeleted',
  2: 'historyVideoUnzip',
  3: 'historyVideoUploadFailed',
  4: 'historyVideoOther',
  5: 'historyVideoSubsystemOffline',
} as const satisfies Record<number, MessageKey>;
/** An export error code. */
export type HistoryVideoError = keyof typeof HISTORY_VIDEO_ERRORS;

/** Our limits (the spec names none): one export covers at most this many minutes of one day. */
export const HistoryVideo = {
  maxExportMinutes: 30,
  /** How long the robot has to start uploading before the export fails as "other". */
  uploadStartTimeoutMs: 30_000,
  /** Recorded video upload: mp4 only (spec §7 videoType mp4), at most the general upload limit. */
  videoType: 'mp4',
} as const;
