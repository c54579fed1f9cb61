/**
 * The point-of-interest fields of spec §3 and their rules of spec §5, for the editor's point form,
 * for explanation tasks and for the server's save check (one implementation on both sides).
 */
import { DETECTION_KINDS, type DetectionKind } from './detections';
import { FORMATS } from './formats';
import { MapElementKind, POI_CAMERAS, POI_ICONS, POI_TYPES, PoiLimits, type POI_ACTIONS } from './map';
import type { MapElement, RuleError } from './map-elements';
import { MAX_PRESET, presetProblem } from './robot-control';

/** A camera an action uses. */
export type PoiCamera = (typeof POI_CAMERAS)[number];

/** One action of a point. */
export interface PoiAction {
  action: (typeof POI_ACTIONS)[number];
  /** media: the media entry id (a file of the company's media list). */
  mediaId?: string | number | null;
  /** capture: how many pictures, and the interval list ("1,2,3"). */
  captureCount?: number;
  intervals?: string;
  /** preset: the preset entry (digits only; 2, 45, 49 reserved). */
  preset?: string;
  /** headTilt: the pitch angle in degrees. */
  pitchAngle?: number;
  /** capture, detect, preset: the camera used. */
  camera?: PoiCamera;
  /** detect: what is detected. */
  detectionType?: DetectionKind;
}

/** A point of interest (spec §3). */
export interface Poi {
  name: string;
  type: (typeof POI_TYPES)[number];
  /** The robot of a welcome point (required there: one welcome point per robot). */
  robotId?: string;
  actions: PoiAction[];
  pictures?: { name: string; size: number; url?: string }[];
  /** An explanation point's task: the names of the points it explains, in order (2 to 14). */
  explainPoints?: string[];
  icon?: (typeof POI_ICONS)[number];
  /** How long the robot stays at the point, seconds. */
  dwellSeconds?: number | null;
  introduction?: string;
  /** Lift points: the lift controller's device number, and which elevator. */
  liftDeviceNumber?: string;
  elevator?: string;
  phone?: string;
  /** Grid spacing in metres. */
  gridSpacing?: number | null;
}

const ONCE: PoiAction['action'][] = ['headTilt', 'capture'];
const NUMBER_LIST = /^\d+(\.\d+)?(,\d+(\.\d+)?)*$/;
const CODE = new RegExp(`^[A-Za-z0-9-]{0,${PoiLimits.codeMaxLength}}$`);
const ACTIONS_WITH_CAMERA: PoiAction['action'][] = ['capture', 'detect', 'preset'];

const has = (v: unknown) => v !== undefined && v !== null && v !== '';
const inRange = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const invalid = (p: Poi, detail: string): RuleError => ({ key: 'mapElementInvalid', vars: { name: p.name, detail } });

/** The first rule an action breaks, or null. */
function actionProblem(p: Poi, a: PoiAction): RuleError | null {
  if (a.action === 'media' && !has(a.mediaId)) return { key: 'poiMediaRequired' };
  if (a.action === 'headTilt' && !inRange(a.pitchAngle, PoiLimits.pitchAngleMin, PoiLimits.pitchAngleMax)) return { key: 'poiPitchAngle', vars: { min: PoiLimits.pitchAngleMin, max: PoiLimits.pitchAngleMax } };
  if (a.action === 'capture') {
    if (!Number.isInteger(a.captureCount) || a.captureCount! < PoiLimits.captureCountMin) return { key: 'poiCaptureCount' };
    if (a.intervals !== undefined && a.intervals !== '' && !NUMBER_LIST.test(a.intervals)) return { key: 'poiNumberList', vars: { field: 'intervals' } };
  }
  if (a.action === 'preset') {
    const problem = presetProblem(a.preset ?? '');
    if (problem) return { key: problem, vars: { limit: MAX_PRESET } };
  }
  if (a.action === 'detect') {
    if (!has(a.detectionType)) return { key: 'poiDetectionType' };
    if (!(DETECTION_KINDS as readonly string[]).includes(a.detectionType!)) return invalid(p, 'unknown detection type');
  }
  if (has(a.camera) && (!ACTIONS_WITH_CAMERA.includes(a.action) || !(POI_CAMERAS as readonly string[]).includes(a.camera!))) return invalid(p, 'unknown camera');
  return null;
}

