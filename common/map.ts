/**
 * Maps (spec §3 Map/building, map element kinds, §4 map sync and processing, §9 map constants):
 * the names and numbers both the server and the console use, each as the spec names it.
 */

/** Map types (spec §3): single-layer 1, multi-layer 2, business 3, beautiful 4. */
export const MapType = { singleLayer: 1, multiLayer: 2, business: 3, beautiful: 4 } as const;

/** Every map type value. */
export const MAP_TYPES = Object.values(MapType);

/** Map processing states (spec §4): uploading, slicing, then done or failed. */
export const MapProcessState = { uploading: 'uploading', slicing: 'slicing', done: 'done', failed: 'failed' } as const;

/** A processing state. */
export type MapProcessStateName = (typeof MapProcessState)[keyof typeof MapProcessState];

/** Map sync to a robot (spec §4): not configured, syncing, success, failure. */
export const MapSyncState = { notConfigured: 0, syncing: 1, success: 2, failure: 3 } as const;

/** A sync state value. */
export type MapSyncStateValue = (typeof MapSyncState)[keyof typeof MapSyncState];

/** Map element kinds (spec §3). */
export const MapElementKind = {
  readOnly: 100,
  path: 101,
  chargePosition: 102,
  correctPosition: 103,
  initPosition: 104,
  singlePoint: 105,
  orbit: 106,
  interestPoint: 107,
  linkPoint: 108,
  transport: 109,
  specialArea: 110,
  waterStation: 111,
  specialDot: 112,
  inspectTask: 113,
  taskGroup: 114,
} as const;

/** A map element kind value. */
export type MapElementKindValue = (typeof MapElementKind)[keyof typeof MapElementKind];

/** Special area kinds (spec §3). */
export const SpecialAreaKind = { forbidden: 1, narrowRoad: 2, hill: 3, decelerationZone: 4, automaticDoor: 5 } as const;

/** A special area kind value. */
export type SpecialAreaKindValue = (typeof SpecialAreaKind)[keyof typeof SpecialAreaKind];

/** Route kinds (spec §3): real route 1, scan 2. */
export const RouteKind = { realRoute: 1, scan: 2 } as const;

/** Map colours (spec §9). */
export const MapColours = {
  forbidden: '#FF0000',
  narrowRoad: '#BC5CFF',
  hill: '#FCFF05',
  decelerationZone: '#FFA305',
  automaticDoor: '#92FFF6',
  path: '#0000FF',
  default: '#00FF00',
  /** Ours (the spec gives the roller shutter no colour): a warm orange apart from every spec colour. */
  rollerShutter: '#FA541C',
} as const;

/** Special area colour by kind (spec §9). */
export const SPECIAL_AREA_COLOURS: Record<SpecialAreaKindValue, string> = {
  1: MapColours.forbidden,
  2: MapColours.narrowRoad,
  3: MapColours.hill,
  4: MapColours.decelerationZone,
  5: MapColours.automaticDoor,
};

/** Map processing estimates by layer in seconds (spec §9: 6 ≈ 20 s … 10 ≈ 48 min), for the console's hint. */
export const MAP_PROCESSING_ESTIMATE_S: Record<number, number> = { 6: 20, 7: 60, 8: 180, 9: 720, 10: 2880 };

/** Robot widths per model in millimetres (spec §9), by robot type; any other model: 3. */
export const ROBOT_WIDTHS_MM: Record<number, number> = { 1: 626, 2: 685, 3: 878, 6: 523 };
/** Robot width of a model the spec does not list (spec §9: "otherwise 3"). */
export const ROBOT_WIDTH_DEFAULT = 3;

/** Width of a robot model in millimetres (spec §9's constant for a model it does not list). */
export function robotWidthMm(robotType: number): number {
  return ROBOT_WIDTHS_MM[robotType] ?? ROBOT_WIDTH_DEFAULT;
}

