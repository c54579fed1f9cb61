/** Plain helpers of the history video pages (no React): export ranges, durations, sizes. */
import dayjs from 'dayjs';
import type { RecordedClip } from '@common/events/video';

/** One export as the server answers it, and one recorded clip on the robot (the protocol catalogue's). */
export type { RecordedClip, VideoRecordInfo } from '@common/events/video';

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
