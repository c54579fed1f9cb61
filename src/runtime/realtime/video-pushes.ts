/**
 * What a live player does on a robot's video push (spec §4 video player, §8 player errors):
 * a camera's error report (codes 0-4, sent as 4402-4406) or a new stream address restarts that camera;
 * a camera heartbeat with status above 1 destroys the player, a status other than 1 restarts
 * a player that is not playing; a camera that starts pushing again restarts a stalled player.
 */

/** Restart the camera's stream, destroy its player, or nothing. */
export type VideoPushAction = 'restart' | 'destroy' | null;

/** Spec §8: per-camera error report codes 0-4 are sent as 4402-4406. */
export const VIDEO_ERROR_CODES = [4402, 4403, 4404, 4405, 4406] as const;

/** Spec §8 "codes 0-4 (4402-4406)": a robot may report the raw code 0-4 or the sent 4402-4406; both restart. */
export function isCameraErrorCode(code: unknown): boolean {
  const n = typeof code === 'string' && code.trim() !== '' ? Number(code) : code;
  if (typeof n !== 'number' || !Number.isInteger(n)) return false;
  return (VIDEO_ERROR_CODES as readonly number[]).includes(n) || (n >= 0 && n < VIDEO_ERROR_CODES.length);
}

/** The action for one push on the robot's topic, for the player of `cameraId` in state `playing` or not. */
export function videoPushAction(event: string, data: unknown, cameraId: number, playing: boolean): VideoPushAction {
  if (!data || typeof data !== 'object') return null;
  const d = data as { cameraId?: number; code?: unknown; isPushVideo?: number; cameras?: { cameraId: number; status: number }[] };
  switch (event) {
    case 'VideoErrorReport':
      return d.cameraId === cameraId && isCameraErrorCode(d.code) ? 'restart' : null;
    case 'videoUrlChange':
      return d.cameraId === cameraId ? 'restart' : null;
    case 'pushVideo':
      return d.cameraId === cameraId && d.isPushVideo === 1 && !playing ? 'restart' : null;
    case 'VideoHeart': {
      const status = Array.isArray(d.cameras) ? d.cameras.find((c) => c.cameraId === cameraId)?.status : undefined;
      if (status === undefined || status === 1) return null;
      if (status > 1) return 'destroy';
      return playing ? null : 'restart';
    }
    default:
      return null;
  }
}
