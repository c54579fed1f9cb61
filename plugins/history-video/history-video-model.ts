/** Plain helpers of the history video pages (no React): export ranges, durations, sizes. */
import dayjs from 'dayjs';
import type { RecordedClip } from '@common/events/video';
import { formatDateTime, formatTime } from '@runtime';

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

/**
 * A clip's start and stop for people, in the language's one time format (issue 22); a stop on a
 * later day than the start (a clip across midnight) is shown with its date.
 */
export function clipTimes(clip: Pick<RecordedClip, 'startTime' | 'stopTime'>, lang: string | undefined): { start: string; stop: string } {
  const sameDay = dayjs(clip.stopTime).isSame(dayjs(clip.startTime), 'day');
  return { start: formatTime(clip.startTime, lang), stop: sameDay ? formatTime(clip.stopTime, lang) : formatDateTime(clip.stopTime, lang) };
}

/** File size for people. */
export function sizeLabel(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Milliseconds in a day: the timeline spans 00:00–24:00 of the chosen day. */
const DAY_MS = 86_400_000;

/** One recorded clip placed on the day's timeline: where it starts and how wide it is, in percent. */
export interface TimelineSegment {
  clip: RecordedClip;
  leftPct: number;
  widthPct: number;
}

/** The clips of a day as segments over 00:00–24:00 (clips crossing midnight are cut at the day's edges). */
export function timelineSegments(day: string, clips: RecordedClip[]): TimelineSegment[] {
  const start = dayjs(`${day}T00:00:00`).valueOf();
  return clips.map((clip) => {
    const a = Math.max(0, dayjs(clip.startTime).valueOf() - start);
    const b = Math.min(DAY_MS, dayjs(clip.stopTime).valueOf() - start);
    return { clip, leftPct: (a / DAY_MS) * 100, widthPct: (Math.max(0, b - a) / DAY_MS) * 100 };
  });
}

/** The local date-time (YYYY-MM-DDTHH:mm:ss) at a fraction (0–1) of the day's timeline. */
export function momentAt(day: string, fraction: number): string {
  const f = Math.min(1, Math.max(0, fraction));
  return dayjs(`${day}T00:00:00`).add(Math.floor(f * 86_400), 'second').format('YYYY-MM-DDTHH:mm:ss');
}

/** The clip a moment falls in (start inclusive, stop exclusive), or null: no recording then. */
export function clipAt(clips: RecordedClip[], moment: string): RecordedClip | null {
  const t = dayjs(moment).valueOf();
  return clips.find((c) => dayjs(c.startTime).valueOf() <= t && t < dayjs(c.stopTime).valueOf()) ?? null;
}

/** The wall-clock time of a replay: the moment it started from plus the seconds played. */
export function replayClock(from: string, playedSeconds: number, lang?: string): string {
  return formatTime(dayjs(from).add(Math.floor(playedSeconds), 'second'), lang);
}
