/**
 * What the live player does when loading is slow or a stream fails, per codec (spec §4 video
 * player, §8 player errors, §9 video). Pure: the player component asks, the unit test checks.
 * - reload hint after 20 s of loading, 60 s for H265;
 * - H265: loading longer than 20 s is a time-out; errors, time-outs and play-failed restart after 2 s;
 * - H264: network errors retry after 3 s, media errors destroy the player, a refused play() is ignored;
 * - a live stream that ends (the server closed it cleanly) restarts: after 10 s, 2 s for H265.
 */
import { VideoPlayer as V } from '@common/constants';
import type { VideoCodec } from '@common/camera';

/** Something that went wrong with a stream. */
export type PlayerTrouble = 'networkError' | 'mediaError' | 'playFailed' | 'loadTimeout' | 'ended';

/** Restart the stream after `delayMs`, give up and show the error poster, or carry on. */
export type PlayerRecovery = { action: 'restart'; delayMs: number } | { action: 'fail' } | { action: 'none' };

/** Milliseconds of loading before the reload hint shows (counted from the address, across restarts). */
export function reloadHintDelay(codec: VideoCodec = 'h264'): number {
  return codec === 'h265' ? V.reloadHintH265Ms : V.reloadHintMs;
}

/** Milliseconds of loading after which an attempt counts as a time-out, or null when there is none. */
export function loadTimeout(codec: VideoCodec = 'h264'): number | null {
  return codec === 'h265' ? V.h265LoadTimeoutMs : null;
}

/** What to do about one trouble of a stream of `codec`. */
export function recoveryFor(codec: VideoCodec = 'h264', trouble: PlayerTrouble): PlayerRecovery {
  if (codec === 'h265') return { action: 'restart', delayMs: V.h265RestartMs };
  switch (trouble) {
    case 'networkError':
      return { action: 'restart', delayMs: V.networkRetryMs };
    case 'ended':
      return { action: 'restart', delayMs: V.endOfStreamRestartMs };
    case 'loadTimeout':
      // No time-out for H264 (loadTimeout is null); should one be reported, retry like a network error.
      return { action: 'restart', delayMs: V.networkRetryMs };
    case 'playFailed':
      // The player is muted, so a refused play() is the browser's policy, not the stream: keep going.
      return { action: 'none' };
    case 'mediaError':
      return { action: 'fail' };
  }
}
