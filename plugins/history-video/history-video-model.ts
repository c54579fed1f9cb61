/** Plain helpers of the history video pages (no React): export ranges, durations, sizes. */
import dayjs from 'dayjs';

/** One export as the server answers it (common/history-video VideoRecordInfo). */
export interface VideoRecordInfo {
  id: number;
  robotId: string;
  cameraId: number;
  startTime: string;
  stopTime: string;
  status: 'uploading' | 'uploaded' | 'failed' | 'cancelled';
  progress: number;
  errorCode: number | null;
  fileUrl: string | null;
  size: number | null;
  createdAt: string;
}

/** One recorded clip on the robot. */
export interface RecordedClip {
  cameraId: number;
  startTime: string;
  stopTime: string;
}

/** The longest export (common/history-video HistoryVideo.maxExportMinutes). */
export const MAX_EXPORT_MINUTES = 30;

/** Minutes between two local date-times. */
export function minutesBetween(start: string, stop: string): number {
  return Math.round(dayjs(stop).diff(dayjs(start), 'second') / 60);
}

/** The default export range of a clip: from its start, at most MAX_EXPORT_MINUTES. */
export function defaultRange(clip: RecordedClip): [string, string] {
  const stop = dayjs(clip.startTime).add(MAX_EXPORT_MINUTES, 'minute');
  return [clip.startTime, stop.isBefore(dayjs(clip.stopTime)) ? stop.format('YYYY-MM-DDTHH:mm:ss') : clip.stopTime];
}

/** Whether a range may be exported from a clip: inside it, start before end, at most the limit. */
export function rangeProblem(clip: RecordedClip, start: string, stop: string): 'order' | 'outside' | 'tooLong' | null {
  if (!dayjs(stop).isAfter(dayjs(start))) return 'order';
  if (dayjs(start).isBefore(dayjs(clip.startTime)) || dayjs(stop).isAfter(dayjs(clip.stopTime))) return 'outside';
  if (minutesBetween(start, stop) > MAX_EXPORT_MINUTES) return 'tooLong';
  return null;
}

/** File size for people. */
export function sizeLabel(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