/** The first rule a point breaks, or null. `others` are the other points (one welcome point per robot). */
export function poiProblem(p: Poi, others: Poi[] = []): RuleError | null {
  if (!p.name.trim()) return { key: 'poiNameRequired' };
  if (!(POI_TYPES as readonly string[]).includes(p.type)) return invalid(p, 'unknown point type');
  if (p.type === 'welcome' && !p.robotId) return { key: 'poiWelcomeRobot' };
  if (!Array.isArray(p.actions)) return invalid(p, 'actions must be a list');
  if (p.actions.length > PoiLimits.actionsPerPoint) return { key: 'poiTooManyActions', vars: { limit: PoiLimits.actionsPerPoint } };
  for (const once of ONCE) if (p.actions.filter((a) => a.action === once).length > 1) return { key: 'poiActionOnce', vars: { action: once } };
  for (const a of p.actions) {
    const problem = actionProblem(p, a);
    if (problem) return problem;
  }
  if (has(p.icon) && !(POI_ICONS as readonly string[]).includes(p.icon!)) return invalid(p, 'unknown icon');
  if (has(p.dwellSeconds) && !inRange(p.dwellSeconds, 0, PoiLimits.dwellSecondsMax)) return { key: 'poiDwellSeconds', vars: { max: PoiLimits.dwellSecondsMax } };
  if ((p.introduction ?? '').length > PoiLimits.introductionMaxLength) return { key: 'poiIntroductionTooLong', vars: { limit: PoiLimits.introductionMaxLength } };
  if (!CODE.test(p.liftDeviceNumber ?? '')) return { key: 'poiLiftDevice', vars: { limit: PoiLimits.codeMaxLength } };
  if (!CODE.test(p.elevator ?? '')) return { key: 'poiElevator', vars: { limit: PoiLimits.codeMaxLength } };
  if (!FORMATS.phone!.validate(p.phone ?? '')) return { key: 'format.phone' };
  if (has(p.gridSpacing) && !inRange(p.gridSpacing, 0, PoiLimits.gridSpacingMax)) return { key: 'poiGridSpacing', vars: { max: PoiLimits.gridSpacingMax } };
  const pictures = p.pictures ?? [];
  if (pictures.length > PoiLimits.picturesPerPoint) return { key: 'poiTooManyPictures', vars: { limit: PoiLimits.picturesPerPoint } };
  for (const pic of pictures) {
    const ext = pic.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(PoiLimits.pictureTypes as readonly string[]).includes(ext)) return { key: 'poiPictureType' };
    if (pic.size > PoiLimits.pictureMaxBytes) return { key: 'poiPictureTooLarge' };
  }
  if (p.type === 'explain') {
    const problem = taskPointsProblem('explain', (p.explainPoints ?? []).length);
    if (problem) return problem;
  }
  if (p.type === 'welcome' && others.some((o) => o !== p && o.type === 'welcome' && o.robotId === p.robotId)) return { key: 'poiOneWelcome' };
  return null;
}

/** Whether a picture may join a point's pictures (type, size, count), before it is uploaded. */
export function pictureProblem(pictures: { name: string; size: number }[], file: { name: string; size: number }): RuleError | null {
  const problem = poiProblem({ name: 'picture', type: 'interest', actions: [], pictures: [...pictures, file] });
  return problem && problem.key !== 'poiNameRequired' ? problem : null;
}

/** An explanation task holds 2 to 14 points; any other task setting at most 5. */
export function taskPointsProblem(kind: 'explain' | 'task', count: number): RuleError | null {
  if (kind === 'explain') {
    if (count > PoiLimits.pointsPerExplanationTaskMax) return { key: 'poiExplainTooMany', vars: { limit: PoiLimits.pointsPerExplanationTaskMax } };
    if (count < PoiLimits.pointsPerExplanationTaskMin) return { key: 'poiExplainTooFew', vars: { limit: PoiLimits.pointsPerExplanationTaskMin } };
    return null;
  }
  return count > PoiLimits.pointsPerTaskSetting ? { key: 'poiTaskTooMany', vars: { limit: PoiLimits.pointsPerTaskSetting } } : null;
}

/** The point of interest an element (kind 107) holds: its props, with the element's name. */
export function elementPoi(e: Pick<MapElement, 'name' | 'props'>): Poi {
  const props = e.props as Partial<Poi>;
  return { ...props, name: e.name, type: props.type ?? 'interest', actions: props.actions ?? [] } as Poi;
}

/** Every point of interest of a map against the rules (the editor's save and the server's); the first broken one, or null. */
export function checkPois(elements: MapElement[]): RuleError | null {
  const points = elements.filter((e) => e.kind === MapElementKind.interestPoint);
  const pois = points.map(elementPoi);
  for (let i = 0; i < points.length; i++) {
    const problem = poiProblem(pois[i]!, pois);
    if (problem) return { ...problem, ids: [points[i]!.id] };
  }
  return null;
}
