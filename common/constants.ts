/** Business constants and limits of spec §9, each named as the spec names it. */

/** Timeouts in milliseconds. */
export const Timeouts = {
  mainInterfaceMs: 60_000,
  restClientMs: 30_000,
  chunkLoadMs: 120_000,
  debounceMs: 300,
  minLoadingOverlayMs: 750,
  preventReclickMs: 300,
  uploadSuccessMarkMs: 200,
} as const;

/** Realtime link timings (spec §4/§9). */
export const Realtime = {
  heartbeatMs: 5_000,
  missedHeartbeatTolerance: 3,
  reconnectMs: 10_000,
  maxReconnectAttempts: 4,
} as const;

/** Table paging. */
export const Paging = { defaultPageSize: 10, pageSizeOptions: [10, 20, 30], maxPageSize: 1000 } as const;

/** Field lengths. */
export const Lengths = {
  usernameMin: 5,
  usernameMax: 16,
  passwordMin: 6,
  passwordMax: 16,
  faceEntryPasswordMin: 6,
  faceEntryPasswordMax: 18,
  robotSerial: 10,
  textDefaultMax: 16,
} as const;

/** File limits in bytes or counts. */
export const Files = {
  uploadMaxBytes: 1024 * 1024 * 1024,
  logoMaxBytes: 512 * 1024,
  alarmIconMaxBytes: 100 * 1024,
  pointPictureMaxBytes: 512 * 1024,
  /** Not in the spec (our choice): a telecontrol snapshot, PNG or JPEG; a 1080p frame as JPEG is well under 1 MB. */
  snapPictureMaxBytes: 5 * 1024 * 1024,
  filesPerBatch: 50,
  facesPerBatch: 500,
  facesPerPerson: 9,
} as const;

/** Session and login security (not in the spec: our choices, documented in README). */
export const Security = {
  verificationCodeTtlMs: 5 * 60_000,
  tokenIdleMs: 2 * 60 * 60_000,
  tokenMaxAgeMs: 24 * 60 * 60_000,
  loginAttemptsPerIpPerMinute: 20,
  loginFailuresPerAccount: 5,
  loginLockMs: 5 * 60_000,
  /** Failed logins one address may make in a day, over all accounts (password spraying). */
  loginFailuresPerIpPerDay: 100,
  /** A console socket (/ws, /live/…, /live-mux) must send its auth message this soon after opening (no token in URLs). */
  socketAuthMs: 5_000,
  /** How long a signed file link (a map download, `?exp=…&sig=…`) stays valid. */
  fileLinkTtlMs: 5 * 60_000,
} as const;

/** Map constants. */
export const MapLimits = { minLayer: 6, maxLayer: 10, maxZoom: 8, zoomStep: 0.5 } as const;

/** Layout constants. */
export const Layout = { mobileViewportWidth: 1366, dialogZIndex: 1011, interfaceZIndex: 3000 } as const;

/** Video player constants (spec §4 video player, §8 player errors, §9 video). */
export const VideoPlayer = {
  reloadHintMs: 20_000,
  reloadHintH265Ms: 60_000,
  networkRetryMs: 3_000,
  /** Spec §8: H265 errors, time-outs and play-failed restart after 2 s. */
  h265RestartMs: 2_000,
  /** Spec §9 "H265 … timeout 20": an H265 stream still loading after 20 s is a time-out. */
  h265LoadTimeoutMs: 20_000,
  /** Spec §8 "early end of stream resets every 10 s": a live stream the server ended restarts after this. */
  endOfStreamRestartMs: 10_000,
  /** Jump to live when the buffer is more than this far ahead of playback. */
  catchUpSeconds: 2,
  /** Most cameras one reqVideoStreams call may ask for (a wall or a dashboard shows at most 16). */
  streamsPerCall: 16,
  /** Spec §9 "volume default 100, opening sets 50": a player's volume (0-100) when it opens. */
  defaultVolume: 100,
  openingVolume: 50,
} as const;

/** Dashboard (spec §5, §9): at most 16 cameras; at least 1 camera and 1 map. */
export const MONITORING_MAX_CAMERAS = 16;

/**
 * Spec §4 "Collision mode" and §9 "Safe collision mode: stop 30 s, fault after 3 consecutive
 * collisions". Modes are the values of schemas/enums/collision-mode.json; the robot settings
 * (robotSetting › collision) may change the stop time and the count. Consecutive: each within
 * `consecutiveWindowMs` of the one before (the settings' collisionWindowSeconds default).
 */
export const Collision = {
  modeNormal: 1,
  modeSafe: 2,
  safeModeStopMs: 30_000,
  faultAfterConsecutive: 3,
  consecutiveWindowMs: 60_000,
} as const;

/** Environment readings a robot with environment-detection modules reports (spec §3 modules; units °C, %RH, ppm, µg/m³, ppm, ppm). */
export const ENVIRONMENT_MODULES = ['temperature', 'humidity', 'smoke', 'pm', 'methane', 'hydrogenFluoride'] as const;

/** Spec §8: per-camera error report codes 0-4 are 4402-4406 (camera n reports 4402 + n); each restarts that camera's player. */
export const CAMERA_ERROR_CODE_BASE = 4402;
