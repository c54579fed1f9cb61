/** The point-of-interest rules of spec §5, for the point form and for explanation tasks. */
import { PoiLimits, type POI_ACTIONS, type POI_TYPES } from '@common/map';
import type { RuleError } from '@common/map-elements';
import { MAX_PRESET, presetProblem } from '@common/robot-control';

/** One action of a point. */
export interface PoiAction {
  action: (typeof POI_ACTIONS)[number];
  /** media: the media file id. */
  mediaId?: string | number | null;
  /** capture: how many pictures, and the interval list ("1,2,3"). */
  captureCount?: number;
  intervals?: string;
  /** preset: the preset entry (digits only; 2, 45, 49 reserved). */
  preset?: string;
}

/** A point of interest (spec §3), the fields the rules look at. */
export interface Poi {
  name: string;
  type: (typeof POI_TYPES)[number];
  robotId?: string;
  actions: PoiAction[];
  pictures?: { name: string; size: number; url?: string }[];
  /** An explanation point's task: the names of the points it explains, in order (2 to 14). */
  explainPoints?: string[];
}

const ONCE: PoiAction['action'][] = ['headTilt', 'capture'];
const NUMBER_LIST = /^\d+(\.\d+)?(,\d+(\.\d+)?)*$/;

/** The first rule a point breaks, or null. `others` are the other points (one welcome point per robot). */
export function poiProblem(p: Poi, others: Poi[] = []): RuleError | null {
  if (!p.name.trim()) return { key: 'poiNameRequired' };
  if (p.actions.length > PoiLimits.actionsPerPoint) return { key: 'poiTooManyActions', vars: { limit: PoiLimits.actionsPerPoint } };
  for (const once of ONCE) if (p.actions.filter((a) => a.action === once).length > 1) return { key: 'poiActionOnce', vars: { action: once } };
  for (const a of p.actions) {
    if (a.action === 'media' && (a.mediaId === undefined || a.mediaId === null || a.mediaId === '')) return { key: 'poiMediaRequired' };
    if (a.action === 'capture') {
      if (!Number.isInteger(a.captureCount) || a.captureCount! < PoiLimits.captureCountMin) return { key: 'poiCaptureCount' };
      if (a.intervals !== undefined && a.intervals !== '' && !NUMBER_LIST.test(a.intervals)) return { key: 'poiNumberList', vars: { field: 'intervals' } };
    }
    if (a.action === 'preset') {
      const problem = presetProblem(a.preset ?? '');
      if (problem) return { key: problem, vars: { limit: MAX_PRESET } };
    }
  }
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
  if (p.type === 'welcome' && others.some((o) => o.type === 'welcome' && o.robotId === p.robotId && o !== p)) return { key: 'poiOneWelcome' };
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
