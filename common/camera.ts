/** Cameras and their parameter set (spec §3 camera parameter set, §5 sliders, §9 camera defaults). */

/** Camera ids: 0 front, 1 back, 2 left, 3 right, 4 infrared. */
export const CAMERA_IDS = [0, 1, 2, 3, 4] as const;
/** Camera names in the order of spec §3 (0 front, 1 back, 2 left, 3 right, 4 infrared): live video paths and clips. */
export const CAMERA_NAMES = ['front', 'back', 'left', 'right', 'infrared'] as const;

/**
 * A camera's live streams (issue 22; as IP cameras and NVRs): `main`, the camera's full picture, for a
 * single large view; `sub`, a low-resolution stream (640×360 on the simulated robots) for the tiles
 * of a video wall. Asked for with `?stream=` on the live path (docs/protocol.md "Live video"); main
 * when absent.
 */
export const LIVE_STREAMS = ['main', 'sub'] as const;
/** One stream of a camera. */
export type LiveStream = (typeof LIVE_STREAMS)[number];
/** The refusal of any other `stream` (close code 4400). */
export const BAD_STREAM_REASON = 'stream must be main or sub';

/** The stream a live path's `stream` query value asks for: main when absent, null when it names no stream. */
export function liveStreamOf(value: unknown): LiveStream | null {
  if (value === undefined) return 'main';
  return typeof value === 'string' && (LIVE_STREAMS as readonly string[]).includes(value) ? (value as LiveStream) : null;
}

/** A live path (`/live/<robotId>/<camera>`, maybe with `?from=…`) asking for `stream`: main is the default and adds nothing. */
export function withStream(path: string, stream: LiveStream): string {
  if (stream === 'main') return path;
  return `${path}${path.includes('?') ? '&' : '?'}stream=${stream}`;
}

/** Video definitions: 1 HD, 2 SD, 3 smooth, 4 original (only with a central control). Default 2. */
export const Definition = { hd: 1, sd: 2, smooth: 3, original: 4, default: 2 } as const;

/** Codec of a camera's stream (robot setting video.videoCodec: 1 H.264, 2 H.265); it decides the player's time-outs. */
export type VideoCodec = 'h264' | 'h265';

/** The codec of a robot-setting `videoCodec` enum value (schemas/enums/video-codec.json); H.264 unless 2. */
export function codecOfSetting(value: unknown): VideoCodec {
  return value === 2 ? 'h265' : 'h264';
}

/** One camera parameter: numeric with a range, or one of a list; values travel as strings. */
export type CameraParamDef = { kind: 'number'; min: number; max: number; default: number } | { kind: 'choice'; options: string[]; default: string } | { kind: 'time'; default: string };

const level = (d = 50): CameraParamDef => ({ kind: 'number', min: 0, max: 100, default: d });

/** The camera parameter set with the spec's ranges and defaults (brightness 50, shutter 1/100, 06:00-18:00). */
export const CAMERA_PARAMS: Record<string, CameraParamDef> = {
  BrightnessLevel: level(50),
  ContrastLevel: level(50),
  SaturationLevel: level(50),
  SharpnessLevel: level(50),
  targetSpeed: { kind: 'number', min: 1, max: 10, default: 5 },
  imgNum: { kind: 'number', min: 1, max: 10, default: 3 },
  sensitiveLevel: { kind: 'number', min: 0, max: 100, default: 50 },
  imgInterval: { kind: 'number', min: 1, max: 60, default: 5 },
  threshold: { kind: 'number', min: 0, max: 100, default: 50 },
  LightInhibitMode: { kind: 'choice', options: ['off', 'on'], default: 'off' },
  LightInhibitLevel: level(50),
  BLCMode: { kind: 'choice', options: ['off', 'on'], default: 'off' },
  WDRMode: { kind: 'choice', options: ['off', 'on', 'auto'], default: 'off' },
  WDRLevel: level(50),
  ExposureType: { kind: 'choice', options: ['auto', 'manual'], default: 'auto' },
  ShutterLevel: { kind: 'choice', options: ['1/25', '1/30', '1/50', '1/60', '1/100', '1/120', '1/150', '1/200', '1/250'], default: '1/100' },
  IrcutFilterType: { kind: 'choice', options: ['day', 'night', 'auto', 'schedule'], default: 'auto' },
  beginTime: { kind: 'time', default: '06:00' },
  endTime: { kind: 'time', default: '18:00' },
  NightToDayFilterLevel: { kind: 'number', min: 0, max: 7, default: 4 },
  NightToDayFilterTime: { kind: 'number', min: 5, max: 20, default: 10 },
  supplementLightMode: { kind: 'choice', options: ['off', 'white', 'infrared', 'smart'], default: 'smart' },
  whiteLightBrightnessHigh: level(80),
  whiteLightBrightnessLow: level(30),
  infraredLightBrightnessHigh: level(80),
  infraredLightBrightnessLow: level(30),
  OverExposureEnable: { kind: 'choice', options: ['off', 'on'], default: 'off' },
  OverExposureType: { kind: 'choice', options: ['white', 'infrared'], default: 'white' },
  DistanceLevel: level(50),
};

/** The default value of every camera parameter, as strings. */
export function defaultCameraParams(): Record<string, string> {
  return Object.fromEntries(Object.entries(CAMERA_PARAMS).map(([k, d]) => [k, String(d.default)]));
}

/** Whether a value (a string, as the protocol sends it) is allowed for a parameter. */
export function cameraParamValid(name: string, value: string): boolean {
  const d = CAMERA_PARAMS[name];
  if (!d) return false;
  if (d.kind === 'choice') return d.options.includes(value);
  if (d.kind === 'time') return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
  if (!/^-?\d+$/.test(value)) return false;
  const n = Number(value);
  return n >= d.min && n <= d.max;
}