/**
 * The width to show and draw for a robot (issue 22: the editor said "width 3 mm"): a listed model's
 * width in millimetres, or null for one the spec does not list (its "3" is a placeholder, not a
 * size: the editor says the width is not known and draws the marker at MARKER_DEFAULT_MM).
 */
export function knownRobotWidthMm(robotType: number): number | null {
  return ROBOT_WIDTHS_MM[robotType] ?? null;
}

/** Diameter of the map marker of a robot whose width is not known, in millimetres. */
export const MARKER_DEFAULT_MM = 600;

/** Fallback longitude/latitude used when a robot position cannot be converted (spec §3). */
export const MAP_FALLBACK_POSITION = { longitude: 121.4737, latitude: 31.2304 } as const;

/** Upload and processing guards (ours, not the spec's): a map bigger than this is refused before any work. */
export const MapGuards = {
  /** Largest pgm accepted, in pixels (5,000 × 5,000: 250 m square at 5 cm). */
  maxPixels: 25_000_000,
  /** Largest pgm file accepted (a 16-bit P5 of maxPixels, with header room). */
  maxPgmBytes: 60 * 1024 * 1024,
  /** Largest yaml file accepted. */
  maxYamlBytes: 64 * 1024,
  /** Tile edge in pixels. */
  tileSize: 256,
} as const;

/** Realtime topic of a company's map processing and sync pushes. */
export const mapsTopic = (companyId: number): string => `maps/${companyId}`;

/** Point-of-interest limits (spec §5, §9). */
export const PoiLimits = {
  actionsPerPoint: 5,
  pointsPerTaskSetting: 5,
  pointsPerExplanationTaskMax: 14,
  pointsPerExplanationTaskMin: 2,
  picturesPerPoint: 5,
  pictureMaxBytes: 512 * 1024,
  pictureTypes: ['png', 'jpg', 'jpeg'],
  captureCountMin: 1,
  /** Head-tilt pitch angle in degrees (ours: the spec names the field, not its range; a head looks at most straight up or down). */
  pitchAngleMin: -90,
  pitchAngleMax: 90,
  /** Ours: the longest a robot dwells at a point, in seconds (one hour). */
  dwellSecondsMax: 3600,
  /** Ours: the longest introduction text a point carries. */
  introductionMaxLength: 500,
  /** Ours: lift device numbers and elevator names are short codes (letters, digits, '-'). */
  codeMaxLength: 32,
  /** Ours: the widest grid spacing, in metres. */
  gridSpacingMax: 100,
} as const;

/** Icons a point of interest can show (spec §3 "icon"; the spec names no set, these are ours). */
export const POI_ICONS = ['pin', 'flag', 'star', 'info', 'camera', 'bell', 'home', 'fire'] as const;

/** Cameras an action can use (capture, detection, preset): front, back, left, right, infrared. */
export const POI_CAMERAS = ['front', 'back', 'left', 'right', 'infrared'] as const;

/** Transport point kinds (spec §3 "transport point (normal, ramp, lift)"), stored as props.transportKind of kind 109. */
export const TRANSPORT_KINDS = ['normal', 'ramp', 'lift'] as const;

/** A transport point kind. */
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/**
 * Special dot kinds stored as props.dotKind of kind 112 (specialDot). The spec lists a roller
 * shutter among "other navigation items" but gives it no element kind number, so a roller
 * shutter is a specialDot of two points (the shutter's line) with dotKind 'rollerShutter'.
 */
export const SpecialDotKind = { rollerShutter: 'rollerShutter' } as const;

/** Point-of-interest types (spec §3). */
export const POI_TYPES = ['welcome', 'interest', 'explain', 'delivery', 'fireOut', 'liftIn', 'inLift'] as const;

/** Point-of-interest actions (spec §3/§5): head tilt and capture once per point; media needs a file. */
export const POI_ACTIONS = ['headTilt', 'capture', 'media', 'broadcast', 'wait', 'preset', 'detect'] as const;
